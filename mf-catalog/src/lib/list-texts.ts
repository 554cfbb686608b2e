import { formatNumber } from '@prepper/shared/format';
/**
 * Texts of the product lists (/products, category and subcategory pages: their search, filters, sort and
 * pages): they load with those pages only, not with the home or a product page.
 */
export const listTexts = {
  products: {
    title: 'All Products',
    lead: 'Browse our full range of emergency-preparedness gear.',
    searchLabel: 'Search products',
    searchPlaceholder: 'Search by name, description or tag...',
    filters: 'Filters',
    category: 'Category',
    allCategories: 'All Categories',
    priceRange: 'Price range',
    minPrice: 'Minimum price',
    maxPrice: 'Maximum price',
    clearFilters: 'Clear Filters',
    sortLabel: 'Sort by',
    view: 'View',
    gridView: 'Grid view',
    listView: 'List view',
    loading: 'Loading products',
    empty: 'No products found',
    emptyHint: 'Try adjusting your search or filters.',
    showing: (from: number, to: number, total: number) =>
      `Showing ${formatNumber(from)}–${formatNumber(to)} of ${formatNumber(total)} products`,
    previous: 'Previous',
    next: 'Next',
    pagination: 'Pagination',
    page: (page: number) => `Page ${page}`,
  },
  sort: {
    featured: 'Featured',
    newest: 'Newest',
    'price-low': 'Price: Low to High',
    'price-high': 'Price: High to Low',
    rating: 'Highest Rated',
    name: 'Name (A-Z)',
  },
  filters: {
    availability: 'Availability',
    any: 'Any',
    stock: { in_stock: 'In stock', low_stock: 'Low stock', out_of_stock: 'Out of stock' },
    rating: 'Customer rating',
    ratingAtLeast: (stars: number) => `${stars} stars & up`,
    didYouMean: 'Did you mean:',
  },
};
