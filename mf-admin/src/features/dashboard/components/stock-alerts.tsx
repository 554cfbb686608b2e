import { formatCount } from '@prepper/shared/format';
import { routes } from '@prepper/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useStockAlerts, type ExpiringLot, type LowStockProduct } from '../api/get-stock-alerts';

/** 'Mar 31, 2031' for '2031-03-31' (a calendar date: no time zone shift). */
function formatDay(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function daysLeft(days: number): string {
  if (days === 0) return 'today';
  return `in ${formatCount(days, 'day', 'days')}`;
}

function Panel({
  id,
  title,
  shown,
  total,
  empty,
  children,
}: {
  id: string;
  title: string;
  shown: number;
  total: number;
  empty: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex items-baseline justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {total > shown ? (
          <span className="text-xs text-slate-500">
            {shown} of {total}
          </span>
        ) : null}
      </div>
      {shown === 0 ? <p className="px-4 py-6 text-center text-sm text-slate-500">{empty}</p> : children}
    </section>
  );
}

const rowLink =
  'flex items-center justify-between gap-3 px-4 py-2.5 text-sm hover:bg-orange-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-orange-600';

function LowStockList({ products }: { products: LowStockProduct[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {products.map((product) => (
        <li key={product.productId}>
          <Link to={routes.admin.editProduct(product.productId)} className={rowLink}>
            <span className="min-w-0 truncate font-medium text-slate-900">{product.name}</span>
            <span
              className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                product.stockCount === 0 ? 'bg-red-100 text-red-800' : 'bg-yellow-100 text-yellow-800'
              }`}
            >
              {product.stockCount === 0 ? 'Out of stock' : `${product.stockCount} left`}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ExpiringList({ lots }: { lots: ExpiringLot[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {lots.map((lot) => (
        <li key={lot.lotId}>
          <Link to={routes.admin.editProduct(lot.productId)} className={rowLink}>
            <span className="min-w-0">
              <span className="block truncate font-medium text-slate-900">{lot.name}</span>
              <span className="block text-xs text-slate-500">
                Lot {lot.lotCode} · {formatCount(lot.quantity, 'unit', 'units')}
              </span>
            </span>
            <span
              className={`shrink-0 rounded-full px-2.5 py-0.5 text-right text-xs font-semibold ${
                lot.expired ? 'bg-red-100 text-red-800' : 'bg-yellow-100 text-yellow-800'
              }`}
            >
              {lot.expired
                ? `Expired ${formatDay(lot.bestBefore)}`
                : `${formatDay(lot.bestBefore)} (${daysLeft(lot.daysLeft)})`}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** "Low stock" and "Expiring soon" (products permission), each entry linking to the product's admin page. */
export function StockAlerts() {
  const { data, error } = useStockAlerts();
  if (error) {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800">
        The stock alerts could not be loaded: {error instanceof Error ? error.message : String(error)}
      </p>
    );
  }
  if (!data) return <div aria-hidden="true" className="h-40 animate-pulse rounded-lg bg-slate-200" />;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Panel
        id="low-stock-title"
        title="Low stock"
        shown={data.lowStock.length}
        total={data.lowStockTotal}
        empty="Every product has enough stock."
      >
        <LowStockList products={data.lowStock} />
      </Panel>
      <Panel
        id="expiring-soon-title"
        title="Expiring soon"
        shown={data.expiring.length}
        total={data.expiringTotal}
        empty={`No lot expires within ${data.expiringDays} days.`}
      >
        <ExpiringList lots={data.expiring} />
      </Panel>
    </div>
  );
}
