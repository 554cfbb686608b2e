import { formatPrice, routes } from '@prepper/shared';
import {
  describeOrderEvent,
  paymentMethodLabel,
  SHIPPING_METHOD_LABELS,
  stripeDashboardPaymentUrl,
  type Order,
  type OrderEvent,
} from '@prepper/shared/orders';
import { Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useCallback, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  buttonStyles,
  DataTable,
  DetailUnavailable,
  icons,
  OrderStatusBadge,
  PageHeader,
  PaymentStatusBadge,
} from '../../components';
import { hasPermission, useCurrentAdmin } from '../../lib/current-admin';
import { formatDateTime } from '../../lib/format';
import { orderQuery, useOrder } from '../../features/orders/api/get-order';
import { orderTexts } from '../../features/orders/texts';
import { OrderActions } from '../../features/orders/components/order-actions';

const t = orderTexts.detail;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `order-panel-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-2 text-sm text-slate-700">{children}</div>
    </section>
  );
}

function Lines({ order }: { order: Order }) {
  const totals: [string, string][] = [
    [t.subtotal, formatPrice(order.subtotal)],
    ...(order.discount > 0
      ? [[t.discount(order.discountCode), `−${formatPrice(order.discount)}`] as [string, string]]
      : []),
    [t.shipping, order.shipping === 0 ? t.free : formatPrice(order.shipping)],
    [t.tax, formatPrice(order.tax)],
  ];
  return (
    <section
      aria-labelledby="order-lines-title"
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <h2
        id="order-lines-title"
        className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900"
      >
        {t.lines}
      </h2>
      <ul className="divide-y divide-slate-100 sm:hidden">
        {order.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3 px-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{item.productName}</p>
              <p className="text-xs text-slate-500">
                {t.quantity(item.quantity)} × {formatPrice(item.unitPrice)}
              </p>
            </div>
            <p className="font-medium whitespace-nowrap text-slate-900">{formatPrice(item.lineTotal)}</p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <DataTable
          columns={[
            { label: t.columns.product },
            { label: t.columns.unitPrice, align: 'right' },
            { label: t.columns.quantity, align: 'right' },
            { label: t.columns.lineTotal, align: 'right' },
          ]}
        >
          {order.items.map((item) => (
            <tr key={item.id}>
              <td className="px-4 py-3 font-medium text-slate-900">{item.productName}</td>
              <td className="px-4 py-3 text-right whitespace-nowrap">{formatPrice(item.unitPrice)}</td>
              <td className="px-4 py-3 text-right">{item.quantity}</td>
              <td className="px-4 py-3 text-right font-medium whitespace-nowrap text-slate-900">
                {formatPrice(item.lineTotal)}
              </td>
            </tr>
          ))}
        </DataTable>
      </div>
      <dl className="space-y-1 border-t border-slate-200 px-4 py-3 text-sm">
        {totals.map(([label, value]) => (
          <div key={label} className="flex justify-between text-slate-600">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="flex justify-between pt-1 text-base font-semibold text-slate-900">
          <dt>{t.total}</dt>
          <dd>{formatPrice(order.total)}</dd>
        </div>
      </dl>
    </section>
  );
}

function actorOf(event: OrderEvent): string {
  return event.actorEmail ?? t.roles[event.actorRole];
}

function History({ events }: { events: OrderEvent[] }) {
  return (
    <Panel title={t.history}>
      {events.length === 0 ? (
        <p>{t.noHistory}</p>
      ) : (
        <ol className="space-y-3">
          {[...events].reverse().map((event) => (
            <li key={event.id} className="border-l-2 border-orange-200 pl-3" data-event-kind={event.kind}>
              <p className="font-medium text-slate-900">{describeOrderEvent(event)}</p>
              <p className="text-xs text-slate-500">
                {t.by(actorOf(event))} ·{' '}
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
              </p>
              {event.note ? <p className="mt-1 text-slate-600">“{event.note}”</p> : null}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

function OrderView({ order }: { order: Order }) {
  const seesCustomers = hasPermission(useCurrentAdmin(), 'customers');
  const address = order.shippingAddress;
  return (
    <div>
      <PageHeader
        back={
          <Link to={routes.admin.orders} className={buttonStyles.back}>
            <icons.arrowLeft />
            {t.back}
          </Link>
        }
        title={t.title(order.orderNumber)}
        subtitle={t.placed(formatDateTime(order.createdAt))}
        actions={
          <div className="flex items-center gap-2">
            <OrderStatusBadge status={order.status} />
            <PaymentStatusBadge status={order.paymentStatus} />
          </div>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Lines order={order} />
          <History events={order.events} />
        </div>
        <div className="min-w-0 space-y-6">
          <OrderActions order={order} />
          {order.tracking ? (
            <Panel title={orderTexts.tracking.title}>
              <p>
                {orderTexts.tracking.carrier}: {order.tracking.carrierLabel}
              </p>
              <p className="break-all">
                {orderTexts.tracking.number}: <span className="font-medium">{order.tracking.number}</span>
              </p>
              {order.tracking.url ? (
                <a
                  href={order.tracking.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-2 inline-block font-medium text-orange-700 hover:underline"
                >
                  {orderTexts.tracking.open}
                </a>
              ) : null}
            </Panel>
          ) : null}
          <Panel title={t.customer}>
            {address?.full_name ? <p className="font-medium text-slate-900">{address.full_name}</p> : null}
            {order.email ? <p className="break-all">{order.email}</p> : null}
            {address?.phone ? <p>{address.phone}</p> : null}
            {order.userId && seesCustomers ? (
              <Link
                to={routes.admin.customer(order.userId)}
                className="mt-2 inline-block font-medium text-orange-700 hover:underline"
              >
                {t.viewCustomer}
              </Link>
            ) : null}
            {order.userId ? null : <p className="text-slate-500">{t.noAccount}</p>}
          </Panel>
          <Panel title={t.shippingAddress}>
            {address ? (
              <address className="not-italic">
                {address.full_name}
                <br />
                {address.line1}
                {address.line2 ? (
                  <>
                    <br />
                    {address.line2}
                  </>
                ) : null}
                <br />
                {[address.city, [address.region, address.postal_code].filter(Boolean).join(' ')]
                  .filter(Boolean)
                  .join(', ')}
                <br />
                {address.country}
              </address>
            ) : (
              <p className="text-slate-500">{t.noAddress}</p>
            )}
            <p className="mt-2 text-slate-500">
              {t.shippingMethod}: {SHIPPING_METHOD_LABELS[order.shippingMethod] ?? order.shippingMethod}
            </p>
          </Panel>
          <Panel title={t.payment}>
            <dl className="space-y-1">
              <div className="flex justify-between gap-2">
                <dt className="text-slate-500">{t.paymentMethod}</dt>
                <dd>{paymentMethodLabel(order.paymentMethod)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-slate-500">{t.paymentStatus}</dt>
                <dd>
                  <PaymentStatusBadge status={order.paymentStatus} />
                </dd>
              </div>
              {order.stripePaymentIntentId ? (
                <div className="flex flex-wrap justify-between gap-2">
                  <dt className="text-slate-500">{t.stripePayment}</dt>
                  <dd className="min-w-0 break-all">
                    <a
                      href={stripeDashboardPaymentUrl(order) ?? undefined}
                      target="_blank"
                      rel="noopener noreferrer"
                      title={orderTexts.card.dashboard}
                      className="font-mono text-orange-700 hover:underline"
                      data-testid="stripe-payment-id"
                    >
                      {order.stripePaymentIntentId}
                    </a>
                  </dd>
                </div>
              ) : null}
              {order.refundedAmount > 0 ? (
                <div className="flex justify-between gap-2">
                  <dt className="text-slate-500">{t.refundedSoFar}</dt>
                  <dd>{formatPrice(order.refundedAmount)}</dd>
                </div>
              ) : null}
            </dl>
          </Panel>
        </div>
      </div>
    </div>
  );
}

/** /admin/orders/:orderId: lines, totals, customer, address, payment, history and the actions. */
export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const state = useOrder(orderId);
  const reload = useCallback(() => orderQuery.invalidate(orderId), [orderId]);
  const order = state.data;
  useDocumentTitle(order ? `${t.title(order.orderNumber)} · Admin` : `${orderTexts.list.title} · Admin`);

  if (order) return <OrderView order={order} />;
  if (state.status === 'loading') return <Spinner label={t.loading} />;
  return (
    <DetailUnavailable
      back={{ to: routes.admin.orders, label: t.back }}
      error={state.error ?? null}
      texts={t}
      onRetry={reload}
    />
  );
}
