import { getSupabase } from '@prepper/shared';
import { backendError, type Administrator } from './administrator';
import { defineQuery } from '../../../lib/query';

/** Every administrator, newest first, with e-mail and names (admin_list_administrators). */
export async function listAdministrators(): Promise<Administrator[]> {
  const { data, error } = await getSupabase().rpc('admin_list_administrators');
  if (error) throw backendError(error, 'Failed to fetch administrators');
  return (data ?? [])
    .map((row) => ({
      id: row.id,
      userId: row.user_id,
      role: row.role,
      permissions: row.permissions ?? [],
      active: row.active === 1,
      createdAt: row.created_at,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Every administrator: key ['administrators', []]. */
export const administratorsQuery = defineQuery('administrators', listAdministrators);
