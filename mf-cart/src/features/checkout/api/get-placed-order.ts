import { getSupabase } from '@prepper/shared';
import { mapOrder } from '@prepper/shared/orders';

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
