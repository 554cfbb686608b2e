import type { Tables } from '@prepper/shared';

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

export type AdminReviewRow = Pick<
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

export function mapAdminReview(row: AdminReviewRow): AdminReview {
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
