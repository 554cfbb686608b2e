import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  subtitle?: string;
  /** Buttons or links on the right (e.g. 'Add Product'). */
  actions?: ReactNode;
  /** Above the title, e.g. a 'Back to Products' link. */
  back?: ReactNode;
}

/** The heading block of an admin page: optional back link, h1, subtitle and actions. */
export function PageHeader({ title, subtitle, actions, back }: PageHeaderProps) {
  return (
    <header className="mb-6">
      {back ? <div className="mb-3">{back}</div> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
