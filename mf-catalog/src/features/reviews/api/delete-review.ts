import { loadSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';
import { reviewQueries } from './review-queries';

/** Deletes the customer's own review (RLS lets authors delete only their own). */
export async function deleteReview(reviewId: string): Promise<void> {
  // Reviews work with the signed-in session: the one Supabase client, loaded with the Reviews tab.
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('reviews').delete().eq('id', reviewId).select('id');
  if (error) throw new Error(error.message);
  if (data.length === 0) throw new Error('Review not found');
}

/** Delete: the review's product is not in the call, so every product's reviews and summaries go stale. */
export const deleteReviewMutation = defineMutation('delete review', deleteReview, {
  invalidates: () => reviewQueries(),
});
export const useDeleteReview = () => deleteReviewMutation.use();
