import { formatPrice, routes } from '@prepper/shared';
import { type Order } from '@prepper/shared/orders';
import { Link } from 'react-router-dom';
import { texts } from '../../../texts';
import { formatDate } from './format-date';
import { OrderStatusBadge, PaymentStatusBadge } from './order-badges';

const SHOWN_LINES = 3;

function linesSummary(order: Order): string {
  const shown = order.items.slice(0, SHOWN_LINES).map((item) => `${item.productName} × ${item.quantity}`);
  const more = order.items.length - SHOWN_LINES;
  return more > 0 ? `${shown.join(', ')} ${texts.orders.moreItems(more)}` : shown.join(', ');
}

/** The customer's orders as cards: number, date, status and payment, lines, where to, total. */
export function OrderList({ orders }: { orders: readonly Order[] }) {
  return (
    <ul className="space-y-4" aria-label={texts.orders.title}>
      {orders.map((order) => {
        const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
        const headingId = `order-${order.id}`;
        return (
          <li key={order.id} data-testid="order-card">
            <article
              aria-labelledby={headingId}
              className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-orange-300"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 id={headingId} className="text-lg font-bold text-slate-900">
                    {order.orderNumber}
                  </h2>
                  <p className="text-sm text-slate-500">
                    {texts.orders.placedOn(formatDate(order.createdAt))}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <OrderStatusBadge status={order.status} />
                  <PaymentStatusBadge status={order.paymentStatus} />
                </div>
              </div>
              <p className="mt-3 text-sm text-slate-700" data-testid="order-lines">
                <span className="font-medium">{texts.orders.itemCount(count)}:</span> {linesSummary(order)}
              </p>
              {order.shippingAddress ? (
                <p className="mt-1 text-sm text-slate-500">
                  {texts.orders.shipTo}: {order.shippingAddress.full_name}, {order.shippingAddress.city}
                </p>
              ) : null}
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
                <p className="text-slate-900">
                  <span className="text-sm text-slate-500">{texts.orders.total} </span>
                  <span className="text-lg font-bold" data-testid="order-total">
                    {formatPrice(order.total)}
                  </span>
                </p>
                <Link
                  to={routes.accountOrder(order.id)}
                  className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:border-orange-400 hover:bg-orange-50 focus-visible:outline-2 focus-visible:outline-orange-600"
                >
                  {texts.orders.viewOrder(order.orderNumber)}
                </Link>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
