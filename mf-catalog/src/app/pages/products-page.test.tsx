import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { getFilterCategories } from '../../features/categories/api/get-filter-categories';
import type { Product } from '@prepper/shared';
import { countProducts, getProductsPage } from '../../features/products/api/get-products-page';
import { ProductsPage } from './products-page';

vi.mock('../../features/categories/api/get-filter-categories', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getFilterCategories: vi.fn(),
  }),
);
vi.mock('../../features/products/api/get-products-page', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getProductsPage: vi.fn(),
    countProducts: vi.fn(),
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
  vi.mocked(countProducts).mockReset();
  vi.mocked(countProducts).mockResolvedValue({ count: 40, capped: false });
});

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

  it('says 10,000+ when the count stops at its cap, and still offers the next page', async () => {
    vi.mocked(countProducts).mockResolvedValue({ count: 10_000, capped: true });
    vi.mocked(getProductsPage).mockImplementation(async ({ page }) => ({ products: fullPage(page) }));
    renderAt('/products?page=834');
    expect(await screen.findByText('Showing 9,997–10,008 of 10,000+ products')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(search()).toBe('?page=834');
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
    expect(countProducts).toHaveBeenCalledTimes(1);
    expect(countProducts).toHaveBeenLastCalledWith({
      terms: ['radio'],
      categoryId: null,
      minPrice: null,
      maxPrice: null,
    });

    await userEvent.clear(screen.getByLabelText('Search products'));
    await userEvent.type(screen.getByLabelText('Search products'), 'solar');
    await waitFor(() => expect(countProducts).toHaveBeenCalledTimes(2));
    expect(countProducts).toHaveBeenLastCalledWith(expect.objectContaining({ terms: ['solar'] }));
  });
});
