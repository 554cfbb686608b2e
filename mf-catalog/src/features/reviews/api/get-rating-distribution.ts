import { loadSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

/** How many approved reviews give each number of stars: [{ stars: 5, count }, ... { stars: 1, count }]. */
export async function getRatingDistribution(productId: string): Promise<{ stars: number; count: number }[]> {
  // Reviews work with the signed-in session: the one Supabase client, loaded with the Reviews tab.
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('product_rating_distribution', { p_product_id: productId });
  if (error) throw error;
  return data.map((row) => ({ stars: row.rating, count: row.review_count }));
}

/** A product's approved ratings by stars: key ['rating-distribution', [productId]]. */
export const ratingDistributionQuery = defineQuery('rating-distribution', getRatingDistribution);
export const useRatingDistribution = (productId: string) => ratingDistributionQuery.use([productId]);
