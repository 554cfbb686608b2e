import { getSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';
import { administratorsQuery } from './list-administrators';
import { backendError } from './administrator';

/** Removes the admin record only: the account stays and can still use the shop. */
export async function removeAdministrator(id: string): Promise<void> {
  const { error } = await getSupabase().rpc('admin_remove_administrator', { p_id: id });
  if (error) throw backendError(error, '');
}

/** Remove: the administrator list changes. */
export const removeAdministratorMutation = defineMutation('remove administrator', removeAdministrator, {
  invalidates: [administratorsQuery],
});
export const useRemoveAdministrator = () => removeAdministratorMutation.use();
