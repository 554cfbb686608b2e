import { getSupabase } from '@prepper/shared';
import type { CurrentAdmin } from '../../../lib/current-admin';

export interface ActiveAdminResult {
  admin: CurrentAdmin | null;
  error: Error | null;
}

/** The admin check: the user's admin_users row with active = 1, or null. */
export async function getActiveAdmin(userId: string, email: string): Promise<ActiveAdminResult> {
  const { data, error } = await getSupabase()
    .from('admin_users')
    .select('id, user_id, role, permissions')
    .eq('user_id', userId)
    .eq('active', 1)
    .maybeSingle();
  if (error) return { admin: null, error: new Error(error.message) };
  if (!data) return { admin: null, error: null };
  return {
    admin: { id: data.id, userId: data.user_id, email, role: data.role, permissions: data.permissions },
    error: null,
  };
}
