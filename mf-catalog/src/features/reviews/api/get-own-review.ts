import { loadSupabase } from '@prepper/shared';
import { mapReview, REVIEW_COLUMNS, type Review } from './review';
import { defineQuery } from '../../../lib/query';

/** The signed-in customer's own review of the product (whatever its status), or null. */
export async function getOwnReview(productId: string, authorId: string): Promise<Review | null> {
  // Reviews work with the signed-in session: the one Supabase client, loaded with the Reviews tab.
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('reviews')
    .select(REVIEW_COLUMNS)
    .eq('product_id', productId)
    .eq('author_id', authorId)
    .maybeSingle();
  if (error) throw error;
  return data ? mapReview(data) : null;
}

/** The signed-in customer's review of a product: key ['own-review', [productId, authorId]]; null waits. */
export const ownReviewQuery = defineQuery('own-review', getOwnReview);
export const useOwnReview = (args: [productId: string, authorId: string] | null) => ownReviewQuery.use(args);
