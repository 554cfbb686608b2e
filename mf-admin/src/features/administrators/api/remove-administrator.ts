import { getSupabase } from '@prepper/shared';
import { backendError } from './administrator';

/** Removes the admin record only: the account stays and can still use the shop. */
export async function removeAdministrator(id: string): Promise<void> {
  const { error } = await getSupabase().rpc('admin_remove_administrator', { p_id: id });
  if (error) throw backendError(error, '');
}
