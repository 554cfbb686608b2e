import { getSupabase, rowRange } from '@prepper/shared';
import { mapOrder, type Order, type OrderRow } from '@prepper/shared/orders';
import { orderSearchCondition, type OrderStatusFilter, type PaymentStatusFilter } from '../lib/order-filters';
import { defineQuery } from '../../../lib/query';

export const ORDER_PAGE_SIZE = 10;

export interface OrderListQuery {
  search: string;
  status: OrderStatusFilter;
  payment: PaymentStatusFilter;
  page: number;
}

/** Newest first, searched by order number or e-mail, filtered by status and payment, one page with the exact total. */
export async function getOrders({ search, status, payment, page }: OrderListQuery) {
  let query = getSupabase().from('orders').select('*, order_items(quantity)', { count: 'exact' });
  const term = search.trim();
  if (term) query = query.or(orderSearchCondition(term));
  if (status !== 'all') query = query.eq('status', status);
  if (payment !== 'all') query = query.eq('payment_status', payment);
  const { from, to } = rowRange(page, ORDER_PAGE_SIZE);
  const { data, error, count } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .range(from, to);
  if (error) throw error;
  const orders: (Order & { itemCount: number })[] = data.map((row) => ({
    ...mapOrder({ ...row, order_items: null }),
    itemCount: row.order_items.reduce((sum, item) => sum + item.quantity, 0),
  }));
  return { orders, total: count ?? 0 };
}

export type OrderListItem = Awaited<ReturnType<typeof getOrders>>['orders'][number];
export type { OrderRow };

/** One page of the admin order list: key ['orders', [{ search, status, payment, page }]]. */
export const ordersQuery = defineQuery('orders', getOrders);
