import { daysUntil, supplyStatus } from '@prepper/shared/supplies';
import { texts } from '../../../texts';
import type { MySupply } from '../api/get-my-supplies';
import { formatDay, formatMonth } from '../lib/format-day';
import { SupplyStatusBadge } from './supply-status-badge';

const t = texts.supplies;

const dots = { expired: 'bg-red-500', soon: 'bg-amber-500', fine: 'bg-green-500' } as const;

/**
 * The timeline: the supplies still in hand by the month their best-before falls in, the nearest first,
 * down a line with a dot per item coloured by its status.
 */
export function SupplyTimeline({ items, today }: { items: readonly MySupply[]; today: string }) {
  const inHand = items
    .filter((item) => item.mark === null)
    .sort((a, b) => a.bestBefore.localeCompare(b.bestBefore) || a.productName.localeCompare(b.productName));
  const months = new Map<string, MySupply[]>();
  for (const item of inHand) {
    const key = item.bestBefore.slice(0, 7);
    months.set(key, [...(months.get(key) ?? []), item]);
  }
  return (
    <ol className="relative ml-3 border-l-2 border-slate-200" aria-label={t.timelineView}>
      {[...months.entries()].map(([key, monthItems]) => (
        <li key={key} className="mb-6 ml-6" data-testid="timeline-month">
          <h2 className="text-base font-semibold text-slate-900">
            {t.timelineMonth(formatMonth(monthItems[0]!.bestBefore), monthItems.length)}
          </h2>
          <ul className="mt-2 space-y-2">
            {monthItems.map((item) => {
              const status = supplyStatus(item.bestBefore, today);
              return (
                <li key={item.itemId} className="relative rounded-lg border border-slate-200 bg-white p-3">
                  <span
                    aria-hidden="true"
                    className={`absolute top-4 -left-[2.1rem] h-3 w-3 rounded-full ring-4 ring-white ${dots[status]}`}
                  />
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-medium text-slate-900">
                      {item.productName} <span className="text-slate-500">× {item.quantity}</span>
                    </p>
                    <SupplyStatusBadge status={status} />
                  </div>
                  <p className="text-sm text-slate-600">
                    {t.bestBefore(formatDay(item.bestBefore))} ·{' '}
                    {t.daysLeft(daysUntil(item.bestBefore, today) ?? 0)} · {t.lot(item.lotCode)}
                  </p>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
