import { getCatalogueClient } from '@prepper/shared';
import { mapCategory, type Category, type CategoryRow } from '../../../lib/catalog-types';
import { CATEGORY_WITH_SUBCATEGORIES } from '../../../lib/selects';
import { defineQuery } from '../../../lib/query';

/** One category with its subcategories, or null when no category has this slug. */
export async function getCategoryBySlug(slug: string): Promise<Category | null> {
  const { data, error } = await getCatalogueClient()
    .from('categories')
    .select(CATEGORY_WITH_SUBCATEGORIES)
    .eq('slug', slug)
    .maybeSingle()
    .overrideTypes<CategoryRow | null, { merge: false }>();
  if (error) throw error;
  return data ? mapCategory(data) : null;
}

/** One category by slug: key ['category', [slug]]; null waits. */
export const categoryBySlugQuery = defineQuery('category', getCategoryBySlug);
export const useCategoryBySlug = (slug: string | null) =>
  categoryBySlugQuery.use(slug === null ? null : [slug]);
