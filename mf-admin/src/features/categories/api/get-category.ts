import { getSupabase, type Tables } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

export type CategoryWithSubcategories = Tables<'categories'> & {
  subcategories: Pick<Tables<'subcategories'>, 'id' | 'name' | 'slug' | 'description'>[];
};

/** One category by id with its subcategories ordered by name, for the edit form. */
export async function getCategory(id: string): Promise<CategoryWithSubcategories> {
  const supabase = getSupabase();
  const [category, subcategories] = await Promise.all([
    supabase.from('categories').select('*').eq('id', id).single(),
    supabase.from('subcategories').select('id, name, slug, description').eq('category_id', id).order('name'),
  ]);
  if (category.error) throw category.error;
  if (subcategories.error) throw subcategories.error;
  return { ...category.data, subcategories: subcategories.data };
}

/** The edited category with its subcategories: key ['category', [id]]. */
export const categoryQuery = defineQuery('category', getCategory);
