import {
  $browserWishlist,
  $cartLines,
  $toasts,
  clearCart,
  configureSupabase,
  loadSupabase,
  type WishlistEntry,
} from '@prepper/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { WishlistPanel } from './wishlist-panel';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** products rows as /rest/v1/products answers them (the network boundary). */
function row(n: number, name: string, price: number, inStock: boolean) {
  return {
    id: id(n),
    name,
    slug: `x-${n}`,
    price,
    original_price: null,
    description: '',
    category_id: 'c',
    subcategory_id: null,
    image_url: `/images/${n}.svg`,
    images: [],
    in_stock: inStock,
    stock_count: inStock ? 12 : 0,
    rating: 4,
    review_count: 1,
    features: [],
    specifications: {},
    tags: [],
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    category: { name: 'Lighting', slug: 'lighting' },
  };
}

let rows = [
  row(1, 'Storm Lantern', 29.99, true),
  row(2, 'Water Filter', 40, true),
  row(3, 'Solar Panel', 120, false),
];
let fail = false;
const requested: string[] = [];

function saved(n: number, priceAtAdd: number, inStockAtAdd = true): WishlistEntry {
  return { productId: id(n), addedAt: '2025-01-01T00:00:00.000Z', priceAtAdd, inStockAtAdd };
}

beforeAll(async () => {
  configureSupabase({ url: 'http://supabase.test', anonKey: 'anon-key' });
  // As the shell does before mounting this remote.
  await loadSupabase();
});
beforeEach(() => {
  fail = false;
  requested.length = 0;
  rows = [
    row(1, 'Storm Lantern', 29.99, true),
    row(2, 'Water Filter', 40, true),
    row(3, 'Solar Panel', 120, false),
  ];
  clearCart();
  $toasts.set([]);
  $browserWishlist.set([]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      requested.push(url.pathname);
      if (fail) return new Response(JSON.stringify({ message: 'down' }), { status: 500 });
      const ids = (url.searchParams.get('id') ?? '').replace(/^in\.\(|\)$/g, '').split(',');
      return new Response(JSON.stringify(rows.filter((r) => ids.includes(r.id))), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPanel(signedIn = false) {
  const onSignIn = vi.fn();
  render(
    <MemoryRouter>
      <WishlistPanel
        signedIn={signedIn}
        onBack={() => undefined}
        onSignIn={onSignIn}
        onNavigate={() => undefined}
      />
    </MemoryRouter>,
  );
  return { onSignIn };
}

describe('WishlistPanel', () => {
  it('shows an empty state that sends the shopper to the products', () => {
    renderPanel();
    expect(screen.getByText('Your wishlist is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
    expect(requested).toEqual([]);
  });

  it('lists saved products with picture, name, current price and stock, and what changed since saving', async () => {
    $browserWishlist.set([saved(1, 39.99), saved(2, 40, false), saved(3, 120)]);
    renderPanel();
    const items = await screen.findAllByTestId('wishlist-item');
    expect(items).toHaveLength(3);
    const [lantern, filter, panel] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(lantern).getByRole('link', { name: 'Storm Lantern' })).toBeInTheDocument();
    expect(lantern.querySelector('img')).toHaveAttribute('src', '/images/1.svg');
    expect(within(lantern).getByTestId('wishlist-price')).toHaveTextContent('$29.99');
    expect(within(lantern).getByText('Price dropped from $39.99')).toBeInTheDocument();
    expect(within(lantern).getByText('In stock')).toBeInTheDocument();
    expect(within(filter).getByText('Back in stock')).toBeInTheDocument();
    expect(within(panel).getByText('Out of stock')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Move Solar Panel to cart' })).toBeDisabled();
  });

  it('invites a visitor to sign in to keep the list', async () => {
    const { onSignIn } = renderPanel();
    expect(screen.getByText('Your wishlist is kept in this browser only.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to keep it on every device' }));
    expect(onSignIn).toHaveBeenCalledOnce();
  });

  it('does not invite a signed-in customer', () => {
    renderPanel(true);
    expect(screen.queryByText('Your wishlist is kept in this browser only.')).not.toBeInTheDocument();
  });

  it("'Move to cart' puts one in the cart through the bus and takes it off the list", async () => {
    $browserWishlist.set([saved(1, 29.99), saved(2, 40)]);
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Move Storm Lantern to cart' }));
    await waitFor(() => expect(screen.getAllByTestId('wishlist-item')).toHaveLength(1));
    expect($cartLines.get()).toMatchObject([
      { product: { id: id(1), name: 'Storm Lantern', price: 29.99 }, quantity: 1 },
    ]);
    expect($browserWishlist.get().map((e) => e.productId)).toEqual([id(2)]);
    expect($toasts.get().map((t) => t.message)).toContain('Moved Storm Lantern to your cart');
  });

  it('removes a product', async () => {
    $browserWishlist.set([saved(1, 29.99), saved(2, 40)]);
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Water Filter from wishlist' }));
    await waitFor(() => expect(screen.getAllByTestId('wishlist-item')).toHaveLength(1));
    expect($browserWishlist.get().map((e) => e.productId)).toEqual([id(1)]);
    expect($cartLines.get()).toEqual([]);
  });

  it('offers to remove a product that no longer exists', async () => {
    $browserWishlist.set([saved(9, 5)]);
    renderPanel();
    expect(await screen.findByText('This product is no longer available.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Your wishlist is empty')).toBeInTheDocument();
  });

  it('says when the products cannot be loaded and retries', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fail = true;
    $browserWishlist.set([saved(1, 29.99)]);
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your wishlist could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Storm Lantern' })).toBeInTheDocument();
    logged.mockRestore();
  });
});
