import { getSupabase } from '@prepper/shared';
import type { ProductPayload, ProductRecord } from '../lib/product-form';

/**
 * Inserts a product (id null) under `newId` (the id its uploaded images are filed under) or updates one;
 * the database sets the slug. Returns the saved row.
 */
export async function saveProduct(
  id: string | null,
  payload: ProductPayload,
  newId: string,
): Promise<ProductRecord> {
  const table = getSupabase().from('products');
  const { data, error } = id
    ? await table.update(payload).eq('id', id).select('*').single()
    : await table
        .insert({ ...payload, id: newId })
        .select('*')
        .single();
  if (error) throw error;
  return data;
}
