import { signOutCustomer } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';

/** Signs out of this device (every remote and every tab follows, supabase-js broadcasts it). */
export async function signOut(): Promise<void> {
  await signOutCustomer();
}

/** Sign out: the cache empties when the administrator changes. */
export const signOutMutation = defineMutation('sign out', signOut);
