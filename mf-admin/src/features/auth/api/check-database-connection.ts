import { getSupabase } from '@prepper/shared';

/**
 * The connectivity test before any admin check, so a backend that is down is not reported as a refusal:
 * a head count of categories, limit 1.
 */
export async function checkDatabaseConnection(): Promise<boolean> {
  const { error } = await getSupabase()
    .from('categories')
    .select('id', { count: 'exact', head: true })
    .limit(1);
  return !error;
}
