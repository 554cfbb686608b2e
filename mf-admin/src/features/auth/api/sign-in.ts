import { getSupabase } from '@prepper/shared';
import type { AuthUser } from '../../../lib/auth-types';

/** What the login messages depend on: GoTrue's error code, HTTP status and message. */
export interface AuthFailure {
  message: string;
  code?: string | undefined;
  status?: number | undefined;
}

export type SignInResult = { user: AuthUser; error: null } | { user: null; error: AuthFailure };

export async function signInWithPassword(email: string, password: string): Promise<SignInResult> {
  const { data, error } = await getSupabase().auth.signInWithPassword({ email, password });
  if (error || !data.user) {
    return { user: null, error: { message: error?.message ?? '', code: error?.code, status: error?.status } };
  }
  return { user: data.user, error: null };
}
