import { defineMutation } from '../../../lib/query';
import type { AuthMode, CredentialFields } from '../lib/validate-credentials';
import { signInCustomer } from './sign-in-customer';
import { signUpCustomer } from './sign-up-customer';

/**
 * The auth overlay's one write: sign in or create the account. A refusal is an answer (the result says
 * why, for the form to show), not a failure of the call; the session changing refreshes what is cached.
 */
export const authenticateMutation = defineMutation(
  'sign in',
  ({ mode, fields }: { mode: AuthMode; fields: CredentialFields }) =>
    mode === 'sign-up' ? signUpCustomer(fields) : signInCustomer(fields),
);
export const useAuthenticate = () => authenticateMutation.use();
