import { getSupabase } from '@prepper/shared';
import { mapReview, REVIEW_COLUMNS, type Review } from './review';

/** The signed-in customer's own review of the product (whatever its status), or null. */
export async function getOwnReview(productId: string, authorId: string): Promise<Review | null> {
  const { data, error } = await getSupabase()
    .from('reviews')
    .select(REVIEW_COLUMNS)
    .eq('product_id', productId)
    .eq('author_id', authorId)
    .maybeSingle();
  if (error) throw error;
  return data ? mapReview(data) : null;
}
