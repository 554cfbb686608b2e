import { getSupabase } from '@prepper/shared';
import { mapOrder, type Order } from '@prepper/shared/orders';
import { defineQuery } from '../../../lib/query';

/** How many orders the history shows at first, and how many more each 'Show more orders' adds. */
export const ORDERS_PAGE_SIZE = 10;

export interface MyOrders {
  orders: Order[];
  /** How many orders the customer has in all. */
  total: number;
}

/** The signed-in customer's newest `limit` orders with their lines (RLS returns only their own). */
export async function getMyOrders(limit: number): Promise<MyOrders> {
  const { data, error, count } = await getSupabase()
    .from('orders')
    .select('*, order_items(*)', { count: 'exact' })
    .order('created_at', { ascending: false })
    .order('id')
    .range(0, limit - 1);
  if (error) throw error;
  return { orders: data.map(mapOrder), total: count ?? data.length };
}

/** The customer's newest `limit` orders: key ['my-orders', [limit]] (the cache is the signed-in customer's). */
export const myOrdersQuery = defineQuery('my-orders', getMyOrders);
export const useMyOrders = (limit: number | null) => myOrdersQuery.use(limit === null ? null : [limit]);
