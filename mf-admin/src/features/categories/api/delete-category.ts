import { getSupabase } from '@prepper/shared';
import { deleteCategoryWithImages } from '@prepper/shared/catalog-images';

/**
 * Deletes a category; its subcategories and products go with it (on delete cascade), then the images
 * uploaded for the category and those products. RLS decides.
 */
export async function deleteCategory(id: string): Promise<void> {
  await deleteCategoryWithImages(getSupabase(), id);
}
