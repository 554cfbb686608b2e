export const CATEGORY_FILTERS = ['all', 'with-products', 'empty'] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];

/** The id condition a filter adds, given the ids of categories that have products. */
export type IdCondition =
  { kind: 'none' } | { kind: 'in'; ids: string[] } | { kind: 'not-in'; ids: string[] };

export function categoryIdCondition(filter: CategoryFilter, idsWithProducts: readonly string[]): IdCondition {
  if (filter === 'with-products') return { kind: 'in', ids: [...idsWithProducts] };
  if (filter === 'empty' && idsWithProducts.length > 0) return { kind: 'not-in', ids: [...idsWithProducts] };
  return { kind: 'none' };
}

export interface CategoryCounts {
  subcategoryCount: number;
  productCount: number;
}

/** Total Subcategories, Total Products and Empty Categories: over the current page only. */
export function categoryPageStats(rows: readonly CategoryCounts[]) {
  return {
    subcategories: rows.reduce((sum, row) => sum + row.subcategoryCount, 0),
    products: rows.reduce((sum, row) => sum + row.productCount, 0),
    empty: rows.filter((row) => row.productCount === 0).length,
  };
}
