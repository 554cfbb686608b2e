import { getSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';
import { administratorsQuery } from './list-administrators';
import { backendError } from './administrator';

export interface NewAdministrator {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: string;
  permissions: string[];
  active: boolean;
}

/** Creates the account (e-mail confirmed, names in its metadata) and its admin record in one transaction. */
export async function createAdministrator(input: NewAdministrator): Promise<void> {
  const { error } = await getSupabase().rpc('admin_create_administrator', {
    p_email: input.email,
    p_password: input.password,
    p_first_name: input.firstName,
    p_last_name: input.lastName,
    p_role: input.role,
    p_permissions: input.permissions,
    p_active: input.active ? 1 : 0,
  });
  if (error) throw backendError(error, '');
}

/** Create: the administrator list changes. */
export const createAdministratorMutation = defineMutation('create administrator', createAdministrator, {
  invalidates: [administratorsQuery],
});
export const useCreateAdministrator = () => createAdministratorMutation.use();
