import {
  orderStatusLabel,
  paymentStatusLabel,
  type OrderStatus,
  type PaymentStatus,
} from '@prepper/shared/orders';

const statusColours: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  processing: 'bg-sky-100 text-sky-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  completed: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-700',
  returned: 'bg-slate-200 text-slate-700',
};

const paymentColours: Record<PaymentStatus, string> = {
  awaiting_payment: 'bg-orange-100 text-orange-900',
  paid: 'bg-green-100 text-green-900',
  refund_pending: 'bg-amber-100 text-amber-900',
  refunded: 'bg-slate-200 text-slate-700',
};

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`${badge} ${statusColours[status]}`} data-testid="order-status">
      {orderStatusLabel(status)}
    </span>
  );
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <span className={`${badge} ${paymentColours[status]}`} data-testid="payment-status">
      {paymentStatusLabel(status)}
    </span>
  );
}
