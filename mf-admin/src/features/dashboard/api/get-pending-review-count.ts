import { getSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

/** How many reviews wait for moderation (0 for an administrator without the products permission: RLS). */
export async function getPendingReviewCount(): Promise<number> {
  const { count, error } = await getSupabase()
    .from('reviews')
    .select('id', { count: 'exact', head: true })
    .eq('status', 'pending');
  if (error) throw error;
  return count ?? 0;
}

/** How many reviews wait for moderation: key ['pending-review-count', []]. */
export const pendingReviewCountQuery = defineQuery('pending-review-count', getPendingReviewCount);
export const usePendingReviewCount = () => pendingReviewCountQuery.use([]);
