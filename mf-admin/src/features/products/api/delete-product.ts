import { getSupabase } from '@prepper/shared';

/** Deletes a product; RLS only lets an administrator with the products permission do it. */
export async function deleteProduct(id: string): Promise<void> {
  const { data, error } = await getSupabase().from('products').delete().eq('id', id).select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error('The product was not deleted (not found or not allowed)');
}
