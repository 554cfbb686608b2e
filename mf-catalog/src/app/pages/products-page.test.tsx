import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { getFilterCategories } from '../../features/categories/api/get-filter-categories';
import type { Product } from '@prepper/shared';
import { getFacets, getProductsPage, type Facets } from '../../features/products/api/get-products-page';
import { getSuggestions } from '../../features/products/api/get-suggestions';
import { ProductsPage } from './products-page';

vi.mock('../../features/categories/api/get-filter-categories', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getFilterCategories: vi.fn(),
  }),
);
vi.mock('../../features/products/api/get-products-page', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getProductsPage: vi.fn(),
    getFacets: vi.fn(),
  }),
);
vi.mock('../../features/products/api/get-suggestions', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getSuggestions: vi.fn(),
  }),
);

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/products" element={<ProductsPage />} />
      </Routes>
      <Search />
    </MemoryRouter>,
  );
}

const search = () => screen.getByTestId('search').textContent;

beforeEach(() => {
  vi.mocked(getFilterCategories).mockResolvedValue([
    { id: 'cat-food', name: 'Food Storage', slug: 'food-storage' },
    { id: 'cat-power', name: 'Power Solutions', slug: 'power-solutions' },
  ]);
  vi.mocked(getProductsPage).mockReset();
  vi.mocked(getProductsPage).mockResolvedValue({ products: [] });
  vi.mocked(getFacets).mockReset();
  vi.mocked(getFacets).mockResolvedValue(facets(40));
});

function facets(total: number): Facets {
  return {
    total,
    stock: { in_stock: 30, low_stock: 7, out_of_stock: 10 },
    rating: { '4': 21, '3': 33, '2': 38, '1': 39 },
    groups: [{ id: 'cat-power', count: 25 }],
  };
}

/** A full page of 12 products (what the grid needs to render a card). */
function fullPage(page: number): Product[] {
  return Array.from({ length: 12 }, (_, i) => {
    const n = (page - 1) * 12 + i + 1;
    return {
      id: `p${n}`,
      slug: `product-${n}`,
      name: `Product ${n}`,
      price: 10 + n,
      originalPrice: null,
      description: '',
      categoryId: 'cat-power',
      category: 'Power Solutions',
      categorySlug: 'power-solutions',
      subcategoryId: null,
      subcategory: null,
      subcategorySlug: null,
      image: '',
      images: [],
      inStock: true,
      stockCount: 5,
      rating: 4,
      reviewCount: 0,
      features: [],
      specifications: {},
      tags: [],
      createdAt: '2025-01-01T00:00:00Z',
    };
  });
}

describe('ProductsPage URL state', () => {
  it('queries with the state in the URL, resolving the category slug to its id', async () => {
    renderAt('/products?category=power-solutions&sort=price-high&page=2&q=solar&max=500');
    await waitFor(() => expect(getProductsPage).toHaveBeenCalled());
    expect(getProductsPage).toHaveBeenLastCalledWith({
      search: 'solar',
      categoryId: 'cat-power',
      minPrice: 0,
      maxPrice: 500,
      stock: null,
      minRating: null,
      sort: 'price-high',
      page: 2,
    });
    expect(await screen.findByLabelText('Category')).toHaveValue('power-solutions');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-high');
    expect(screen.getByLabelText('Search products')).toHaveValue('solar');
  });

  it('goes back to page 1 on a sort change and keeps the page on a view change', async () => {
    renderAt('/products?page=3');
    await screen.findByRole('navigation', { name: 'Pagination' });
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(search()).toBe('?view=list&page=3');

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'rating');
    expect(search()).toBe('?sort=rating&view=list');
    await waitFor(() =>
      expect(getProductsPage).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, sort: 'rating' })),
    );
  });

  it('commits the search after typing stops and resets the page', async () => {
    renderAt('/products?page=2');
    await userEvent.type(screen.getByLabelText('Search products'), 'radio');
    await waitFor(() => expect(search()).toBe('?q=radio'));
    await waitFor(() =>
      expect(getProductsPage).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'radio', page: 1 })),
    );
  });

  it('pages with Next and Previous', async () => {
    renderAt('/products');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(search()).toBe('?page=2');
    await userEvent.click(await screen.findByRole('button', { name: 'Previous' }));
    expect(search()).toBe('');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('offers the closest searches when a search finds nothing', async () => {
    vi.mocked(getFacets).mockResolvedValue(facets(0));
    vi.mocked(getSuggestions).mockResolvedValue(['satellite phone']);
    renderAt('/products?q=satelitte+phnoe');
    expect(await screen.findByText('Did you mean:')).toBeInTheDocument();
    expect(getSuggestions).toHaveBeenCalledWith('satelitte phnoe');
    await userEvent.click(screen.getByRole('button', { name: 'satellite phone' }));
    expect(search()).toBe('?q=satellite+phone');
  });

  it('shows the empty state, and an empty state when the fetch fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(getProductsPage).mockRejectedValue(new Error('offline'));
    renderAt('/products');
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
  });
});

describe('ProductsPage count', () => {
  it('shows the exact count of a small set', async () => {
    vi.mocked(getProductsPage).mockResolvedValue({ products: fullPage(1) });
    renderAt('/products');
    expect(await screen.findByText('Showing 1–12 of 40 products')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 4' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 5' })).toBeNull();
  });

  it('shows each filter option with its count and keeps the chosen ones in the URL', async () => {
    renderAt('/products?q=radio');
    expect(await screen.findByRole('radio', { name: 'Low stock (7)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Power Solutions (25)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Food Storage (0)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Low stock (7)' }));
    expect(search()).toBe('?q=radio&stock=low_stock');
    await userEvent.click(screen.getByRole('radio', { name: '4 stars & up (21)' }));
    expect(search()).toBe('?q=radio&stock=low_stock&rating=4');
    await waitFor(() =>
      expect(getProductsPage).toHaveBeenLastCalledWith(
        expect.objectContaining({ search: 'radio', stock: 'low_stock', minRating: 4, page: 1 }),
      ),
    );
    expect(getFacets).toHaveBeenLastCalledWith(
      expect.objectContaining({ query: 'radio', stock: 'low_stock', minRating: 4, group: 'category' }),
    );
  });

  it('counts once per filter set: paging and sorting keep the count, a new search asks again', async () => {
    vi.mocked(getProductsPage).mockImplementation(async ({ page }) => ({ products: fullPage(page) }));
    renderAt('/products?q=radio');
    await screen.findByText('Showing 1–12 of 40 products');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 13–24 of 40 products')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'rating');
    await waitFor(() =>
      expect(getProductsPage).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'rating', page: 1 })),
    );
    expect(getFacets).toHaveBeenCalledTimes(1);
    expect(getFacets).toHaveBeenLastCalledWith({
      query: 'radio',
      categoryId: null,
      subcategoryId: null,
      minPrice: null,
      maxPrice: null,
      stock: null,
      minRating: null,
      group: 'category',
    });

    await userEvent.clear(screen.getByLabelText('Search products'));
    await userEvent.type(screen.getByLabelText('Search products'), 'solar');
    await waitFor(() => expect(getFacets).toHaveBeenCalledTimes(2));
    expect(getFacets).toHaveBeenLastCalledWith(expect.objectContaining({ query: 'solar' }));
  });
});
