import { getSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';
import { administratorsQuery } from './list-administrators';
import { backendError } from './administrator';

export interface AdministratorChanges {
  role: string;
  permissions: string[];
  active: boolean;
}

/** Changes role, permissions and active status of an admin record (never the account itself). */
export async function updateAdministrator(id: string, changes: AdministratorChanges): Promise<void> {
  const { error } = await getSupabase().rpc('admin_update_administrator', {
    p_id: id,
    p_role: changes.role,
    p_permissions: changes.permissions,
    p_active: changes.active ? 1 : 0,
  });
  if (error) throw backendError(error, '');
}

/** Update: the administrator list changes. */
export const updateAdministratorMutation = defineMutation('update administrator', updateAdministrator, {
  invalidates: [administratorsQuery],
});
export const useUpdateAdministrator = () => updateAdministratorMutation.use();
