import { getSupabase, mapProduct, PRODUCT_SELECT, type Product, type ProductRow } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

/**
 * Ids per request: each takes about 40 bytes of the address (id=in.(…)), so a full wishlist (200) in one
 * request came to 8 kB (7,986 characters with a hosted project's host), what proxies in front of a
 * hosted PostgREST accept; 100 keep it near 4 kB.
 */
export const WISHLIST_IDS_PER_REQUEST = 100;

/** The saved products as they are now (price, stock, picture), by id; ids of deleted products are absent. */
export async function getWishlistProducts(ids: readonly string[]): Promise<Map<string, Product>> {
  const chunks: string[][] = [];
  for (let start = 0; start < ids.length; start += WISHLIST_IDS_PER_REQUEST)
    chunks.push(ids.slice(start, start + WISHLIST_IDS_PER_REQUEST));
  const pages = await Promise.all(
    chunks.map(async (chunk) => {
      const { data, error } = await getSupabase()
        .from('products')
        .select(PRODUCT_SELECT)
        .in('id', chunk)
        .overrideTypes<ProductRow[], { merge: false }>();
      if (error) throw error;
      return data;
    }),
  );
  return new Map(pages.flat().map((row) => [row.id, mapProduct(row)]));
}

/** The saved products' current facts: key ['wishlist-products', [ids]]. */
export const wishlistProductsQuery = defineQuery('wishlist-products', getWishlistProducts);
export const useWishlistProductFacts = (ids: readonly string[]) => wishlistProductsQuery.use([ids]);
