import { getSupabase } from '@prepper/shared';

/** Rejects the reviews with a reason their authors see (products permission, checked by the database). */
export async function rejectReviews(ids: string[], reason: string): Promise<void> {
  const { error } = await getSupabase().rpc('admin_reject_reviews', { p_review_ids: ids, p_reason: reason });
  if (error) throw new Error(error.message);
}
