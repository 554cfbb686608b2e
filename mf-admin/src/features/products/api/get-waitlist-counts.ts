import { getSupabase } from '@prepper/shared';

/**
 * How many confirmed customers wait for a back-in-stock e-mail, per product id (products nobody waits
 * for are left out). Administrators with the products permission only (admin_waitlist_counts).
 */
export async function getWaitlistCounts(productIds: string[]): Promise<Record<string, number>> {
  if (productIds.length === 0) return {};
  const { data, error } = await getSupabase().rpc('admin_waitlist_counts', { p_product_ids: productIds });
  if (error) throw error;
  return Object.fromEntries(data.map((row) => [row.product_id, row.waiting]));
}
