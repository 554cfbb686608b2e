// Reading one order with its lines and history, for the customer's order page and the back office's alike.
// The caller's own client runs it, so the orders policies decide whose order it is.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../database.types';
import { mapOrder, type Order } from '../domain/orders';

/**
 * An order with its lines and history (the shape mapOrder reads). Which administrator made an event is
 * in order_event_staff, which only administrators with the orders permission read: for a customer the
 * embed is null, so their own history says only that the shop acted.
 */
export const ORDER_WITH_HISTORY_SELECT =
  '*, order_items(*), order_events(*, order_event_staff(actor_id, actor_email))';

/** One order with its lines and history, or null when there is none with this id or it is not visible. */
export async function fetchOrderWithHistory(
  client: Pick<SupabaseClient<Database>, 'from'>,
  orderId: string,
): Promise<Order | null> {
  const { data, error } = await client
    .from('orders')
    .select(ORDER_WITH_HISTORY_SELECT)
    .eq('id', orderId)
    .maybeSingle();
  if (error) throw error;
  return data ? mapOrder(data) : null;
}
