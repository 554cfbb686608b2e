import {
  getCatalogueClient,
  LOW_STOCK_LIMIT,
  mapProduct,
  PRODUCT_SELECT,
  rowRange,
  type Product,
  type ProductRow,
} from '@prepper/shared';
import { PAGE_SIZE } from '../../../lib/pagination';
import { PRICE_MAX, PRICE_MIN, type StockFilter } from '../../../lib/products-url-state';
import type { SortOption } from '../../../lib/sort-options';
import { defineQuery } from '../../../lib/query';
import type { ProductSlice } from './get-category-products';

export interface ProductListFilters {
  search: string;
  categoryId: string | null;
  /** Only on a subcategory page. */
  subcategoryId?: string | null;
  minPrice: number;
  maxPrice: number;
  stock: StockFilter | null;
  /** With the low-stock filter: the store's threshold (LOW_STOCK_LIMIT when left out). */
  lowStockBelow?: number;
  minRating: number | null;
  sort: SortOption;
  page: number;
  /** Rows per page (PAGE_SIZE when left out). */
  pageSize?: number;
}

type SortableColumn = 'in_stock' | 'rating' | 'created_at' | 'price' | 'name' | 'id';

export interface OrderTerm {
  column: SortableColumn;
  ascending: boolean;
}

/** What the database is asked for, derived from the page's filters (pure, so it can be tested). */
export interface ProductListPlan {
  categoryId: string | null;
  subcategoryId: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  stock: StockFilter | null;
  lowStockBelow: number;
  minRating: number | null;
  order: OrderTerm[];
  from: number;
  to: number;
}

/** The sorts of /products; every order ends with the id so pages never overlap or skip rows. */
export function sortOrder(sort: SortOption): OrderTerm[] {
  const byId: OrderTerm = { column: 'id', ascending: true };
  switch (sort) {
    case 'featured':
      return [{ column: 'in_stock', ascending: false }, { column: 'rating', ascending: false }, byId];
    case 'newest':
      return [{ column: 'created_at', ascending: false }, byId];
    case 'price-low':
      return [{ column: 'price', ascending: true }, byId];
    case 'price-high':
      return [{ column: 'price', ascending: false }, byId];
    case 'rating':
      return [{ column: 'rating', ascending: false }, byId];
    case 'name':
      return [{ column: 'name', ascending: true }, byId];
  }
}

export function planProductList(filters: ProductListFilters): ProductListPlan {
  const { from, to } = rowRange(filters.page, filters.pageSize ?? PAGE_SIZE);
  return {
    categoryId: filters.categoryId,
    subcategoryId: filters.subcategoryId ?? null,
    stock: filters.stock,
    lowStockBelow: filters.lowStockBelow ?? LOW_STOCK_LIMIT,
    minRating: filters.minRating,
    minPrice: filters.minPrice > PRICE_MIN ? filters.minPrice : null,
    // The top of the slider means "and above", so nothing dearer than 2000 is ever hidden by default.
    maxPrice: filters.maxPrice < PRICE_MAX ? filters.maxPrice : null,
    order: sortOrder(filters.sort),
    from,
    to,
  };
}

/**
 * The page's rows come from `product_listing` (products, planned with the statistics row-level security
 * hides from anon: migration 20250101002100), without a count: getFacets counts once per filter set.
 */
function productListQuery(options?: { count: 'exact' }) {
  return getCatalogueClient().from('product_listing').select(PRODUCT_SELECT, options);
}

export type ProductListQuery = ReturnType<typeof productListQuery>;

/** Emergency mode: a product in stock whose units other people's waitlist holds take, and the units left. */
export interface HeldProduct {
  product_id: string;
  available: number;
}

/**
 * With an availability filter: the products whose units are held for other people's waitlist holds
 * (waitlist_held_products; none outside an emergency), which the filter counts as the checkout does.
 */
async function heldProducts(plan: ProductListPlan): Promise<HeldProduct[]> {
  if (!plan.stock) return [];
  const { data, error } = await getCatalogueClient().rpc('waitlist_held_products', {});
  if (error) throw error;
  return data;
}

/**
 * Puts a plan onto a products query: filters, order and the page's range (a search is search_products_page).
 * `held` (emergency mode): a product whose every unit is held for others is out of stock, one with fewer
 * units left than the threshold is low stock, as product_facets counts them. The database decides which
 * (the computed fields waitlist_sold_out and waitlist_low_stock), so the request stays the same size
 * however many products are held; naming them by id grew the URL by about 40 bytes a product, past what
 * proxies accept (8 kB) at about 200. `held` only says whether those filters are needed at all.
 */
