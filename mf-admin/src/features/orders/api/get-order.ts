import { getSupabase } from '@prepper/shared';
import { mapOrder, type Order } from '@prepper/shared/orders';
import { defineQuery } from '../../../lib/query';

/** One order with its lines and history, or null when there is none with this id (or it is not visible). */
export async function getOrder(orderId: string): Promise<Order | null> {
  const { data, error } = await getSupabase()
    .from('orders')
    .select('*, order_items(*), order_events(*)')
    .eq('id', orderId)
    .maybeSingle();
  if (error) throw error;
  return data ? mapOrder(data) : null;
}

/** One order: key ['order', [orderId]]. */
export const orderQuery = defineQuery('order', getOrder);
export const useOrder = (orderId: string) => orderQuery.use([orderId]);
