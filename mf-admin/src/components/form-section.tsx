import { useId, type ReactNode } from 'react';

const TONES = {
  plain: { box: 'border-slate-200 bg-white shadow-sm', title: 'text-slate-900' },
  info: { box: 'border-blue-200 bg-blue-50', title: 'text-blue-900' },
};

export interface FormSectionProps {
  title: string;
  /** Buttons beside the heading, e.g. 'Add Subcategory'. */
  actions?: ReactNode;
  /** `info`: a blue note box (e.g. the SEO preview). */
  tone?: keyof typeof TONES;
  children: ReactNode;
}

/** A titled card of an admin form; its heading names the region. */
export function FormSection({ title, actions, tone = 'plain', children }: FormSectionProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`rounded-lg border p-4 sm:p-6 ${TONES[tone].box}`}>
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 id={id} className={`text-lg font-semibold ${TONES[tone].title}`}>
          {title}
        </h2>
        {actions}
      </div>
      <div className="space-y-4">{children}</div>
    </section>
  );
}
