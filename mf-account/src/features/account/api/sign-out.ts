import { signOutCustomer } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';

/** Sign out: the shared session ends in every remote (the cache empties when the customer changes). */
export const signOutMutation = defineMutation('sign out', () => signOutCustomer());
export const useSignOut = () => signOutMutation.use();
