import { getSupabase } from '@prepper/shared';

export interface CategoryOption {
  id: string;
  name: string;
  slug: string;
}

/** Categories (id, name, slug) by name, for the /products category filter. */
export async function getFilterCategories(): Promise<CategoryOption[]> {
  const { data, error } = await getSupabase().from('categories').select('id, name, slug').order('name');
  if (error) throw error;
  return data;
}
