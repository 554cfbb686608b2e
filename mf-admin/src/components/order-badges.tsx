import { orderStatusLabel, paymentStatusLabel } from '@prepper/shared/orders';

const STATUS_TONES: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-800',
  processing: 'bg-blue-100 text-blue-800',
  shipped: 'bg-indigo-100 text-indigo-800',
  completed: 'bg-green-100 text-green-800',
  cancelled: 'bg-red-100 text-red-800',
};

const PAYMENT_TONES: Record<string, string> = {
  awaiting_payment: 'bg-orange-100 text-orange-800',
  paid: 'bg-green-100 text-green-800',
  refunded: 'bg-slate-200 text-slate-700',
};

const badge = 'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

/** An order's status as a coloured pill (unknown statuses neutral). */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <span
      data-status={status}
      className={`${badge} ${STATUS_TONES[status] ?? 'bg-slate-100 text-slate-700'}`}
    >
      {orderStatusLabel(status)}
    </span>
  );
}

/** An order's payment status as a coloured pill. */
export function PaymentStatusBadge({ status }: { status: string }) {
  return (
    <span
      data-payment-status={status}
      className={`${badge} ${PAYMENT_TONES[status] ?? 'bg-slate-100 text-slate-700'}`}
    >
      {paymentStatusLabel(status)}
    </span>
  );
}
