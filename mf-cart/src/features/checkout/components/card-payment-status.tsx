import type { Order } from '@prepper/shared/orders';
import { PRIMARY_ACTION } from '@prepper/shared/ui';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { texts } from '../../../texts';
import { placedOrderQuery } from '../api/get-placed-order';
import { useStartCardPayment } from '../payment/card-payment';

/** How often the confirmation asks again while Stripe's webhook has not settled the payment. */
const POLL_MS = 2000;

type CardState = 'processing' | 'paid' | 'refunded' | 'unpaid' | 'cancelled';

/**
 * Where a card order's payment stands: back from Stripe's page the order is "Payment processing" until
 * the webhook marks it paid, and the page asks again every 2 s (no reload) until it does. A customer
 * who cancelled on Stripe's page (or whose page could not open) sees the order unpaid with "Pay by card"
 * to try again; an expired payment page cancelled the order.
 */
export function cardState(order: Pick<Order, 'status' | 'paymentStatus'>, returnedPaid: boolean): CardState {
  if (order.paymentStatus === 'paid') return 'paid';
  if (order.paymentStatus === 'refunded' || order.paymentStatus === 'refund_pending') return 'refunded';
  if (order.status === 'cancelled') return 'cancelled';
  return returnedPaid ? 'processing' : 'unpaid';
}

export function CardPaymentStatus({ order }: { order: Order }) {
  const [params] = useSearchParams();
  const state = cardState(order, params.get('payment') === 'success');
  const start = useStartCardPayment();

  useEffect(() => {
    if (state !== 'processing') return;
    const timer = window.setInterval(() => placedOrderQuery.invalidate(order.id), POLL_MS);
    return () => window.clearInterval(timer);
  }, [state, order.id]);

  const title = {
    processing: texts.payment.cardProcessing,
    paid: texts.payment.cardPaid,
    refunded: texts.payment.cardRefunded,
    unpaid: texts.payment.cardUnpaid,
    cancelled: texts.payment.cardUnpaid,
  }[state];
  const lead = {
    processing: texts.payment.cardProcessingLead,
    paid: texts.payment.cardPaidLead,
    refunded: texts.payment.cardRefundedLead,
    unpaid: texts.payment.cardUnpaidLead,
    cancelled: texts.payment.cardCancelledLead,
  }[state];
  const tone = state === 'paid' ? 'border-green-200 bg-green-50' : 'border-slate-200 bg-slate-50';

  return (
    <div className={`mt-4 rounded-lg border p-4 text-sm ${tone}`} data-testid="card-payment">
      <p
        role="status"
        aria-live="polite"
        className="font-semibold text-slate-900"
        data-testid="card-payment-state"
      >
        {title}
      </p>
      <p className="mt-1 text-slate-700">{lead}</p>
      {state === 'unpaid' ? (
        <div className="mt-3">
          <button
            type="button"
            className={PRIMARY_ACTION}
            disabled={start.busy}
            onClick={() => void start.mutate(order.id)}
          >
            {start.busy ? texts.payment.cardStarting : texts.payment.cardTryAgain}
          </button>
          {start.error !== undefined ? (
            <p role="alert" className="mt-2 text-red-700">
              {texts.payment.cardStartFailed}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
