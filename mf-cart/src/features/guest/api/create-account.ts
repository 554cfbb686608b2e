import { getSupabase, routes } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';

export interface CreateAccountInput {
  email: string;
  password: string;
  /** The name on the order, kept as the account's first and last name. */
  fullName: string;
}

/** What came of it: a link to confirm was e-mailed, or (confirmations off) the account is ready now. */
export type CreateAccountOutcome = 'confirm-by-email' | 'ready';

/**
 * "Save your details": the guest becomes a full account, the Supabase way (updateUser with e-mail and
 * password on the anonymous user). Nothing changes until the link e-mailed to the address is followed;
 * it signs the customer in on their order history. The user id stays, so the orders stay theirs.
 */
export async function createAccountFromGuest({
  email,
  password,
  fullName,
}: CreateAccountInput): Promise<CreateAccountOutcome> {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  const supabase = getSupabase();
  const { data, error } = await supabase.auth.updateUser(
    { email, password, data: { first_name: firstName, last_name: rest.join(' ') } },
    { emailRedirectTo: `${window.location.origin}${routes.accountOrders}` },
  );
  if (error) throw error;
  if (data.user.is_anonymous) return 'confirm-by-email';
  // Linked at once (confirmations off): a fresh token no longer says is_anonymous.
  const refreshed = await supabase.auth.refreshSession();
  if (refreshed.error) throw refreshed.error;
  return 'ready';
}

export const createAccountMutation = defineMutation('create account from guest', createAccountFromGuest);
export const useCreateAccount = () => createAccountMutation.use();
