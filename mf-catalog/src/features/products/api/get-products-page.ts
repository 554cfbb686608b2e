import { mapProduct, rowRange, type Product, type ProductRow } from '@prepper/shared';
import { selectProducts } from './select-products';
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

/** SPEC section 9 sorts; every order ends with the id so pages never overlap or skip rows. */
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

function productListQuery() {
  return selectProducts({ count: 'exact' });
}

export type ProductListQuery = ReturnType<typeof productListQuery>;

/** Puts a plan onto a products query: filters, order and the page's range. */
export function applyProductListPlan(query: ProductListQuery, plan: ProductListPlan): ProductListQuery {
  let next = query;
  for (const term of plan.terms) next = next.ilike('search_text', `%${term}%`);
  if (plan.categoryId) next = next.eq('category_id', plan.categoryId);
  if (plan.minPrice !== null) next = next.gte('price', plan.minPrice);
  if (plan.maxPrice !== null) next = next.lte('price', plan.maxPrice);
  for (const term of plan.order) next = next.order(term.column, { ascending: term.ascending });
  return next.range(plan.from, plan.to);
}

export interface ProductPage {
  products: Product[];
  total: number;
}

/** One page of /products, filtered, sorted and paged in the database. */
export async function getProductsPage(filters: ProductListFilters): Promise<ProductPage> {
  const { data, error, count } = await applyProductListPlan(
    productListQuery(),
    planProductList(filters),
  ).overrideTypes<ProductRow[], { merge: false }>();
  if (error) throw error;
  return { products: data.map(mapProduct), total: count ?? data.length };
}

/** One page of /products: key ['products', [filters]]; null waits (for the category list). */
export const productsPageQuery = defineQuery('products', getProductsPage);
export const useProductsPage = (filters: ProductListFilters | null) =>
  productsPageQuery.use(filters === null ? null : [filters]);
