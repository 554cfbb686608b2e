import { mapReview, type Review, type ReviewColumns, type ReviewStatus } from '@prepper/shared/reviews';

export { REVIEW_STATUSES, type ReviewStatus } from '@prepper/shared/reviews';

export const ADMIN_REVIEW_PAGE_SIZE = 20;

/** A review as the moderation queue shows it, with its product's name. */
export interface AdminReview extends Review {
  productName: string;
}

export interface ReviewQuery {
  status: ReviewStatus | 'all';
  productId: string;
  rating: number | null;
  page: number;
}

export type AdminReviewRow = ReviewColumns & { product: { name: string } | null };

export function mapAdminReview(row: AdminReviewRow): AdminReview {
  return { ...mapReview(row), productName: row.product?.name ?? '' };
}
