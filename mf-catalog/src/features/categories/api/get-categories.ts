import { getCatalogueClient } from '@prepper/shared';
import { mapCategory, type Category, type CategoryRow } from '../../../lib/catalog-types';
import { CATEGORY_WITH_SUBCATEGORIES } from '../../../lib/selects';

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
