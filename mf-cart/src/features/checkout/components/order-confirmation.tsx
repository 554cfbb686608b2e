import { CheckIcon } from '@heroicons/react/24/outline';
import { formatPrice, routes } from '@prepper/shared';
import { type Order } from '@prepper/shared/orders';
import type { ReactNode } from 'react';
import { PRIMARY_ACTION } from '@prepper/shared/ui';
import { Link } from 'react-router-dom';
import { TotalsList } from '../../../components/totals-list';
import { texts } from '../../../texts';
import { paymentOption } from '../payment/payment-methods';
import { CardPaymentStatus } from './card-payment-status';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

function Card({ title, children, id }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id={id} className="mb-3 text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The placed order: number, how to pay and what happens next, lines, totals and where it goes. A guest's
 * order links to its lookup page (a guest has no order history) and shows `children` (the offer to
 * create an account) above the links.
 */
export function OrderConfirmation({
  order,
  guest = false,
  children,
}: {
  order: Order;
  guest?: boolean;
  children?: ReactNode;
}) {
  const payment = paymentOption(order.paymentMethod);
  const address = order.shippingAddress;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="text-center">
        <div
          aria-hidden="true"
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-700"
        >
          <CheckIcon className="h-8 w-8" strokeWidth={2.5} />
        </div>
        <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{texts.confirmation.title}</h1>
        <p className="mt-2 text-slate-600">{texts.confirmation.lead(order.email ?? '')}</p>
      </header>

      <dl className="mt-8 grid grid-cols-2 gap-4 rounded-xl bg-slate-50 p-5 text-sm sm:grid-cols-4">
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-slate-500">{texts.confirmation.orderNumber}</dt>
          <dd className="text-lg font-bold text-slate-900" data-testid="order-number">
            {order.orderNumber}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{texts.confirmation.placedOn}</dt>
          <dd className="font-medium text-slate-900">{dateFormat.format(new Date(order.createdAt))}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{texts.total}</dt>
          <dd className="font-medium text-slate-900">{formatPrice(order.total)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{texts.confirmation.payment}</dt>
          <dd className="font-medium text-slate-900">{payment.label}</dd>
        </div>
      </dl>

      <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2">
        <Card id="confirmation-pay" title={texts.confirmation.howToPay}>
          <p className="text-sm text-slate-700">{payment.payNow}</p>
          {payment.instructions === 'bank-details' ? (
            <dl
              className="mt-4 space-y-1.5 rounded-lg border border-slate-200 p-4 text-sm"
              data-testid="bank-details"
            >
              {[
                ...texts.payment.bankDetails,
                [texts.payment.reference, order.orderNumber] as const,
                [texts.payment.amount, formatPrice(order.total)] as const,
              ].map(([label, value]) => (
                <div key={label} className="flex flex-wrap justify-between gap-x-4">
                  <dt className="text-slate-500">{label}</dt>
                  <dd className="font-medium text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {payment.instructions === 'card' ? <CardPaymentStatus order={order} /> : null}
        </Card>
        <Card id="confirmation-next" title={texts.confirmation.nextSteps}>
          <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
            {payment.nextSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </Card>
        <Card id="confirmation-items" title={texts.confirmation.items}>
          <ul className="divide-y divide-slate-200 text-sm">
            {order.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-4 py-2.5" data-testid="confirmation-line">
                <span className="min-w-0 text-slate-800">
                  {item.productName}
                  <span className="block text-slate-500">
                    {texts.checkout.quantityTimes(item.quantity, formatPrice(item.unitPrice))}
                  </span>
                </span>
                <span className="shrink-0 font-medium text-slate-900">{formatPrice(item.lineTotal)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t border-slate-200 pt-3">
            <TotalsList totals={order} testIdPrefix="confirmation" />
          </div>
        </Card>
        <Card id="confirmation-address" title={texts.confirmation.shipTo}>
          {address ? (
            <address
              className="text-sm leading-6 text-slate-700 not-italic"
              data-testid="confirmation-address"
            >
              {[
                address.full_name,
                address.line1,
                address.line2,
                `${address.city}, ${address.region} ${address.postal_code}`,
                address.country,
                address.phone,
              ]
                .filter(Boolean)
                .map((row) => (
                  <span key={row} className="block">
                    {row}
                  </span>
                ))}
            </address>
          ) : null}
        </Card>
      </div>

      {children}

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link
          to={
            guest && order.lookupToken ? routes.orderStatus(order.lookupToken) : routes.accountOrder(order.id)
          }
          className={`text-center ${PRIMARY_ACTION}`}
        >
          {texts.confirmation.viewOrder}
        </Link>
        <Link
          to={routes.products}
          className="rounded-lg border border-slate-300 bg-white px-6 py-3 text-center font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600"
        >
          {texts.confirmation.continueShopping}
        </Link>
      </div>
    </div>
  );
}