export function applyProductListPlan(
  query: ProductListQuery,
  plan: ProductListPlan,
  held: HeldProduct[] = [],
): ProductListQuery {
  let next = query;
  if (plan.categoryId) next = next.eq('category_id', plan.categoryId);
  if (plan.subcategoryId) next = next.eq('subcategory_id', plan.subcategoryId);
  // Availability as the product card shows it: Low Stock is in stock with fewer than the store's threshold.
  const anyHeld = (keep: (left: number) => boolean) => held.some((product) => keep(product.available));
  const gone = anyHeld((left) => left <= 0);
  const short = anyHeld((left) => left > 0 && left < plan.lowStockBelow);
  if (plan.stock === 'out_of_stock')
    next = gone ? next.or('in_stock.eq.false,waitlist_sold_out.eq.true') : next.eq('in_stock', false);
  else if (plan.stock) {
    next = next.eq('in_stock', true);
    if (gone) next = next.eq('waitlist_sold_out', false);
  }
  if (plan.stock === 'low_stock') {
    const below = plan.lowStockBelow - 1;
    next = short
      ? next.or(`stock_count.lte.${below},waitlist_low_stock.eq.true`)
      : next.lte('stock_count', below);
  }
  if (plan.minRating !== null) next = next.gte('rating', plan.minRating);
  if (plan.minPrice !== null) next = next.gte('price', plan.minPrice);
  if (plan.maxPrice !== null) next = next.lte('price', plan.maxPrice);
  for (const term of plan.order) next = next.order(term.column, { ascending: term.ascending });
  return next.range(plan.from, plan.to);
}

export interface ProductPage {
  products: Product[];
}

/**
 * One page of /products, filtered, sorted and paged in the database. A search is the ranked search
 * (`search_products_page`: word prefixes, typos, name over tags over description; 'featured' is relevance).
 */
export async function getProductsPage(filters: ProductListFilters): Promise<ProductPage> {
  if (filters.search.trim()) {
    const plan = planProductList(filters);
    const { data, error } = await getCatalogueClient().rpc('search_products_page', {
      ...facetArgs(facetFilters(filters)),
      p_query: filters.search.trim(),
      p_sort: filters.sort,
      p_offset: plan.from,
      p_limit: plan.to - plan.from + 1,
    });
    if (error) throw error;
    return { products: (data as unknown as ProductRow[]).map(mapProduct) };
  }
  const plan = planProductList(filters);
  const { data, error } = await applyProductListPlan(
    productListQuery(),
    plan,
    await heldProducts(plan),
  ).overrideTypes<ProductRow[], { merge: false }>();
  if (error) throw error;
  return { products: data.map(mapProduct) };
}

/**
 * A slice of a list (a subcategory page's 'Load More Products') from `offset`, `filters.pageSize` rows,
 * filtered and sorted in the database over the whole list, with the exact count.
 */
export async function getProductSlice(filters: ProductListFilters, offset: number): Promise<ProductSlice> {
  const size = filters.pageSize ?? PAGE_SIZE;
  const plan = { ...planProductList(filters), from: offset, to: offset + size - 1 };
  const { data, error, count } = await applyProductListPlan(
    productListQuery({ count: 'exact' }),
    plan,
    await heldProducts(plan),
  ).overrideTypes<ProductRow[], { merge: false }>();
  if (error) throw error;
  return { products: data.map(mapProduct), total: count ?? offset + data.length };
}

/** What a filter set matches, independent of sort and page (so the counts are kept while paging). */
export interface FacetFilters {
  query: string;
  categoryId: string | null;
  subcategoryId: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  stock: StockFilter | null;
  minRating: number | null;
  /** Options counted per category (/products) or per subcategory (a category page). */
  group: 'category' | 'subcategory' | null;
}

/** The counts beside the filter options (product_facets): each counted with its own filter left out. */
export interface Facets {
  total: number;
  stock: Record<StockFilter, number>;
  rating: Record<string, number>;
  groups: { id: string; count: number }[];
}

/** The facets' filters of a list's filters (the search trimmed as the list sends it). */
export function facetFilters(filters: ProductListFilters, group: FacetFilters['group'] = null): FacetFilters {
  const { categoryId, subcategoryId, minPrice, maxPrice, stock, minRating } = planProductList(filters);
  return {
    query: filters.search.trim(),
    categoryId,
    subcategoryId,
    minPrice,
    maxPrice,
    stock,
    minRating,
    group,
  };
}

/** The functions' arguments; nulls are left out (the default applies). */
function facetArgs(filters: FacetFilters) {
  const value = <T>(x: T | null) => (x === null || x === '' ? undefined : x);
  return {
    p_query: value(filters.query),
    p_category_id: value(filters.categoryId),
    p_subcategory_id: value(filters.subcategoryId),
    p_min_price: value(filters.minPrice),
    p_max_price: value(filters.maxPrice),
    p_stock: value(filters.stock),
    p_min_rating: value(filters.minRating),
  };
}

export async function getFacets(filters: FacetFilters): Promise<Facets> {
  const { data, error } = await getCatalogueClient().rpc('product_facets', {
    ...facetArgs(filters),
    p_group: filters.group ?? undefined,
  });
  if (error) throw error;
  return data as unknown as Facets;
}

/** One page of /products: key ['products', [filters]]; null waits (for the category list). */
export const productsPageQuery = defineQuery('products', getProductsPage);
export const useProductsPage = (filters: ProductListFilters | null) =>
  productsPageQuery.use(filters === null ? null : [filters]);

/** A list's counts: key ['facets', [filters]], fetched again only when the filters change. */
export const facetsQuery = defineQuery('facets', getFacets);
export const useFacets = (filters: FacetFilters | null) =>
  facetsQuery.use(filters === null ? null : [filters]);
