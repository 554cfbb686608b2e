import type { Product } from '@prepper/shared';

/** Sort options; 'newest' exists on the products page only. */
export const SORT_OPTIONS = ['featured', 'newest', 'price-low', 'price-high', 'rating', 'name'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const SUBCATEGORY_SORT_OPTIONS = ['featured', 'price-low', 'price-high', 'rating', 'name'] as const;
export type SubcategorySortOption = (typeof SUBCATEGORY_SORT_OPTIONS)[number];

export function isSortOption(value: string | null): value is SortOption {
  return value !== null && (SORT_OPTIONS as readonly string[]).includes(value);
}

/**
 * Sorts an already loaded list (subcategory page). 'featured' keeps the loaded order (newest first),
 * the others sort a copy; ties keep the loaded order.
 */
export function sortProducts(products: readonly Product[], sort: SubcategorySortOption): Product[] {
  const copy = [...products];
  switch (sort) {
    case 'price-low':
      return copy.sort((a, b) => a.price - b.price);
    case 'price-high':
      return copy.sort((a, b) => b.price - a.price);
    case 'rating':
      return copy.sort((a, b) => b.rating - a.rating);
    case 'name':
      return copy.sort((a, b) => a.name.localeCompare(b.name, 'en'));
    case 'featured':
      return copy;
  }
}
