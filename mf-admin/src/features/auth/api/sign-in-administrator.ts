import { defineMutation } from '../../../lib/query';
import { signInErrorMessage } from '../lib/messages';
import { admitAdministrator } from './admit-administrator';
import { signInWithPassword } from './sign-in';

/**
 * Signs in and lets only an active administrator stay. Resolves to why the login page refuses (the
 * message for the administrator), or null once an administrator is in.
 */
export async function signInAdministrator(email: string, password: string): Promise<string | null> {
  const result = await signInWithPassword(email, password);
  if (result.error) return signInErrorMessage(result.error);
  return admitAdministrator(result.user.id);
}

/** Sign in: nothing cached is the administrator's yet (the session change reloads what needs it). */
export const signInAdministratorMutation = defineMutation('sign in', signInAdministrator);
export const useSignInAdministrator = () => signInAdministratorMutation.use();
