import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** Small print under the value, e.g. 'on this page'. */
  hint?: string;
  icon?: ReactNode;
  /** Tailwind classes for the icon badge, e.g. 'bg-green-100 text-green-700'. */
  tone?: string;
}

/** A summary tile: label, big value, optional hint and icon. */
export function StatCard({
  label,
  value,
  hint,
  icon,
  tone = 'bg-orange-100 text-orange-700',
}: StatCardProps) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center gap-3">
        {icon ? (
          <span
            className={`hidden h-10 w-10 shrink-0 items-center justify-center rounded-lg sm:flex ${tone}`}
            aria-hidden="true"
          >
            {icon}
          </span>
        ) : null}
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">{label}</p>
          <p className="text-2xl font-bold text-slate-900">{value}</p>
          {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
        </div>
      </div>
    </div>
  );
}
