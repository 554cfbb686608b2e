import { getSupabase, type Tables } from '@prepper/shared';

/** One product row by id, for the edit form. */
export async function getProduct(id: string): Promise<Tables<'products'>> {
  const { data, error } = await getSupabase().from('products').select('*').eq('id', id).single();
  if (error) throw error;
  return data;
}
