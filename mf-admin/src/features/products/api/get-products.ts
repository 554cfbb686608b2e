import { getSupabase, mapProduct, rowRange } from '@prepper/shared';
import type { Product, ProductRow } from '@prepper/shared';
import { productSearchCondition } from '../lib/product-search';
import { stockFilterConditions, type StockFilter } from '../lib/stock-filter';
import { getWaitlistCounts } from './get-waitlist-counts';
import { defineQuery } from '../../../lib/query';

export const PRODUCT_PAGE_SIZE = 10;

/**
 * The storefront's product select without its waitlist holds: staff see the stock as it is, not less
 * the units held for waitlist subscribers (mapProduct takes those off only when the row carries them).
 */
const ADMIN_PRODUCT_SELECT = '*, category:categories(name, slug), subcategory:subcategories(name, slug)';

export interface ProductListQuery {
  search: string;
  filter: StockFilter;
  page: number;
}

/** A product of the back office list: the storefront's product with its SKU. */
export type AdminProduct = Product & { sku: string };

export interface ProductListResult {
  products: AdminProduct[];
  /** Exact number of products matching search and filter (all pages). */
  total: number;
  /** Customers waiting for a back-in-stock e-mail, by product id (none: absent). */
  waiting: Record<string, number>;
}

/** The admin product list: newest first, exact count, search by name or SKU, stock filter, one page. */
export async function getProducts({ search, filter, page }: ProductListQuery): Promise<ProductListResult> {
  let query = getSupabase().from('products').select(ADMIN_PRODUCT_SELECT, { count: 'exact' });
  const term = search.trim();
  if (term) query = query.or(productSearchCondition(term));
  const conditions = stockFilterConditions(filter);
  if (conditions.inStock !== undefined) query = query.eq('in_stock', conditions.inStock);
  if (conditions.stockCountBelow !== undefined) query = query.lt('stock_count', conditions.stockCountBelow);
  const { from, to } = rowRange(page, PRODUCT_PAGE_SIZE);
  const { data, error, count } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .range(from, to)
    .overrideTypes<(ProductRow & { sku: string })[], { merge: false }>();
  if (error) throw error;
  const products = data.map((row) => ({ ...mapProduct(row), sku: row.sku }));
  const waiting = await getWaitlistCounts(products.map((product) => product.id));
  return { products, total: count ?? 0, waiting };
}

/** One page of the admin product list: key ['products', [{ search, filter, page }]]. */
export const productsQuery = defineQuery('products', getProducts);
