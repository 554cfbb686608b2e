import { getSupabase } from '@prepper/shared';
import { REVIEW_COLUMNS } from '@prepper/shared/reviews';
import {
  ADMIN_REVIEW_PAGE_SIZE,
  mapAdminReview,
  type AdminReview,
  type AdminReviewRow,
  type ReviewQuery,
} from './admin-review';
import { defineQuery } from '../../../lib/query';

/** One page of reviews for the queue (oldest first while pending, so nothing waits forever; else newest). */
export async function getAdminReviews(
  query: ReviewQuery,
): Promise<{ reviews: AdminReview[]; total: number }> {
  const from = (query.page - 1) * ADMIN_REVIEW_PAGE_SIZE;
  let request = getSupabase()
    .from('reviews')
    .select(`${REVIEW_COLUMNS}, product:products(name)`, { count: 'exact' });
  if (query.status !== 'all') request = request.eq('status', query.status);
  if (query.productId) request = request.eq('product_id', query.productId);
  if (query.rating) request = request.eq('rating', query.rating);
  const { data, error, count } = await request
    .order('created_at', { ascending: query.status === 'pending' })
    .order('id')
    .range(from, from + ADMIN_REVIEW_PAGE_SIZE - 1)
    .overrideTypes<AdminReviewRow[], { merge: false }>();
  if (error) throw error;
  return { reviews: data.map(mapAdminReview), total: count ?? 0 };
}

/** One page of the moderation queue: key ['admin-reviews', [filters]]; null waits (no permission). */
export const adminReviewsQuery = defineQuery('admin-reviews', getAdminReviews);
export const useAdminReviews = (query: ReviewQuery | null) =>
  adminReviewsQuery.use(query === null ? null : [query]);
