import { getCatalogueClient, type Tables } from '@prepper/shared';
import type { Subcategory } from '../../../lib/catalog-types';
import { defineQuery } from '../../../lib/query';

/** A category's subcategory by its slug, or null when the category has none with this slug. */
export async function getSubcategoryBySlug(categoryId: string, slug: string): Promise<Subcategory | null> {
  const { data, error } = await getCatalogueClient()
    .from('subcategories')
    .select('id, name, slug, description')
    .eq('category_id', categoryId)
    .eq('slug', slug)
    .maybeSingle()
    .overrideTypes<Pick<Tables<'subcategories'>, 'id' | 'name' | 'slug' | 'description'> | null>();
  if (error) throw error;
  return data ? { id: data.id, name: data.name, slug: data.slug, description: data.description ?? '' } : null;
}

/** A category's subcategory by slug: key ['subcategory', [categoryId, slug]]; null waits. */
export const subcategoryBySlugQuery = defineQuery('subcategory', getSubcategoryBySlug);
export const useSubcategoryBySlug = (args: [categoryId: string, slug: string] | null) =>
  subcategoryBySlugQuery.use(args);
