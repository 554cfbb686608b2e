import { getSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';

/**
 * "Continue as guest": a Supabase anonymous sign-in. The guest is an authenticated user with
 * is_anonymous in its token; the database lets it check out and read its own orders, nothing more.
 */
export async function continueAsGuest(): Promise<string> {
  const { data, error } = await getSupabase().auth.signInAnonymously();
  if (error) throw error;
  if (!data.user) throw new Error('The anonymous sign-in answered without a user');
  return data.user.id;
}

export const continueAsGuestMutation = defineMutation('continue as guest', continueAsGuest);
export const useContinueAsGuest = () => continueAsGuestMutation.use();
