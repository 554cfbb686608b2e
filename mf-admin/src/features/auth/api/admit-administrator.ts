import { getAdminActiveValue } from './get-admin-active-value';
import { signOut } from './sign-out';
import { adminRefusal } from '../lib/messages';
import { texts } from '../../../texts';

/**
 * After a successful sign-in (or password change): the account may enter only with an admin record
 * that is active. Otherwise it is signed out again and the refusal message is returned.
 */
export async function admitAdministrator(userId: string): Promise<string | null> {
  const { active, error } = await getAdminActiveValue(userId);
  const refusal = error ? texts.login.failed : adminRefusal(active);
  if (refusal) await signOut().catch(() => undefined);
  return refusal;
}
