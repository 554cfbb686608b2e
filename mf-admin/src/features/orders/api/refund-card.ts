import { getSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';
import { orderQuery } from './get-order';
import { ordersQuery } from './get-orders';

/**
 * Asks Stripe to refund a card-paid order, in full (`amountCents` null) or in part, through the Edge
 * Function stripe-refund (the database checks the orders permission and the amount). Stripe's
 * charge.refunded webhook then settles the order; the key makes a repeated click one refund.
 */
export async function refundCard(orderId: string, amountCents: number | null, idempotencyKey: string) {
  const { data, error } = await getSupabase().functions.invoke<{ refund_id: string }>('stripe-refund', {
    body: { order_id: orderId, amount_cents: amountCents, idempotency_key: idempotencyKey },
  });
  if (error) {
    const context = (error as { context?: unknown }).context;
    const body: unknown = context instanceof Response ? await context.json().catch(() => null) : null;
    const message =
      body && typeof body === 'object' && 'message' in body ? String(body.message) : error.message;
    throw new Error(message);
  }
  return data;
}

export const refundCardMutation = defineMutation('refund card payment', refundCard, {
  invalidates: ([orderId]) => [orderQuery.keys(orderId), ordersQuery],
});
export const useRefundCard = () => refundCardMutation.use();
