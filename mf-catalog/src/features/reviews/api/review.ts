export {
  mapReview,
  REVIEW_COLUMNS,
  REVIEW_LIMITS,
  type Review,
  type ReviewStatus,
} from '@prepper/shared/reviews';

export type ReviewSort = 'newest' | 'highest' | 'lowest';

/** The review form's fields, checked again by the database (create_review / update_review). */
export interface ReviewInput {
  rating: number;
  title: string;
  body: string;
}
