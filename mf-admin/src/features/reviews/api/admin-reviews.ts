import { getSupabase, type Tables } from '@prepper/shared';

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const ADMIN_REVIEW_PAGE_SIZE = 20;

/** A review as the moderation queue shows it, with its product's name. */
export interface AdminReview {
  id: string;
  productId: string;
  productName: string;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  status: ReviewStatus;
  rejectionReason: string | null;
  verified: boolean;
  createdAt: string;
}

export interface ReviewQuery {
  status: ReviewStatus | 'all';
  productId: string;
  rating: number | null;
  page: number;
}

type Row = Pick<
  Tables<'reviews'>,
  | 'id'
  | 'product_id'
  | 'author_name'
  | 'rating'
  | 'title'
  | 'body'
  | 'status'
  | 'rejection_reason'
  | 'verified_purchase'
  | 'created_at'
> & { product: { name: string } | null };

function mapAdminReview(row: Row): AdminReview {
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.product?.name ?? '',
    authorName: row.author_name,
    rating: row.rating,
    title: row.title,
    body: row.body,
    status: row.status as ReviewStatus,
    rejectionReason: row.rejection_reason,
    verified: row.verified_purchase,
    createdAt: row.created_at,
  };
}

/** One page of reviews for the queue (oldest first while pending, so nothing waits forever; else newest). */
export async function getAdminReviews(
  query: ReviewQuery,
): Promise<{ reviews: AdminReview[]; total: number }> {
  const from = (query.page - 1) * ADMIN_REVIEW_PAGE_SIZE;
  let request = getSupabase()
    .from('reviews')
    .select(
      'id, product_id, author_name, rating, title, body, status, rejection_reason, verified_purchase, created_at, product:products(name)',
      { count: 'exact' },
    );
  if (query.status !== 'all') request = request.eq('status', query.status);
  if (query.productId) request = request.eq('product_id', query.productId);
  if (query.rating) request = request.eq('rating', query.rating);
  const { data, error, count } = await request
    .order('created_at', { ascending: query.status === 'pending' })
    .order('id')
    .range(from, from + ADMIN_REVIEW_PAGE_SIZE - 1)
    .overrideTypes<Row[], { merge: false }>();
  if (error) throw error;
  return { reviews: data.map(mapAdminReview), total: count ?? 0 };
}

/** Every product's id and name, for the product filter. */
export async function getReviewProductOptions(): Promise<{ id: string; name: string }[]> {
  const { data, error } = await getSupabase().from('products').select('id, name').order('name');
  if (error) throw error;
  return data;
}

/** Approves the reviews (products permission, checked by the database). */
export async function approveReviews(ids: string[]): Promise<void> {
  const { error } = await getSupabase().rpc('admin_approve_reviews', { p_review_ids: ids });
  if (error) throw new Error(error.message);
}

/** Rejects the reviews with a reason their authors see (products permission, checked by the database). */
export async function rejectReviews(ids: string[], reason: string): Promise<void> {
  const { error } = await getSupabase().rpc('admin_reject_reviews', { p_review_ids: ids, p_reason: reason });
  if (error) throw new Error(error.message);
}
