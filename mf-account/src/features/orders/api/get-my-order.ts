import { getSupabase } from '@prepper/shared';
import { mapOrder } from '@prepper/shared/orders';
import { defineQuery } from '../../../lib/query';

/** One of the customer's orders with its lines and history; null when it is not theirs or does not exist. */
export async function getMyOrder(orderId: string) {
  const { data, error } = await getSupabase()
    .from('orders')
    .select('*, order_items(*), order_events(*)')
    .eq('id', orderId)
    .maybeSingle();
  if (error) throw error;
  return data ? mapOrder(data) : null;
}

/** One of the customer's orders: key ['my-order', [orderId]]; null waits. */
export const myOrderQuery = defineQuery('my-order', getMyOrder);
export const useMyOrder = (orderId: string | null) => myOrderQuery.use(orderId === null ? null : [orderId]);
