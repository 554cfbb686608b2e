import { $cartLines, $sessionReady, $toasts, type Product } from '@prepper/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { getBestBefore } from '../../features/best-before/api/get-best-before';
import { getProduct } from '../../features/products/api/get-product';
import { ProductPage } from './product-page';

vi.mock('../../features/products/api/get-product', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getProduct: vi.fn(),
  }),
);
vi.mock('../../features/best-before/api/get-best-before', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getBestBefore: vi.fn(() => Promise.resolve(null)),
  }),
);
vi.mock('../../features/products/api/get-related-products', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getRelatedProducts: vi.fn(() => Promise.resolve([])),
  }),
);
vi.mock('../../features/reviews/api/get-reviews', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    REVIEWS_PAGE_SIZE: 5,
    getReviews: vi.fn(() =>
      Promise.resolve({
        total: 1,
        reviews: [
          {
            id: 'r1',
            productId: ID,
            authorName: 'Mike R.',
            rating: 5,
            title: 'Exactly what I needed',
            body: 'Solid build quality.',
            status: 'approved',
            rejectionReason: null,
            verified: true,
            createdAt: '2024-03-12T10:00:00Z',
            updatedAt: '2024-03-12T10:00:00Z',
          },
        ],
      }),
    ),
  }),
);
vi.mock('../../features/reviews/api/get-rating-distribution', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getRatingDistribution: vi.fn(() => Promise.resolve([])),
  }),
);

const ID = '11111111-2222-4333-8444-555555555555';
const ID2 = '11111111-2222-4333-8444-666666666666';
const ID3 = '11111111-2222-4333-8444-777777777777';

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: ID,
    slug: `hand-crank-radio-${ID}`,
    name: 'Hand Crank Radio',
    price: 75,
    originalPrice: 100,
    description: 'A radio you can wind up.',
    categoryId: 'c1',
    category: 'Communication',
    categorySlug: 'communication',
    subcategoryId: 's1',
    subcategory: 'Two-Way Radios',
    subcategorySlug: 'two-way-radios',
    image: 'https://example.com/radio.jpg',
    images: ['https://example.com/radio.jpg'],
    inStock: true,
    stockCount: 3,
    rating: 4.6,
    reviewCount: 132,
    features: ['Hand crank'],
    specifications: { Weight: '400 g' },
    tags: [],
    createdAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}

function LocationSpy() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/product/:productSlug" element={<ProductPage />} />
        <Route path="/products" element={<p>All products page</p>} />
      </Routes>
      <LocationSpy />
    </MemoryRouter>,
  );
}

const messages = () => $toasts.get().map((toast) => toast.message);

beforeEach(() => {
  $cartLines.set([]);
  $toasts.set([]);
  // The shell has read the stored session (nobody signed in): the reviews list waits for that.
  $sessionReady.set(true);
  vi.mocked(getProduct).mockReset();
});

