import { signOutCustomer } from '@prepper/shared';

/** Signs out of this device (every remote and every tab follows, supabase-js broadcasts it). */
export async function signOut(): Promise<void> {
  await signOutCustomer();
}
