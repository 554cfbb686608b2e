import { getSupabase } from '@prepper/shared';
import type { AuthUser } from '../../../lib/auth-types';
import type { AuthFailure } from './sign-in';

/** Sets a new password for the user signed in through the reset link. */
export async function updatePassword(
  password: string,
): Promise<{ user: AuthUser; error: null } | { user: null; error: AuthFailure }> {
  const { data, error } = await getSupabase().auth.updateUser({ password });
  if (error || !data.user) {
    return { user: null, error: { message: error?.message ?? '', code: error?.code, status: error?.status } };
  }
  return { user: data.user, error: null };
}
