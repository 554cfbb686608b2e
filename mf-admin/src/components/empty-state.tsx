import type { ComponentType, SVGProps } from 'react';

export interface EmptyStateProps {
  /** A decorative icon (one of `icons`). */
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  hint: string;
}

/** What an admin list shows instead of rows when nothing matches. */
export function EmptyState({ icon: Icon, title, hint }: EmptyStateProps) {
  return (
    <div className="px-4 py-12 text-center">
      <Icon className="mx-auto h-10 w-10 text-slate-300" />
      <p className="mt-2 font-semibold text-slate-900">{title}</p>
      <p className="text-sm text-slate-500">{hint}</p>
    </div>
  );
}
