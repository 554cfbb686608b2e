import { getSupabase, type Tables } from '@prepper/shared';
import type { toLotsPayload } from '../lib/lots';

/**
 * Replaces the lots of a product in one transaction (admin_save_product_lots: checks every lot, refuses a
 * lot an order took from since it was loaded); the product's stock follows. Returns the saved lots.
 */
export async function saveProductLots(
  productId: string,
  lots: ReturnType<typeof toLotsPayload>,
): Promise<Tables<'product_lots'>[]> {
  const { data, error } = await getSupabase().rpc('admin_save_product_lots', {
    p_product_id: productId,
    p_lots: lots,
  });
  if (error) throw new Error(error.message);
  return data;
}
