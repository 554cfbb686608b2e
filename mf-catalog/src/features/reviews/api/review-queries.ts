import { ownReviewQuery } from './get-own-review';
import { ratingDistributionQuery } from './get-rating-distribution';
import { reviewsQuery } from './get-reviews';

/**
 * What a written or deleted review makes stale: the product's summary (every product's when it is not
 * known), the approved reviews and the customer's own review.
 */
export function reviewQueries(productId?: string) {
  return [
    productId === undefined ? ratingDistributionQuery : ratingDistributionQuery.keys(productId),
    reviewsQuery,
    ownReviewQuery,
  ];
}