describe('ProductPage', () => {
  it('loads the product by the id at the end of the slug and rewrites the address to the canonical slug', async () => {
    vi.mocked(getProduct).mockResolvedValue(product());
    renderAt(`/product/old-name-${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hand Crank Radio' })).toBeInTheDocument();
    expect(getProduct).toHaveBeenCalledWith(ID);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/product/hand-crank-radio-${ID}`),
    );
    expect(document.title).toBe('Hand Crank Radio | ReadyStock');
  });

  it('says the best-before date the shopper gets at least when the product has dated lots', async () => {
    vi.mocked(getProduct).mockResolvedValue(product({ id: ID2 }));
    vi.mocked(getBestBefore).mockResolvedValueOnce('2031-03-31');
    renderAt(`/product/hand-crank-radio-${ID2}`);
    expect(await screen.findByText('Best before: at least March 2031')).toBeInTheDocument();
    expect(getBestBefore).toHaveBeenCalledWith(ID2);
  });

  it('counts the reviews in the singular for one review and the plural otherwise', async () => {
    vi.mocked(getProduct).mockResolvedValue(product({ id: ID3, rating: 5, reviewCount: 1 }));
    renderAt(`/product/hand-crank-radio-${ID3}`);
    expect(await screen.findByText('5.0 · 1 review')).toBeInTheDocument();
  });

  it('shows no best-before line for a product without dated lots', async () => {
    vi.mocked(getProduct).mockResolvedValue(product());
    renderAt(`/product/hand-crank-radio-${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hand Crank Radio' })).toBeInTheDocument();
    await waitFor(() => expect(getBestBefore).toHaveBeenCalledWith(ID));
    expect(screen.queryByTestId('best-before')).not.toBeInTheDocument();
  });

  it('shows Product Not Found for a slug without an id, without asking the database', async () => {
    renderAt('/product/no-such-thing');
    expect(await screen.findByRole('heading', { name: 'Product Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
    expect(getProduct).not.toHaveBeenCalled();
  });

  it('redirects to /products when the fetch fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(getProduct).mockRejectedValue(new Error('network down'));
    renderAt(`/product/x-${ID}`);
    expect(await screen.findByText('All products page')).toBeInTheDocument();
    expect(messages()).toContain('Product not found');
  });

  it('keeps the quantity between 1 and the stock and adds that many after a short processing state', async () => {
    vi.mocked(getProduct).mockResolvedValue(product({ stockCount: 3 }));
    renderAt(`/product/hand-crank-radio-${ID}`);
    const minus = await screen.findByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    const field = screen.getByRole('spinbutton', { name: 'Quantity' });
    expect(minus).toBeDisabled();
    await userEvent.click(plus);
    await userEvent.click(plus);
    expect(field).toHaveValue(3);
    expect(plus).toBeDisabled();
    await userEvent.click(minus);
    expect(field).toHaveValue(2);

    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect($cartLines.get()).toEqual([]);
    await waitFor(() => expect($cartLines.get()).toHaveLength(1));
    expect($cartLines.get()[0]).toMatchObject({
      quantity: 2,
      product: { id: ID, name: 'Hand Crank Radio', price: 75 },
    });
    expect($toasts.get().find((toast) => toast.kind === 'success')).toMatchObject({ duration: 3000 });
  });

  it('refuses an invalid typed quantity with its toast', async () => {
    vi.mocked(getProduct).mockResolvedValue(product());
    renderAt(`/product/hand-crank-radio-${ID}`);
    const field = await screen.findByRole('spinbutton', { name: 'Quantity' });
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(messages()).toContain('Please select a valid quantity');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect($cartLines.get()).toEqual([]);
  });

  it('refuses an out-of-stock product with its toast', async () => {
    vi.mocked(getProduct).mockResolvedValue(product({ inStock: false, stockCount: 0 }));
    renderAt(`/product/hand-crank-radio-${ID}`);
    expect(await screen.findByText('Out of Stock')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(messages()).toContain('This product is currently out of stock');
    expect($cartLines.get()).toEqual([]);
  });

  it('Buy Now adds the chosen quantity to the cart and goes to the checkout', async () => {
    vi.mocked(getProduct).mockResolvedValue(product());
    renderAt(`/product/hand-crank-radio-${ID}`);
    const field = await screen.findByRole('spinbutton', { name: 'Quantity' });
    await userEvent.clear(field);
    await userEvent.type(field, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect($cartLines.get()).toEqual([
      { product: expect.objectContaining({ id: ID, price: 75 }), quantity: 2 },
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout');
    expect(messages()).not.toContain('Checkout functionality coming soon!');
  });

  it('shows the tabs as a tablist with the reviews and their count', async () => {
    vi.mocked(getProduct).mockResolvedValue(product());
    renderAt(`/product/hand-crank-radio-${ID}`);
    const tablist = await screen.findByRole('tablist', { name: 'Product information' });
    expect(tablist).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Specifications' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Weight400 g');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Reviews (132)' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Exactly what I needed')).toBeInTheDocument();
  });
});
