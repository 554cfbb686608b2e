import { getSupabase, mapProduct, PRODUCT_SELECT, type Product, type ProductRow } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

/** The products of a reorder link as they are now (stock, price); ids of deleted products are absent. */
export async function getReorderProducts(ids: readonly string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const { data, error } = await getSupabase()
    .from('products')
    .select(PRODUCT_SELECT)
    .in('id', [...ids])
    .overrideTypes<ProductRow[], { merge: false }>();
  if (error) throw error;
  return data.map(mapProduct);
}

/** Key ['reorder-products', [ids]]. */
export const reorderProductsQuery = defineQuery('reorder-products', getReorderProducts);
export const useReorderProducts = (ids: readonly string[] | null) =>
  reorderProductsQuery.use(ids ? [ids] : null);
