import { getSupabase } from '@prepper/shared';
import type { AuthChangeEvent, AuthSession } from '../../../lib/auth-types';

/**
 * Follows auth changes of this page and of other tabs (supabase-js broadcasts sign-out).
 * The listener runs outside supabase-js's auth lock, so it may call the backend itself.
 */
export function subscribeToAuthChanges(
  listener: (event: AuthChangeEvent, session: AuthSession | null) => void,
): () => void {
  const { data } = getSupabase().auth.onAuthStateChange((event, session) => {
    setTimeout(() => listener(event, session), 0);
  });
  return () => data.subscription.unsubscribe();
}
