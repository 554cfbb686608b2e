import { getSupabase, type Tables } from '@prepper/shared';

/** The lots of a product, earliest best-before first (undated last); RLS: products permission only. */
export async function getProductLots(productId: string): Promise<Tables<'product_lots'>[]> {
  const { data, error } = await getSupabase()
    .from('product_lots')
    .select('*')
    .eq('product_id', productId)
    .order('best_before', { ascending: true, nullsFirst: false })
    .order('received_on')
    .order('lot_code');
  if (error) throw error;
  return data;
}
