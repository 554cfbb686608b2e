import { getSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

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

/** The product form's category choices: key ['category-options', []]. */
export const categoryOptionsQuery = defineQuery('category-options', getCategoryOptions);
/** The subcategory choices of the chosen category: key ['subcategory-options', [categoryId]]; null waits. */
export const subcategoryOptionsQuery = defineQuery('subcategory-options', getSubcategoryOptions);
