import { getSupabase, routes } from '@prepper/shared';
import { defineMutation, defineQuery } from '../../../lib/query';

/** The account's e-mail and the address a change waits to confirm (GoTrue's new_email). */
export interface EmailState {
  email: string;
  pending: string | null;
}

/** Asks the auth service (not the stored session), so a change requested elsewhere shows too. */
export async function getEmailState(_userId: string): Promise<EmailState> {
  const { data, error } = await getSupabase().auth.getUser();
  if (error) throw error;
  const pending = data.user.new_email?.trim() ?? '';
  return { email: data.user.email ?? '', pending: pending === '' ? null : pending };
}

export const emailStateQuery = defineQuery('email-state', getEmailState);

/** Where both confirmation links lead: back to these settings. */
function settingsUrl(): string {
  return new URL(routes.accountSettings, window.location.origin).toString();
}

/** A refusal the form words itself: the address is another account's. */
export class EmailTaken extends Error {}

/**
 * Requests the change: nothing changes yet. The auth service mails a link to the new address and,
 * with double_confirm_changes, one to the current address; the change happens once both are followed.
 */
export async function changeEmail(input: { userId: string; email: string }): Promise<void> {
  const { error } = await getSupabase().auth.updateUser(
    { email: input.email },
    { emailRedirectTo: settingsUrl() },
  );
  if (error?.code === 'email_exists') throw new EmailTaken(error.message);
  if (error) throw error;
}

/** Sends the pending change's links again. */
export async function resendEmailChange(input: { userId: string; email: string }): Promise<void> {
  const { error } = await getSupabase().auth.resend({
    type: 'email_change',
    email: input.email,
    options: { emailRedirectTo: settingsUrl() },
  });
  if (error) throw error;
}

export const changeEmailMutation = defineMutation('change e-mail', changeEmail, {
  invalidates: ([input]) => [emailStateQuery.keys(input.userId)],
});
export const resendEmailChangeMutation = defineMutation('resend e-mail change', resendEmailChange);
