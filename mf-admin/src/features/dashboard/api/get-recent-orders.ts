import { getSupabase } from '@prepper/shared';

export interface RecentOrder {
  id: string;
  orderNumber: string;
  totalAmount: number;
  status: string;
  createdAt: string;
  userId: string | null;
}

export const RECENT_ORDERS_LIMIT = 5;

/** The 5 newest orders. */
export async function getRecentOrders(): Promise<RecentOrder[]> {
  const { data, error } = await getSupabase()
    .from('orders')
    .select('id, order_number, total_amount, status, created_at, user_id')
    .order('created_at', { ascending: false })
    .limit(RECENT_ORDERS_LIMIT);
  if (error) throw new Error(error.message);
  return data.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    totalAmount: Number(row.total_amount),
    status: row.status,
    createdAt: row.created_at,
    userId: row.user_id,
  }));
}
