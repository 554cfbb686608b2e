import { routes, toast } from '@prepper/shared';
import {
  daysUntil,
  groupSupplies,
  supplyMarkLabel,
  supplyStatus,
  type SupplyMark,
} from '@prepper/shared/supplies';
import { Link } from 'react-router-dom';
import { texts } from '../../../texts';
import type { MySupply } from '../api/get-my-supplies';
import { useMarkSupply } from '../api/mark-supply';
import { formatDay } from '../lib/format-day';
import { SupplyStatusBadge } from './supply-status-badge';

const t = texts.supplies;

function MarkSelect({ item, productName }: { item: MySupply; productName: string }) {
  const { mutate, busy } = useMarkSupply();
  async function change(value: string) {
    const mark = value === '' ? null : (value as SupplyMark);
    const outcome = await mutate(item.itemId, mark);
    if (!outcome.ok) toast.error(t.markFailed);
    else toast.success(mark ? t.marked(supplyMarkLabel[mark]) : t.unmarked);
  }
  return (
    <select
      aria-label={t.markLabel(productName, item.lotCode)}
      value={item.mark ?? ''}
      disabled={busy}
      onChange={(event) => void change(event.target.value)}
      className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-orange-600 disabled:opacity-60"
    >
      <option value="">{t.inHandOption}</option>
      <option value="used_up">{t.usedUp}</option>
      <option value="given_away">{t.givenAway}</option>
    </select>
  );
}

/** The supplies grouped by product, what expires first on top; each lot with its status and mark. */
export function SupplyList({ items, today }: { items: readonly MySupply[]; today: string }) {
  const groups = groupSupplies(items);
  return (
    <ul className="space-y-4" aria-label={t.title}>
      {groups.map((group) => (
        <li key={group.key} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <article aria-labelledby={`supply-${group.key}`} data-testid="supply-group">
            <header className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id={`supply-${group.key}`} className="text-lg font-semibold text-slate-900">
                {group.items[0]?.productSlug ? (
                  <Link
                    to={routes.productBySlug(group.items[0].productSlug)}
                    className="hover:text-orange-700 focus-visible:outline-2 focus-visible:outline-orange-600"
                  >
                    {group.productName}
                  </Link>
                ) : (
                  group.productName
                )}
              </h2>
              <p className="text-sm text-slate-600">
                {group.quantity > 0 ? t.inHand(group.quantity) : t.noneInHand}
              </p>
            </header>
            <ul className="mt-3 divide-y divide-slate-100">
              {group.items.map((item) => {
                const days = daysUntil(item.bestBefore, today) ?? 0;
                return (
                  <li
                    key={item.itemId}
                    data-testid="supply-item"
                    className={`flex flex-wrap items-center gap-x-4 gap-y-2 py-3 ${item.mark ? 'opacity-60' : ''}`}
                  >
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-slate-900">
                        {t.units(item.quantity)} · {t.lot(item.lotCode)}
                      </p>
                      <p className="text-sm text-slate-600">
                        {t.bestBefore(formatDay(item.bestBefore))} · {t.daysLeft(days)} ·{' '}
                        <Link
                          to={routes.accountOrder(item.orderId)}
                          className="underline hover:text-orange-700 focus-visible:outline-2 focus-visible:outline-orange-600"
                        >
                          {t.order(item.orderNumber)}
                        </Link>
                      </p>
                      {item.remindedAt ? (
                        <p className="text-xs text-slate-500">
                          {t.reminded(formatDay(item.remindedAt.slice(0, 10)))}
                        </p>
                      ) : null}
                    </div>
                    {item.mark ? null : <SupplyStatusBadge status={supplyStatus(item.bestBefore, today)} />}
                    <MarkSelect item={item} productName={group.productName} />
                  </li>
                );
              })}
            </ul>
          </article>
        </li>
      ))}
    </ul>
  );
}
