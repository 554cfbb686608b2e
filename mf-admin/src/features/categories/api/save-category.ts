import { getSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';
import type { SaveCategoryArgs } from '../lib/category-form';
import { categoriesQuery } from './get-categories';
import { categoryQuery } from './get-category';

/**
 * Saves the category and applies every subcategory deletion, insert and update in one database
 * transaction (admin_save_category; a new one, p_id null, is created under `newId` by
 * admin_create_category, so the images uploaded before the first save are its own): a failure
 * part-way leaves everything as it was.
 */
export async function saveCategory(args: SaveCategoryArgs, newId: string): Promise<void> {
  const { error } = args.p_id
    ? await getSupabase().rpc('admin_save_category', args)
    : await getSupabase().rpc('admin_create_category', { ...args, p_id: newId });
  if (error) throw error;
}

/** Save: the category list and the edited category change. */
export const saveCategoryMutation = defineMutation('save category', saveCategory, {
  invalidates: ([args]) => [categoriesQuery, ...(args.p_id ? [categoryQuery.keys(args.p_id)] : [])],
});
export const useSaveCategory = () => saveCategoryMutation.use();
