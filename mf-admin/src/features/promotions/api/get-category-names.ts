import { getSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

/** Categories (id, name) by name, for a code's scope and for naming it in the list. */
export async function getCategoryNames(): Promise<{ id: string; name: string }[]> {
  const { data, error } = await getSupabase().from('categories').select('id, name').order('name');
  if (error) throw error;
  return data;
}

/** key ['promotion-categories', []]. */
export const promotionCategoriesQuery = defineQuery('promotion-categories', getCategoryNames);
