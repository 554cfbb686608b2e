import { getSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';
import type { AuthFailure } from './sign-in';

/** Sends the reset e-mail; its link comes back to /admin/login on this origin with a PKCE ?code. */
export async function requestPasswordReset(email: string): Promise<AuthFailure | null> {
  const { error } = await getSupabase().auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}/admin/login`,
  });
  return error ? { message: error.message, code: error.code, status: error.status } : null;
}

export const requestPasswordResetMutation = defineMutation('password reset', requestPasswordReset);
export const useRequestPasswordReset = () => requestPasswordResetMutation.use();
