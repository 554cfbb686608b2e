import {
  DEFAULT_PRODUCTS_STATE,
  hasActiveFilters,
  readProductsState,
  updateProductsState,
  writeProductsState,
} from './products-url-state';

describe('products page URL state', () => {
  it('reads defaults from an empty query and writes them back as nothing', () => {
    const state = readProductsState(new URLSearchParams());
    expect(state).toEqual(DEFAULT_PRODUCTS_STATE);
    expect(writeProductsState(state).toString()).toBe('');
  });

  it('round-trips every field through the URL', () => {
    const state = {
      q: 'solar panel',
      category: 'power-solutions',
      subcategory: 'solar-panels',
      minPrice: 50,
      maxPrice: 500,
      stock: 'low_stock' as const,
      rating: 4,
      sort: 'price-high' as const,
      view: 'list' as const,
      page: 3,
    };
    const params = writeProductsState(state);
    expect(params.toString()).toBe(
      'q=solar+panel&category=power-solutions&subcategory=solar-panels&min=50&max=500&stock=low_stock&rating=4&sort=price-high&view=list&page=3',
    );
    expect(readProductsState(params)).toEqual(state);
  });

  it('falls back to defaults for malformed values and clamps prices', () => {
    const state = readProductsState(
      new URLSearchParams('sort=cheapest&view=table&page=-2&min=abc&max=99999&category=&stock=some&rating=5'),
    );
    expect(state.stock).toBeNull();
    expect(state.rating).toBeNull();
    expect(state.sort).toBe('featured');
    expect(state.view).toBe('grid');
    expect(state.page).toBe(1);
    expect(state.minPrice).toBe(0);
    expect(state.maxPrice).toBe(2000);
    expect(state.category).toBeNull();
  });

  it('orders a reversed price range', () => {
    const state = readProductsState(new URLSearchParams('min=800&max=100'));
    expect([state.minPrice, state.maxPrice]).toEqual([100, 800]);
  });

  it('goes back to page 1 when search, a filter or the sort changes', () => {
    const onPage4 = { ...DEFAULT_PRODUCTS_STATE, page: 4 };
    expect(updateProductsState(onPage4, { sort: 'rating' }).page).toBe(1);
    expect(updateProductsState(onPage4, { q: 'radio' }).page).toBe(1);
    expect(updateProductsState(onPage4, { category: 'food-storage' }).page).toBe(1);
    expect(updateProductsState(onPage4, { maxPrice: 300 }).page).toBe(1);
    expect(updateProductsState(onPage4, { stock: 'in_stock' }).page).toBe(1);
    expect(updateProductsState(onPage4, { rating: 3 }).page).toBe(1);
  });

  it('keeps the page when only the view or the page changes, or when a value is unchanged', () => {
    const onPage4 = { ...DEFAULT_PRODUCTS_STATE, page: 4 };
    expect(updateProductsState(onPage4, { view: 'list' }).page).toBe(4);
    expect(updateProductsState(onPage4, { page: 5 }).page).toBe(5);
    expect(updateProductsState(onPage4, { sort: 'featured' }).page).toBe(4);
  });

  it('knows when filters are active', () => {
    expect(hasActiveFilters(DEFAULT_PRODUCTS_STATE)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_PRODUCTS_STATE, sort: 'name', view: 'list' })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_PRODUCTS_STATE, minPrice: 10 })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_PRODUCTS_STATE, stock: 'out_of_stock' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_PRODUCTS_STATE, rating: 2 })).toBe(true);
  });
});
