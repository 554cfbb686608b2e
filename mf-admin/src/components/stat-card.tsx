import type { ReactNode } from 'react';

/** The colour of a summary tile's icon badge. */
export type StatTone = 'orange' | 'green' | 'yellow' | 'blue' | 'red' | 'purple';

const TONES: Record<StatTone, string> = {
  orange: 'bg-orange-100 text-orange-700',
  green: 'bg-green-100 text-green-700',
  yellow: 'bg-yellow-100 text-yellow-700',
  blue: 'bg-blue-100 text-blue-700',
  red: 'bg-red-100 text-red-700',
  purple: 'bg-purple-100 text-purple-700',
};

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** Small print under the value, e.g. 'on this page'. */
  hint?: string;
  icon?: ReactNode;
  tone?: StatTone;
}

/** A summary tile: label, big value, optional hint and icon. */
export function StatCard({ label, value, hint, icon, tone = 'orange' }: StatCardProps) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center gap-3">
        {icon ? (
          <span
            className={`hidden h-10 w-10 shrink-0 items-center justify-center rounded-lg sm:flex ${TONES[tone]}`}
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
