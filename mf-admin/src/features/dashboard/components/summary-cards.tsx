import { formatPrice } from '@prepper/shared';
import { texts } from '../../../texts';
import {
  badgeText,
  PERIOD_DAYS,
  type DashboardStat,
  type DashboardStats,
  type StatKey,
} from '../lib/dashboard-stats';

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

function badgeTone(key: StatKey, stat: DashboardStat): string {
  if (key === 'products' || key === 'categories') {
    return stat.period.current > 0 ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-700';
  }
  const change = stat.change;
  if (change === null || change > 0) return 'bg-green-100 text-green-800';
  if (change < 0) return 'bg-red-100 text-red-800';
  return 'bg-slate-100 text-slate-700';
}

/**
 * What the badge is measured on: products and categories added in the last 30 days; orders, customers
 * and revenue of the last 30 days against the 30 before (the all-time total above counts every order,
 * revenue only sales: orders paid or still payable, as in the analytics).
 */
function badgeNote(key: StatKey, stat: DashboardStat, format: (value: number) => string): string {
  if (key === 'products' || key === 'categories') return `in the last ${PERIOD_DAYS} days`;
  return `last ${PERIOD_DAYS} days: ${format(stat.period.current)} vs ${format(stat.period.previous)}`;
}

/** The five summary cards with their badges (additions, or the last 30 days against the 30 before). */
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
            <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-500">
              <span
                className={`rounded-full px-2 py-0.5 font-semibold ${badgeTone(key, stat)}`}
                data-testid={`change-${key}`}
              >
                {badgeText(key, stat)}
              </span>
              <span>{badgeNote(key, stat, format)}</span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
