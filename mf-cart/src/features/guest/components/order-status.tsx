import { formatPrice, routes } from '@prepper/shared';
import {
  addressOneLine,
  describeOrderEvent,
  orderStatusLabel,
  paymentStatusLabel,
  type Order,
} from '@prepper/shared/orders';
import { Link } from 'react-router-dom';
import { TotalsList } from '../../../components/totals-list';
import { texts } from '../../../texts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** One order as its lookup link shows it: number, status, payment, lines, totals, address, history. */
export function OrderStatus({ order }: { order: Order }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {texts.orderStatus.title} <span data-testid="order-number">{order.orderNumber}</span>
      </h1>
      <dl className="mt-6 grid grid-cols-2 gap-4 rounded-xl bg-slate-50 p-5 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">{texts.orderStatus.status}</dt>
          <dd className="font-semibold text-slate-900" data-testid="order-status">
            {orderStatusLabel(order.status)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{texts.orderStatus.payment}</dt>
          <dd className="font-semibold text-slate-900">{paymentStatusLabel(order.paymentStatus)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{texts.orderStatus.placedOn}</dt>
          <dd className="font-medium text-slate-900">{dateFormat.format(new Date(order.createdAt))}</dd>
        </div>
      </dl>
      <section aria-labelledby="order-status-items" className="mt-6 rounded-xl border border-slate-200 p-5">
        <h2 id="order-status-items" className="mb-3 text-lg font-bold text-slate-900">
          {texts.orderStatus.items}
        </h2>
        <ul className="divide-y divide-slate-200 text-sm">
          {order.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-4 py-2.5">
              <span className="text-slate-800">
                {item.productName}
                <span className="block text-slate-500">
                  {texts.checkout.quantityTimes(item.quantity, formatPrice(item.unitPrice))}
                </span>
              </span>
              <span className="font-medium text-slate-900">{formatPrice(item.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <div className="mt-3 border-t border-slate-200 pt-3">
          <TotalsList totals={order} testIdPrefix="order-status" />
        </div>
      </section>
      {order.shippingAddress ? (
        <section
          aria-labelledby="order-status-address"
          className="mt-6 rounded-xl border border-slate-200 p-5"
        >
          <h2 id="order-status-address" className="mb-2 text-lg font-bold text-slate-900">
            {texts.orderStatus.shipTo}
          </h2>
          <p className="text-sm text-slate-700">{addressOneLine(order.shippingAddress)}</p>
        </section>
      ) : null}
      {order.events.length > 0 ? (
        <ol className="mt-6 space-y-1 text-sm text-slate-700">
          {order.events.map((event) => (
            <li key={event.id}>
              {dateFormat.format(new Date(event.createdAt))}: {describeOrderEvent(event)}
            </li>
          ))}
        </ol>
      ) : null}
      <Link
        to={routes.products}
        className="mt-8 inline-block rounded-lg border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600"
      >
        {texts.orderStatus.continueShopping}
      </Link>
    </div>
  );
}
