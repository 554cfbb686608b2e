import { useId, type ReactNode } from 'react';

/**
 * One section of /account/settings: a card with a heading, a line saying what it is for, and its
 * content. Every part of the page (name, e-mail, password, addresses, deletion) is one of these.
 */
export function SettingsSection({
  title,
  lead,
  tone = 'normal',
  children,
}: {
  title: string;
  lead?: string;
  /** 'danger' for what cannot be undone (deleting the account). */
  tone?: 'normal' | 'danger';
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border bg-white p-5 sm:p-6 ${tone === 'danger' ? 'border-red-200' : 'border-slate-200'}`}
    >
      <h2
        id={headingId}
        className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-700' : 'text-slate-900'}`}
      >
        {title}
      </h2>
      {lead ? <p className="mt-1 text-sm text-slate-600">{lead}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A form's outcome under its button: a status after success, an alert after a failure. */
export function FormMessage({ kind, children }: { kind: 'success' | 'error'; children: ReactNode }) {
  return kind === 'success' ? (
    <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
      {children}
    </p>
  ) : (
    <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
      {children}
    </p>
  );
}

export const SAVE_BUTTON =
  'rounded-lg bg-orange-600 px-5 py-2.5 font-semibold text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:opacity-60';
