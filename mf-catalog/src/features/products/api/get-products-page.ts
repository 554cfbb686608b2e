import {
  getCatalogueClient,
  mapProduct,
  PRODUCT_SELECT,
  rowRange,
  type Product,
  type ProductRow,
} from '@prepper/shared';
import { PAGE_SIZE } from '../../../lib/pagination';
import { PRICE_MAX, PRICE_MIN } from '../../../lib/products-url-state';
import type { SortOption } from '../../../lib/sort-options';
import { defineQuery } from '../../../lib/query';

export interface ProductListFilters {
  search: string;
  categoryId: string | null;
  minPrice: number;
  maxPrice: number;
  sort: SortOption;
  page: number;
}

type SortableColumn = 'in_stock' | 'rating' | 'created_at' | 'price' | 'name' | 'id';

export interface OrderTerm {
  column: SortableColumn;
  ascending: boolean;
}

/** What the database is asked for, derived from the page's filters (pure, so it can be tested). */
export interface ProductListPlan {
  /** Lowercase words; each must occur in products.search_text (name, description and tags). */
  terms: string[];
  categoryId: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  order: OrderTerm[];
  from: number;
  to: number;
}

const MAX_TERMS = 8;

/** Splits the search into lowercase words, dropping the characters LIKE patterns treat specially. */
export function searchTerms(search: string): string[] {
  return search
    .toLowerCase()
    .replace(/[%_*\\]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_TERMS);
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
  const { from, to } = rowRange(filters.page, PAGE_SIZE);
  return {
    terms: searchTerms(filters.search),
    categoryId: filters.categoryId,
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
 * hides from anon: migration 20250101002100), without a count: countProducts counts once per filter set.
 */
function productListQuery() {
  return getCatalogueClient().from('product_listing').select(PRODUCT_SELECT);
}

export type ProductListQuery = ReturnType<typeof productListQuery>;

/** Puts a plan onto a products query: filters, order and the page's range. */
export function applyProductListPlan(query: ProductListQuery, plan: ProductListPlan): ProductListQuery {
  let next = query;
  // search_text is lowercase (a trigger writes it) and so are the terms: LIKE finds what ILIKE would, and
  // rechecking the trigram index's candidates without case folding takes about half the time.
  for (const term of plan.terms) next = next.like('search_text', `%${term}%`);
  if (plan.categoryId) next = next.eq('category_id', plan.categoryId);
  if (plan.minPrice !== null) next = next.gte('price', plan.minPrice);
  if (plan.maxPrice !== null) next = next.lte('price', plan.maxPrice);
  for (const term of plan.order) next = next.order(term.column, { ascending: term.ascending });
  return next.range(plan.from, plan.to);
}

export interface ProductPage {
  products: Product[];
}

/** One page of /products, filtered, sorted and paged in the database. */
export async function getProductsPage(filters: ProductListFilters): Promise<ProductPage> {
  const { data, error } = await applyProductListPlan(
    productListQuery(),
    planProductList(filters),
  ).overrideTypes<ProductRow[], { merge: false }>();
  if (error) throw error;
  return { products: data.map(mapProduct) };
}

/** Counts stop here: past it the page says "10,000+ products" (count_products counts up to 10,001). */
export const PRODUCT_COUNT_CAP = 10_000;

/** What a filter set matches, independent of sort and page (so the count is kept while paging). */
export interface ProductCountFilters {
  terms: string[];
  categoryId: string | null;
  minPrice: number | null;
  maxPrice: number | null;
}

/** How many products match: exact up to PRODUCT_COUNT_CAP; `capped` when there are more. */
export interface ProductCount {
  count: number;
  capped: boolean;
}

/** The count's filters of a page's filters (search words normalised as the page's query uses them). */
export function productCountFilters(filters: ProductListFilters): ProductCountFilters {
  const { terms, categoryId, minPrice, maxPrice } = planProductList(filters);
  return { terms, categoryId, minPrice, maxPrice };
}

/** The number of products a filter set matches, counted up to PRODUCT_COUNT_CAP + 1 in the database. */
export async function countProducts(filters: ProductCountFilters): Promise<ProductCount> {
  const { data, error } = await getCatalogueClient().rpc('count_products', {
    p_terms: filters.terms,
    ...(filters.categoryId !== null ? { p_category_id: filters.categoryId } : {}),
    ...(filters.minPrice !== null ? { p_min_price: filters.minPrice } : {}),
    ...(filters.maxPrice !== null ? { p_max_price: filters.maxPrice } : {}),
  });
  if (error) throw error;
  return { count: Math.min(data, PRODUCT_COUNT_CAP), capped: data > PRODUCT_COUNT_CAP };
}

/** One page of /products: key ['products', [filters]]; null waits (for the category list). */
export const productsPageQuery = defineQuery('products', getProductsPage);
export const useProductsPage = (filters: ProductListFilters | null) =>
  productsPageQuery.use(filters === null ? null : [filters]);

/** The count of /products: key ['products-count', [filters]], fetched again only when the filters change. */
export const productCountQuery = defineQuery('products-count', countProducts);
export const useProductCount = (filters: ProductListFilters | null) =>
  productCountQuery.use(filters === null ? null : [productCountFilters(filters)]);
