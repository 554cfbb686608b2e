import { formatPrice } from '@prepper/shared';
import { texts } from '../../../texts';
import { formatChange, PERIOD_DAYS, type DashboardStats, type StatKey } from '../lib/dashboard-stats';

const CARDS: { key: StatKey; label: string; format: (value: number) => string }[] = [
  {
    key: 'products',
    label: texts.dashboard.cards.products,
    format: (value) => value.toLocaleString('en-US'),
  },
  {
    key: 'categories',
    label: texts.dashboard.cards.categories,
    format: (value) => value.toLocaleString('en-US'),
  },
  { key: 'orders', label: texts.dashboard.cards.orders, format: (value) => value.toLocaleString('en-US') },
  {
    key: 'customers',
    label: texts.dashboard.cards.customers,
    format: (value) => value.toLocaleString('en-US'),
  },
  { key: 'revenue', label: texts.dashboard.cards.revenue, format: formatPrice },
];

function badgeTone(change: number | null): string {
  if (change === null || change > 0) return 'bg-green-100 text-green-800';
  if (change < 0) return 'bg-red-100 text-red-800';
  return 'bg-slate-100 text-slate-700';
}

/** The five summary cards with their change badges (last 30 days against the 30 before). */
export function SummaryCards({ stats }: { stats: DashboardStats }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5">
      {CARDS.map(({ key, label, format }) => {
        const stat = stats[key];
        return (
          <li
            key={key}
            aria-label={label}
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
          >
            <p className="text-sm font-medium text-slate-600">{label}</p>
            <p className="mt-1 text-2xl font-bold text-slate-900" data-testid={`stat-${key}`}>
              {format(stat.value)}
            </p>
            <p className="mt-2 flex items-center gap-2 text-xs text-slate-500">
              <span
                className={`rounded-full px-2 py-0.5 font-semibold ${badgeTone(stat.change)}`}
                data-testid={`change-${key}`}
              >
                {formatChange(stat.change)}
              </span>
              <span>vs previous {PERIOD_DAYS} days</span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
