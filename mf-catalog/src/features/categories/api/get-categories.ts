import { getCatalogueClient } from '@prepper/shared';
import { mapCategory, type Category, type CategoryRow } from '../../../lib/catalog-types';
import { CATEGORY_WITH_SUBCATEGORIES } from '../../../lib/selects';
import { defineQuery } from '../../../lib/query';

/** Every category with its subcategories, oldest first (header navigation and home). */
export async function getCategories(): Promise<Category[]> {
  const { data, error } = await getCatalogueClient()
    .from('categories')
    .select(CATEGORY_WITH_SUBCATEGORIES)
    .order('created_at', { ascending: true })
    .overrideTypes<CategoryRow[], { merge: false }>();
  if (error) throw error;
  return data.map(mapCategory);
}

/** Every category (header navigation, home): key ['categories', []]. */
export const categoriesQuery = defineQuery('categories', getCategories);
export const useCategories = () => categoriesQuery.use([]);
