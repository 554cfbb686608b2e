import { getSupabase, mapOrder } from '@prepper/shared';

/** The signed-in customer's orders with their lines, newest first (RLS returns only their own). */
export async function getMyOrders() {
  const { data, error } = await getSupabase()
    .from('orders')
    .select('*, order_items(*)')
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data.map(mapOrder);
}
