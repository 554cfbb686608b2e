import { getSupabase } from '@prepper/shared';
import type { ProductRecord } from '../lib/product-form';

/** One product row by id, for the edit form. */
export async function getProduct(id: string): Promise<ProductRecord> {
  const { data, error } = await getSupabase().from('products').select('*').eq('id', id).single();
  if (error) throw error;
  return data;
}
