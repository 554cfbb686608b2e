import { loadSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';
import { reviewQueries } from './review-queries';
import { mapReview, type Review, type ReviewInput } from './review';

/**
 * Writes the customer's review (create_review) or edits it (update_review); either way it waits for
 * moderation. The database's message (length, daily limit, ...) is thrown as an Error to show as is.
 */
export async function saveReview(
  productId: string,
  existingId: string | null,
  input: ReviewInput,
): Promise<Review> {
  // Reviews work with the signed-in session: the one Supabase client, loaded with the Reviews tab.
  const supabase = await loadSupabase();
  const args = { p_rating: input.rating, p_title: input.title, p_body: input.body };
  const { data, error } = existingId
    ? await supabase.rpc('update_review', { p_review_id: existingId, ...args })
    : await supabase.rpc('create_review', { p_product_id: productId, ...args });
  if (error) throw new Error(error.message);
  return mapReview(data);
}

/** Save: the product's reviews, their summary and the customer's own review change. */
export const saveReviewMutation = defineMutation('save review', saveReview, {
  invalidates: ([productId]) => reviewQueries(productId),
});
export const useSaveReview = () => saveReviewMutation.use();
