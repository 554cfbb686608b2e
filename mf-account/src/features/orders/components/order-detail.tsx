import { formatPrice, routes } from '@prepper/shared';
import { canCustomerCancel, paymentMethodLabel, type Order } from '@prepper/shared/orders';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { texts } from '../../../texts';
import { CancelOrder } from './cancel-order';
import { formatDate } from './format-date';
import { OrderStatusBadge, PaymentStatusBadge } from './order-badges';
import { OrderHistoryTimeline } from './order-history-timeline';

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={id} className="mb-3 font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One order: status and payment, lines and totals, address, payment method, history, and cancel while pending. */
export function OrderDetail({ order, onChanged }: { order: Order; onChanged: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const previousStatus = useRef(order.status);
  useEffect(() => {
    // Cancelling removes the button that had the focus: give it to the order's heading instead.
    if (previousStatus.current !== order.status) heading.current?.focus();
    previousStatus.current = order.status;
  }, [order.status]);

  const address = order.shippingAddress;
  const totals: Array<[string, string]> = [
    [texts.orders.subtotal, formatPrice(order.subtotal)],
    ...(order.discount > 0
      ? [[texts.orders.discount(order.discountCode), `−${formatPrice(order.discount)}`] as [string, string]]
      : []),
    [texts.orders.shipping, order.shipping === 0 ? texts.orders.free : formatPrice(order.shipping)],
    [texts.orders.tax, formatPrice(order.tax)],
  ];

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <Link
        to={routes.accountOrders}
        className="text-sm font-semibold text-orange-700 hover:underline focus-visible:outline-2 focus-visible:outline-orange-600"
      >
        ← {texts.orders.backToOrders}
      </Link>
      <header className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-bold text-slate-900 outline-none sm:text-3xl"
          >
            {texts.orders.detailTitle(order.orderNumber)}
          </h1>
          <p className="mt-1 text-sm text-slate-500">{texts.orders.placedOn(formatDate(order.createdAt))}</p>
        </div>
        <dl className="flex flex-wrap gap-4 text-sm">
          <div className="flex items-center gap-2">
            <dt className="text-slate-500">{texts.orders.status}</dt>
            <dd>
              <OrderStatusBadge status={order.status} />
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="text-slate-500">{texts.orders.payment}</dt>
            <dd>
              <PaymentStatusBadge status={order.paymentStatus} />
            </dd>
          </div>
        </dl>
      </header>
      {order.paymentStatus === 'refund_pending' ? (
        <p role="status" className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {texts.orders.refundDue}
        </p>
      ) : null}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          <Panel id="order-items" title={texts.orders.items}>
            <ul className="divide-y divide-slate-100">
              {order.items.map((item) => (
                <li
                  key={item.id}
                  className="flex justify-between gap-4 py-3 text-sm"
                  data-testid="order-line"
                >
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{item.productName}</span>
                    <span className="text-slate-500">
                      {texts.orders.quantityTimes(item.quantity, formatPrice(item.unitPrice))}
                    </span>
                  </span>
                  <span className="shrink-0 font-semibold text-slate-900">{formatPrice(item.lineTotal)}</span>
                </li>
              ))}
            </ul>
            <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm">
              {totals.map(([label, value]) => (
                <div key={label} className="flex justify-between text-slate-600">
                  <dt>{label}</dt>
                  <dd className="text-slate-900">{value}</dd>
                </div>
              ))}
              <div className="flex justify-between pt-1 text-base font-bold text-slate-900">
                <dt>{texts.orders.total}</dt>
                <dd data-testid="order-detail-total">{formatPrice(order.total)}</dd>
              </div>
            </dl>
          </Panel>
          <Panel id="order-history" title={texts.orders.history}>
            <OrderHistoryTimeline events={order.events} />
          </Panel>
        </div>

        <div className="space-y-6">
          {canCustomerCancel(order.status) ? <CancelOrder order={order} onRefused={onChanged} /> : null}
          {order.tracking ? (
            <Panel id="order-tracking" title={texts.orders.tracking}>
              <dl className="space-y-1 text-sm text-slate-700" data-testid="order-tracking">
                <div className="flex justify-between gap-2">
                  <dt className="text-slate-500">{texts.orders.carrier}</dt>
                  <dd>{order.tracking.carrierLabel}</dd>
                </div>
                <div className="flex justify-between gap-2">
                  <dt className="text-slate-500">{texts.orders.trackingNumber}</dt>
                  <dd className="font-medium break-all text-slate-900">{order.tracking.number}</dd>
                </div>
              </dl>
              {order.tracking.url ? (
                <a
                  href={order.tracking.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-3 inline-block text-sm font-medium text-orange-700 hover:underline"
                >
                  {texts.orders.trackParcel}
                </a>
              ) : null}
            </Panel>
          ) : null}
          <Panel id="order-address" title={texts.orders.shippingAddress}>
            {address ? (
              <address className="text-sm leading-6 text-slate-700 not-italic" data-testid="order-address">
                <span className="block font-medium text-slate-900">{address.full_name}</span>
                <span className="block">{address.line1}</span>
                {address.line2 ? <span className="block">{address.line2}</span> : null}
                <span className="block">
                  {address.city}, {address.region} {address.postal_code}
                </span>
                <span className="block">{address.country}</span>
                <span className="block">{address.phone}</span>
              </address>
            ) : null}
          </Panel>
          <Panel id="order-payment" title={texts.orders.paymentMethod}>
            <p className="text-sm text-slate-700">{paymentMethodLabel(order.paymentMethod)}</p>
          </Panel>
        </div>
      </div>
    </div>
  );
}
