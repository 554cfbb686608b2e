/** Sort options; 'newest' exists on the products page only. */
export const SORT_OPTIONS = ['featured', 'newest', 'price-low', 'price-high', 'rating', 'name'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const SUBCATEGORY_SORT_OPTIONS = ['featured', 'price-low', 'price-high', 'rating', 'name'] as const;
export type SubcategorySortOption = (typeof SUBCATEGORY_SORT_OPTIONS)[number];

export function isSortOption(value: string | null): value is SortOption {
  return value !== null && (SORT_OPTIONS as readonly string[]).includes(value);
}
