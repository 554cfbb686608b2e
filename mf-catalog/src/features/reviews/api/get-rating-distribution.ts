import { getSupabase } from '@prepper/shared';

/** How many approved reviews give each number of stars: [{ stars: 5, count }, ... { stars: 1, count }]. */
export async function getRatingDistribution(productId: string): Promise<{ stars: number; count: number }[]> {
  const { data, error } = await getSupabase().rpc('product_rating_distribution', { p_product_id: productId });
  if (error) throw error;
  return data.map((row) => ({ stars: row.rating, count: row.review_count }));
}
