import { defineMutation } from '../../../lib/query';
import { approveReviews } from './approve-reviews';
import { adminReviewsQuery } from './get-admin-reviews';
import { rejectReviews } from './reject-reviews';

/** Approves the reviews (reason null) or rejects them with the reason their authors see. */
export function moderateReviews(ids: string[], reason: string | null): Promise<void> {
  return reason === null ? approveReviews(ids) : rejectReviews(ids, reason);
}

/** Moderation: the queue changes. */
export const moderateReviewsMutation = defineMutation('moderate reviews', moderateReviews, {
  invalidates: [adminReviewsQuery],
});
export const useModerateReviews = () => moderateReviewsMutation.use();
