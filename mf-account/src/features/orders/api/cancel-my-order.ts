import { getSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';
import { myOrderQuery } from './get-my-order';
import { myOrdersQuery } from './get-my-orders';

/**
 * Cancels the customer's own pending order with cancel_order (the database checks owner and status and
 * puts the stock back once).
 */
export async function cancelMyOrder(orderId: string): Promise<void> {
  const { error } = await getSupabase().rpc('cancel_order', { p_order_id: orderId });
  if (error) throw error;
}

/** The database's refusal, written for the customer (a raise in cancel_order); null for other failures. */
export function cancelRefusal(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'P0001' && typeof message === 'string' ? message : null;
}

/** Cancel: the order and the order list change (status, history). */
export const cancelMyOrderMutation = defineMutation('cancel order', cancelMyOrder, {
  invalidates: ([orderId]) => [myOrderQuery.keys(orderId), myOrdersQuery],
});
export const useCancelMyOrder = () => cancelMyOrderMutation.use();
