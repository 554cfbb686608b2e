import { getSupabase, mapProduct, PRODUCT_SELECT, type Product, type ProductRow } from '@prepper/shared';
import { readByIds } from '@prepper/shared/by-ids';
import { defineQuery } from '../../../lib/query';

/**
 * The saved products as they are now (price, stock, picture), by id; ids of deleted products are absent.
 * A full wishlist (200) named in one request came to 8 kB (7,986 characters with a hosted project's
 * host), what proxies in front of a hosted PostgREST accept, so it is read a hundred at a time.
 */
export async function getWishlistProducts(ids: readonly string[]): Promise<Map<string, Product>> {
  const rows = await readByIds(ids, (chunk) =>
    getSupabase()
      .from('products')
      .select(PRODUCT_SELECT)
      .in('id', chunk)
      .overrideTypes<ProductRow[], { merge: false }>(),
  );
  return new Map(rows.map((row) => [row.id, mapProduct(row)]));
}

/** The saved products' current facts: key ['wishlist-products', [ids]]. */
export const wishlistProductsQuery = defineQuery('wishlist-products', getWishlistProducts);
export const useWishlistProductFacts = (ids: readonly string[]) => wishlistProductsQuery.use([ids]);
