import type { Tables } from '../database.types';

/**
 * Reviews: statuses, the length limits and the one mapper from review rows to the client shape, for the
 * product page and the back office. The database decides (migration 20250101001100_reviews.sql); this
 * module mirrors its rules so the pages can show them, it never replaces them.
 */

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Title 1..120 characters, text 10..4000 (after trimming), as create_review and update_review check. */
export const REVIEW_LIMITS = { titleMax: 120, bodyMin: 10, bodyMax: 4000 } as const;

/** A review as the shop shows it. */
export interface Review {
  id: string;
  productId: string;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  status: ReviewStatus;
  rejectionReason: string | null;
  verified: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * The columns every review query reads, mapped by mapReview. Not author_id: the API does not let anyone
 * read who wrote a review (my_review finds the caller's own).
 */
export const REVIEW_COLUMNS =
  'id, product_id, author_name, rating, title, body, status, rejection_reason, verified_purchase, created_at, updated_at';

export type ReviewColumns = Pick<
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
  | 'updated_at'
>;

export function mapReview(row: ReviewColumns): Review {
  return {
    id: row.id,
    productId: row.product_id,
    authorName: row.author_name,
    rating: row.rating,
    title: row.title,
    body: row.body,
    status: row.status as ReviewStatus,
    rejectionReason: row.rejection_reason,
    verified: row.verified_purchase,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
