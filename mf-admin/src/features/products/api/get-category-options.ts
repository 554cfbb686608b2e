import { getSupabase } from '@prepper/shared';

export interface Option {
  id: string;
  name: string;
}

/** Categories (id, name) ordered by name, for the product form. */
export async function getCategoryOptions(): Promise<Option[]> {
  const { data, error } = await getSupabase().from('categories').select('id, name').order('name');
  if (error) throw error;
  return data;
}

/** Subcategories (id, name) of one category ordered by name. */
export async function getSubcategoryOptions(categoryId: string): Promise<Option[]> {
  const { data, error } = await getSupabase()
    .from('subcategories')
    .select('id, name, category_id')
    .eq('category_id', categoryId)
    .order('name');
  if (error) throw error;
  return data.map(({ id, name }) => ({ id, name }));
}
