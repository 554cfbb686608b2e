import { getSupabase } from '@prepper/shared';

export interface AdminActiveValueResult {
  /** null when the user has no admin record at all. */
  active: number | null;
  error: Error | null;
}

/** At login: the user's admin record's active value (1 or 0), to tell "no record" from "deactivated". */
export async function getAdminActiveValue(userId: string): Promise<AdminActiveValueResult> {
  const { data, error } = await getSupabase()
    .from('admin_users')
    .select('active')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) return { active: null, error: new Error(error.message) };
  return { active: data ? data.active : null, error: null };
}
