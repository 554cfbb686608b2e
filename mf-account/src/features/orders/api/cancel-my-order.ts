import { getSupabase } from '@prepper/shared';
import { myOrderQuery } from './get-my-order';
import { myOrdersQuery } from './get-my-orders';

export type CancelResult = { ok: true } | { ok: false; message: string | null };

/**
 * Cancels the customer's own pending order with cancel_order (the database checks owner and status and
 * puts the stock back once). A refusal comes with its message for the customer; other failures without.
 */
export async function cancelMyOrder(orderId: string): Promise<CancelResult> {
  try {
    const { error } = await getSupabase().rpc('cancel_order', { p_order_id: orderId });
    if (!error) {
      // The order and the order list change (status, history).
      myOrderQuery.invalidate(orderId);
      myOrdersQuery.invalidate();
      return { ok: true };
    }
    return { ok: false, message: error.code === 'P0001' ? error.message : null };
  } catch (error) {
    console.error('[account] cancel order failed', error);
    return { ok: false, message: null };
  }
}
