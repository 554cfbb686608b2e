import { isSortOption, type SortOption } from './sort-options';

/** Price slider bounds; the top of the slider means "no upper limit". */
export const PRICE_MIN = 0;
export const PRICE_MAX = 2000;

export type ViewMode = 'grid' | 'list';

/** The availability filter (product_facets and search_products_page name them so). */
export const STOCK_OPTIONS = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export type StockFilter = (typeof STOCK_OPTIONS)[number];

/** The lowest-rating filter: at least this many stars. */
export const RATING_OPTIONS = [4, 3, 2, 1] as const;

/** Everything the /products page shows, as kept in its URL. */
export interface ProductsState {
  q: string;
  /** Category slug, or null for all categories. */
  category: string | null;
  /** Subcategory slug on a category page, or null for all of it. */
  subcategory: string | null;
  minPrice: number;
  maxPrice: number;
  /** Availability (`?stock=`), or null for any. */
  stock: StockFilter | null;
  /** Lowest rating in stars (`?rating=`), or null for any. */
  rating: number | null;
  sort: SortOption;
  view: ViewMode;
  page: number;
}

export const DEFAULT_PRODUCTS_STATE: ProductsState = {
  q: '',
  category: null,
  subcategory: null,
  minPrice: PRICE_MIN,
  maxPrice: PRICE_MAX,
  stock: null,
  rating: null,
  sort: 'featured',
  view: 'grid',
  page: 1,
};

function readInteger(value: string | null, fallback: number, min: number, max: number): number {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  return Math.min(max, Math.max(min, Number(value)));
}

/** Reads the page state from the URL; anything missing or malformed falls back to the default. */
export function readProductsState(params: URLSearchParams): ProductsState {
  const sort = params.get('sort');
  const minPrice = readInteger(params.get('min'), PRICE_MIN, PRICE_MIN, PRICE_MAX);
  const maxPrice = readInteger(params.get('max'), PRICE_MAX, PRICE_MIN, PRICE_MAX);
  const stock = params.get('stock');
  const rating = Number(params.get('rating'));
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    category: params.get('category') || null,
    subcategory: params.get('subcategory') || null,
    minPrice: Math.min(minPrice, maxPrice),
    maxPrice: Math.max(minPrice, maxPrice),
    stock: (STOCK_OPTIONS as readonly (string | null)[]).includes(stock) ? (stock as StockFilter) : null,
    rating: (RATING_OPTIONS as readonly number[]).includes(rating) ? rating : null,
    sort: isSortOption(sort) ? sort : DEFAULT_PRODUCTS_STATE.sort,
    view: params.get('view') === 'list' ? 'list' : 'grid',
    page: readInteger(params.get('page'), 1, 1, 10_000),
  };
}

/** The URL parameters of a state; defaults are left out so plain /products stays plain. */
export function writeProductsState(state: ProductsState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q);
  if (state.category) params.set('category', state.category);
  if (state.subcategory) params.set('subcategory', state.subcategory);
  if (state.minPrice !== PRICE_MIN) params.set('min', String(state.minPrice));
  if (state.maxPrice !== PRICE_MAX) params.set('max', String(state.maxPrice));
  if (state.stock) params.set('stock', state.stock);
  if (state.rating) params.set('rating', String(state.rating));
  if (state.sort !== DEFAULT_PRODUCTS_STATE.sort) params.set('sort', state.sort);
  if (state.view !== DEFAULT_PRODUCTS_STATE.view) params.set('view', state.view);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/**
 * Applies a change. Search, filter and sort changes go back to page 1 (the old page may not exist
 * in the new list); switching the view or the page keeps the rest.
 */
export function updateProductsState(current: ProductsState, patch: Partial<ProductsState>): ProductsState {
  const next = { ...current, ...patch };
  const resetsPage = (
    ['q', 'category', 'subcategory', 'minPrice', 'maxPrice', 'stock', 'rating', 'sort'] as const
  ).some((key) => key in patch && patch[key] !== current[key]);
  if (resetsPage && patch.page === undefined) next.page = 1;
  return next;
}

export function hasActiveFilters(state: ProductsState): boolean {
  return (
    state.q.trim() !== '' ||
    state.category !== null ||
    state.stock !== null ||
    state.rating !== null ||
    state.minPrice !== PRICE_MIN ||
    state.maxPrice !== PRICE_MAX
  );
}
