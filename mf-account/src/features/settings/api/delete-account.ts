import { getSupabase, signOutCustomer } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';

/** The database's refusal (wrong password, an administrator) as it is worded there. */
export class DeletionRefused extends Error {}

/**
 * Deletes the signed-in customer's account with delete_my_account, which checks the password and
 * removes or anonymises everything in one transaction; then this device forgets the ended session.
 */
export async function deleteAccount(password: string): Promise<void> {
  const { error } = await getSupabase().rpc('delete_my_account', { p_password: password });
  if (error?.code === 'P0001') throw new DeletionRefused(error.message);
  if (error) throw error;
  try {
    await signOutCustomer();
  } catch {
    // The account and its sessions are gone: the auth service refuses the sign-out of a deleted user,
    // and the session is forgotten on this device all the same.
  }
}

export const deleteAccountMutation = defineMutation('delete account', deleteAccount);
