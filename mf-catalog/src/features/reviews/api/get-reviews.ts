import { loadSupabase } from '@prepper/shared';
import { mapReview, REVIEW_COLUMNS, type Review, type ReviewSort } from './review';
import { defineQuery } from '../../../lib/query';

export const REVIEWS_PAGE_SIZE = 5;

const ORDER: Record<ReviewSort, { column: 'created_at' | 'rating'; ascending: boolean }> = {
  newest: { column: 'created_at', ascending: false },
  highest: { column: 'rating', ascending: false },
  lowest: { column: 'rating', ascending: true },
};

/**
 * One page (1-based) of a product's approved reviews in the chosen order, and how many there are.
 * `exceptReviewId` leaves out the signed-in customer's own review (found by my_review): the panel shows it once, with its status,
 * as "Your review" above the list.
 */
export async function getReviews(
  productId: string,
  sort: ReviewSort,
  page: number,
  exceptReviewId: string | null,
): Promise<{ reviews: Review[]; total: number }> {
  // Reviews work with the signed-in session: the one Supabase client, loaded with the Reviews tab.
  const supabase = await loadSupabase();
  const from = (page - 1) * REVIEWS_PAGE_SIZE;
  const order = ORDER[sort];
  let query = supabase
    .from('reviews')
    .select(REVIEW_COLUMNS, { count: 'exact' })
    .eq('product_id', productId)
    .eq('status', 'approved');
  if (exceptReviewId) query = query.neq('id', exceptReviewId);
  query = query.order(order.column, { ascending: order.ascending });
  if (order.column !== 'created_at') query = query.order('created_at', { ascending: false });
  const { data, error, count } = await query.order('id').range(from, from + REVIEWS_PAGE_SIZE - 1);
  if (error) throw error;
  return { reviews: data.map(mapReview), total: count ?? 0 };
}

/** One page of a product's approved reviews: key ['reviews', [productId, sort, page, exceptReviewId]]; null waits. */
export const reviewsQuery = defineQuery('reviews', getReviews);
export const useReviews = (
  args: [productId: string, sort: ReviewSort, page: number, exceptReviewId: string | null] | null,
) => reviewsQuery.use(args);
