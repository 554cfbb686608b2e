import { getSupabase } from '@prepper/shared';
import type { AuthSession } from '../../../lib/auth-types';

export interface SessionResult {
  session: AuthSession | null;
  error: Error | null;
}

/** The stored session (after supabase-js has finished reading a redirect's ?code, if any). */
export async function getSession(): Promise<SessionResult> {
  const { data, error } = await getSupabase().auth.getSession();
  return { session: data.session, error };
}
