import { getSupabase } from '@prepper/shared';

/** Deletes a category; its subcategories and products go with it (on delete cascade). RLS decides. */
export async function deleteCategory(id: string): Promise<void> {
  const { data, error } = await getSupabase().from('categories').delete().eq('id', id).select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error('The category was not deleted (not found or not allowed)');
}
