import { getSupabase } from '@prepper/shared';
import { mapOrder } from '@prepper/shared/orders';
import { defineQuery } from '../../../lib/query';

/** One of the signed-in customer's orders with its lines (RLS: only the owner reads it); null when not theirs. */
export async function getPlacedOrder(orderId: string) {
  const { data, error } = await getSupabase()
    .from('orders')
    .select('*, order_items(*)')
    .eq('id', orderId)
    .maybeSingle();
  if (error) throw error;
  return data ? mapOrder(data) : null;
}

/** The order just placed: key ['placed-order', [orderId]]; null waits (for the session). */
export const placedOrderQuery = defineQuery('placed-order', getPlacedOrder);
export const usePlacedOrder = (orderId: string | null) =>
  placedOrderQuery.use(orderId === null ? null : [orderId]);
