import { getSupabase } from '@prepper/shared';

/** Approves the reviews (products permission, checked by the database). */
export async function approveReviews(ids: string[]): Promise<void> {
  const { error } = await getSupabase().rpc('admin_approve_reviews', { p_review_ids: ids });
  if (error) throw new Error(error.message);
}
