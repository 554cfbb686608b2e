import { getCatalogueClient } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

export interface CategoryOption {
  id: string;
  name: string;
  slug: string;
}

/** Categories (id, name, slug) by name, for the /products category filter. */
export async function getFilterCategories(): Promise<CategoryOption[]> {
  const { data, error } = await getCatalogueClient()
    .from('categories')
    .select('id, name, slug')
    .order('name')
    .overrideTypes<CategoryOption[], { merge: false }>();
  if (error) throw error;
  return data;
}

/** The /products category filter: key ['filter-categories', []]. */
export const filterCategoriesQuery = defineQuery('filter-categories', getFilterCategories);
export const useFilterCategories = () => filterCategoriesQuery.use([]);
