import { getSupabase } from '@prepper/shared';

/** How many reviews wait for moderation (0 for an administrator without the products permission: RLS). */
export async function getPendingReviewCount(): Promise<number> {
  const { count, error } = await getSupabase()
    .from('reviews')
    .select('id', { count: 'exact', head: true })
    .eq('status', 'pending');
  if (error) throw error;
  return count ?? 0;
}
