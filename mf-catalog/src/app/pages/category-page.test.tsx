import type { Product } from '@prepper/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { getCategoryBySlug } from '../../features/categories/api/get-category-by-slug';
import { getFacets, getProductSlice } from '../../features/products/api/get-products-page';
import { clearQueryCache } from '../../lib/query';
import { CATEGORY_SLICE, CategoryPage } from './category-page';

vi.mock('../../features/categories/api/get-category-by-slug', () => ({ getCategoryBySlug: vi.fn() }));
vi.mock('../../features/products/api/get-products-page', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getProductSlice: vi.fn(),
    getFacets: vi.fn(),
  }),
);

function product(n: number): Product {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    slug: `item-${n}-${id}`,
    name: `Item ${n}`,
    price: 10 + n,
    originalPrice: null,
    description: 'Generated for the test.',
    categoryId: 'cat-1',
    category: 'Survival Gear',
    categorySlug: 'survival-gear',
    subcategoryId: null,
    subcategory: null,
    subcategorySlug: null,
    image: 'https://example.com/item.jpg',
    images: [],
    inStock: true,
    stockCount: 5,
    rating: 4,
    reviewCount: 1,
    features: [],
    specifications: {},
    tags: [],
    createdAt: '2024-01-01T00:00:00Z',
  };
}

/** A category of `total` products served slice by slice, as the database would. */
function serve(total: number) {
  const all = Array.from({ length: total }, (_, i) => product(i + 1));
  vi.mocked(getProductSlice).mockImplementation(async (filters, offset) => ({
    products: all.slice(offset, offset + filters.pageSize!),
    total,
  }));
  vi.mocked(getFacets).mockResolvedValue({
    total,
    stock: { in_stock: total, low_stock: total, out_of_stock: 0 },
    rating: { '4': total, '3': total, '2': total, '1': total },
    groups: [{ id: 'sub-1', count: 3 }],
  });
}

function renderCategory(path = '/category/survival-gear') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/category/:categorySlug" element={<CategoryPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const productLinks = () =>
  within(screen.getByRole('region', { name: 'All Survival Gear Products' })).getAllByRole('heading', {
    level: 3,
  });

beforeEach(() => {
  clearQueryCache();
  vi.mocked(getProductSlice).mockReset();
  vi.mocked(getCategoryBySlug).mockResolvedValue({
    id: 'cat-1',
    name: 'Survival Gear',
    slug: 'survival-gear',
    description: 'Tools to get through.',
    imageUrl: null,
    subcategories: [{ id: 'sub-1', name: 'Knives', slug: 'knives', description: '' }],
  });
});

describe('CategoryPage', () => {
  it('shows a small category whole, with its count and no button', async () => {
    serve(27);
    renderCategory();
    expect(await screen.findByText('27 products', { exact: true })).toBeInTheDocument();
    expect(productLinks()).toHaveLength(27);
    expect(screen.queryByRole('button', { name: 'Load more products' })).toBeNull();
    expect(getProductSlice).toHaveBeenCalledWith(
      expect.objectContaining({
        categoryId: 'cat-1',
        subcategoryId: null,
        sort: 'newest',
        pageSize: CATEGORY_SLICE,
      }),
      0,
    );
  });

  it('loads a big category a slice at a time, keeping the full count', async () => {
    serve(CATEGORY_SLICE * 2 + 5);
    renderCategory();
    expect(await screen.findByText('101 products', { exact: true })).toBeInTheDocument();
    expect(productLinks()).toHaveLength(CATEGORY_SLICE);
    expect(screen.getByRole('status')).toHaveTextContent(`Showing ${CATEGORY_SLICE} of 101 products`);

    await userEvent.click(screen.getByRole('button', { name: 'Load more products' }));
    expect(await screen.findByText(`Showing ${CATEGORY_SLICE * 2} of 101 products`)).toBeInTheDocument();
    expect(productLinks()).toHaveLength(CATEGORY_SLICE * 2);
    expect(getProductSlice).toHaveBeenLastCalledWith(
      expect.objectContaining({ categoryId: 'cat-1' }),
      CATEGORY_SLICE,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Load more products' }));
    await screen.findByText('Item 101');
    expect(productLinks()).toHaveLength(101);
    expect(screen.queryByRole('button', { name: 'Load more products' })).toBeNull();
  }, 30_000);

  it('says so when a slice fails, and tries again', async () => {
    serve(CATEGORY_SLICE + 1);
    renderCategory();
    await screen.findByText(`Showing ${CATEGORY_SLICE} of ${CATEGORY_SLICE + 1} products`);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(getProductSlice).mockRejectedValueOnce(new Error('network down'));
    await userEvent.click(screen.getByRole('button', { name: 'Load more products' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load more products');
    await userEvent.click(screen.getByRole('button', { name: 'Load more products' }));
    await screen.findByText(`Item ${CATEGORY_SLICE + 1}`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('filters by subcategory, availability and rating from the URL, with each option counted', async () => {
    serve(5);
    renderCategory('/category/survival-gear?subcategory=knives&stock=low_stock&rating=3&sort=price-low');
    expect(await screen.findByRole('radio', { name: 'Knives (3)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Low stock (5)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '3 stars & up (5)' })).toBeChecked();
    expect(getProductSlice).toHaveBeenCalledWith(
      expect.objectContaining({
        subcategoryId: 'sub-1',
        stock: 'low_stock',
        minRating: 3,
        sort: 'price-low',
      }),
      0,
    );
    expect(getFacets).toHaveBeenCalledWith(
      expect.objectContaining({ categoryId: 'cat-1', subcategoryId: 'sub-1', group: 'subcategory' }),
    );
    await userEvent.click(screen.getAllByRole('radio', { name: 'Any' })[1]!);
    expect(getProductSlice).toHaveBeenLastCalledWith(expect.objectContaining({ stock: null }), 0);
  });
});
