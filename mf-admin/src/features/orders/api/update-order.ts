import { getSupabase } from '@prepper/shared';
import { type Carrier, type OrderStatus, type PaymentStatus } from '@prepper/shared/orders';
import { defineMutation } from '../../../lib/query';
import { orderQuery } from './get-order';
import { ordersQuery } from './get-orders';

/**
 * The back office's order changes. Each goes through its database function, which checks the
 * orders permission and the allowed move, and records who did it in the order's history.
 */
export async function setOrderStatus(orderId: string, status: OrderStatus, note: string | null) {
  const { error } = await getSupabase().rpc('admin_set_order_status', {
    p_order_id: orderId,
    p_status: status,
    p_note: note ?? undefined,
  });
  if (error) throw new Error(error.message);
}

export async function setPaymentStatus(orderId: string, paymentStatus: PaymentStatus, note: string | null) {
  const { error } = await getSupabase().rpc('admin_set_payment_status', {
    p_order_id: orderId,
    p_payment_status: paymentStatus,
    p_note: note ?? undefined,
  });
  if (error) throw new Error(error.message);
}

/** A return of a shipped or completed order: resellable goods go back into stock; a paid order is owed a refund. */
export async function recordReturn(orderId: string, resellable: boolean, note: string | null) {
  const { error } = await getSupabase().rpc('admin_return_order', {
    p_order_id: orderId,
    p_resellable: resellable,
    p_note: note ?? undefined,
  });
  if (error) throw new Error(error.message);
}

/**
 * Ships a processing order with its carrier and tracking number (admin_ship_order): the customer's
 * shipped e-mail carries both, with the carrier's tracking link.
 */
export async function shipOrder(
  orderId: string,
  carrier: Carrier,
  trackingNumber: string,
  note: string | null,
) {
  const { error } = await getSupabase().rpc('admin_ship_order', {
    p_order_id: orderId,
    p_carrier: carrier,
    p_tracking_number: trackingNumber,
    p_note: note ?? undefined,
  });
  if (error) throw new Error(error.message);
}

/** One move an administrator makes: the order's status, shipping it, its payment status, or a return. */
export type OrderChange =
  | { kind: 'status'; to: OrderStatus }
  | { kind: 'ship'; carrier: Carrier; trackingNumber: string }
  | { kind: 'payment'; to: PaymentStatus }
  | { kind: 'return'; resellable: boolean };

export function changeOrder(orderId: string, change: OrderChange, note: string | null): Promise<void> {
  if (change.kind === 'return') return recordReturn(orderId, change.resellable, note);
  if (change.kind === 'ship') return shipOrder(orderId, change.carrier, change.trackingNumber, note);
  return change.kind === 'status'
    ? setOrderStatus(orderId, change.to, note)
    : setPaymentStatus(orderId, change.to, note);
}

/** A move: the order (status, history) and the order list change. */
export const changeOrderMutation = defineMutation('change order', changeOrder, {
  invalidates: ([orderId]) => [orderQuery.keys(orderId), ordersQuery],
});
export const useChangeOrder = () => changeOrderMutation.use();
