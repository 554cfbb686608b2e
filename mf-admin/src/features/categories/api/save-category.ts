import { getSupabase } from '@prepper/shared';
import type { SaveCategoryArgs } from '../lib/category-form';

/**
 * Saves the category and applies every subcategory deletion, insert and update in one database
 * transaction (admin_save_category): a failure part-way leaves everything as it was.
 */
export async function saveCategory(args: SaveCategoryArgs): Promise<void> {
  const { error } = await getSupabase().rpc('admin_save_category', args);
  if (error) throw error;
}
