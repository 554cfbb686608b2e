import { useId, type ReactNode } from 'react';

/** A titled card of the product form; its heading names the region. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="space-y-4">{children}</div>
    </section>
  );
}
