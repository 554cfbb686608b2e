import { loadSupabase } from '@prepper/shared';
import { mapReview, REVIEW_COLUMNS, type Review } from './review';
import { defineQuery } from '../../../lib/query';

/**
 * The signed-in customer's own review of the product (whatever its status), or null. The database
 * decides whose it is (my_review); `customerId` only keys the cache per account.
 */
export async function getOwnReview(productId: string, customerId: string): Promise<Review | null> {
  void customerId;
  // Reviews work with the signed-in session: the one Supabase client, loaded with the Reviews tab.
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .rpc('my_review', { p_product_id: productId })
    .select(REVIEW_COLUMNS)
    .maybeSingle();
  if (error) throw error;
  return data ? mapReview(data) : null;
}

/** The signed-in customer's review of a product: key ['own-review', [productId, customerId]]; null waits. */
export const ownReviewQuery = defineQuery('own-review', getOwnReview);
export const useOwnReview = (args: [productId: string, customerId: string] | null) =>
  ownReviewQuery.use(args);
