import { defineMutation } from '../../../lib/query';
import { admitAdministrator } from './admit-administrator';
import { updatePassword } from './update-password';

export type NewPasswordResult =
  /** The password was refused (too weak, link expired): GoTrue's message. */
  | { updated: false; message: string }
  /** The password is set; `refusal` says why this account may not use the back office, if it may not. */
  | { updated: true; refusal: string | null };

/** Sets the new password after a reset link, then checks the account is an active administrator. */
export async function setNewPassword(password: string): Promise<NewPasswordResult> {
  const result = await updatePassword(password);
  if (result.error)
    return { updated: false, message: result.error.message || 'Could not update the password' };
  return { updated: true, refusal: await admitAdministrator(result.user.id) };
}

export const setNewPasswordMutation = defineMutation('set new password', setNewPassword);
export const useSetNewPassword = () => setNewPasswordMutation.use();
