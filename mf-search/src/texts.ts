/** Every user-facing text of the search overlay; those SPEC quotes appear exactly so. */
export const texts = {
  dialogLabel: 'Search products',
  inputLabel: 'Search products',
  placeholder: 'Search for products, categories, or features...',
  clear: 'Clear search',
  close: 'Close search',
  popularSearches: 'Popular Searches',
  popular: [
    'Satellite Phone',
    'Multi-Tool',
    'Solar Panel',
    'Emergency Food',
    'Two-Way Radio',
    'Fire Starter',
  ],
  resultsHeading: (count: number) => `Search Results (${count})`,
  noResults: (query: string) => `No products found for "${query}"`,
  noResultsHint: 'Try searching for communication, survival, food, or power',
  searching: 'Searching…',
  failed: 'Search is not available right now. Please try again.',
  retry: 'Try again',
  keyboardHint: 'Use ↑ and ↓ to move through the results, Enter to open one.',
} as const;
