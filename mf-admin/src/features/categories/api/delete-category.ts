import { getSupabase } from '@prepper/shared';
import { deleteCategoryWithImages } from '@prepper/shared/catalog-images';
import { defineMutation } from '../../../lib/query';
import { categoriesQuery } from './get-categories';

/**
 * Deletes a category; its subcategories and products go with it (on delete cascade), then the images
 * uploaded for the category and those products. RLS decides.
 */
export async function deleteCategory(id: string): Promise<void> {
  await deleteCategoryWithImages(getSupabase(), id);
}

/** Delete: the category list changes. */
export const deleteCategoryMutation = defineMutation('delete category', deleteCategory, {
  invalidates: [categoriesQuery],
});
