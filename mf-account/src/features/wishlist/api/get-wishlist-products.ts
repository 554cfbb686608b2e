import { getSupabase, mapProduct, PRODUCT_SELECT, type Product, type ProductRow } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

/** The saved products as they are now (price, stock, picture), by id; ids of deleted products are absent. */
export async function getWishlistProducts(ids: readonly string[]): Promise<Map<string, Product>> {
  if (ids.length === 0) return new Map();
  const { data, error } = await getSupabase()
    .from('products')
    .select(PRODUCT_SELECT)
    .in('id', [...ids])
    .overrideTypes<ProductRow[], { merge: false }>();
  if (error) throw error;
  return new Map(data.map((row) => [row.id, mapProduct(row)]));
}

/** The saved products' current facts: key ['wishlist-products', [ids]]. */
export const wishlistProductsQuery = defineQuery('wishlist-products', getWishlistProducts);
export const useWishlistProductFacts = (ids: readonly string[]) => wishlistProductsQuery.use([ids]);
