import type { Tables } from '@prepper/shared';

export type ReviewRow = Tables<'reviews'>;
export type ReviewStatus = 'pending' | 'approved' | 'rejected';
export type ReviewSort = 'newest' | 'highest' | 'lowest';

/** A review as the product page shows it. */
export interface Review {
  id: string;
  authorId: string;
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

/** The columns every review query reads, mapped by mapReview. */
export const REVIEW_COLUMNS =
  'id, author_id, author_name, rating, title, body, status, rejection_reason, verified_purchase, created_at, updated_at';

type ReviewColumns = Pick<
  ReviewRow,
  | 'id'
  | 'author_id'
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
    authorId: row.author_id,
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

/** The review form's fields, checked again by the database (create_review / update_review). */
export interface ReviewInput {
  rating: number;
  title: string;
  body: string;
}

export const REVIEW_LIMITS = { titleMax: 120, bodyMin: 10, bodyMax: 4000 } as const;
