import { getSupabase } from '@prepper/shared';
import type { SaveCategoryArgs } from '../lib/category-form';

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
