import { configureSupabase, loadSupabase } from '../supabase/client';
import { $cartLines, clearCart, type CartProduct } from './cart';
import { $customer, type Customer } from './session';
import {
  $browserWishlist,
  $wishlist,
  $wishlistCount,
  $wishlistIds,
  $wishlistStatus,
  MAX_WISHLIST_ITEMS,
  WISHLIST_FULL_MESSAGE,
  WISHLIST_STORAGE_KEY,
  addToWishlist,
  decodeWishlist,
  moveWishlistItemToCart,
  removeFromWishlist,
  toggleWishlist,
} from './wishlist';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const customer: Customer = { id: id(900), email: 'c@example.com', firstName: 'Casey', lastName: 'C' };

/** The database behind /rest/v1, as far as the wishlist uses it: one customer's rows. */
interface Row {
  product_id: string;
  added_at: string;
  price_at_add: number;
  in_stock_at_add: boolean;
}
let rows: Row[] = [];
const known = new Map([
  [id(1), 10],
  [id(2), 20],
  [id(3), 30],
]);
let requests: { method: string; path: string; body: unknown }[] = [];
let failNext = false;

function respond(status: number, body: unknown): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const method = init?.method ?? 'GET';
  const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
  requests.push({ method, path: url.pathname + url.search, body });
  await Promise.resolve();
  if (failNext) {
    failNext = false;
    return respond(500, { code: 'XX000', message: 'Server trouble' });
  }
  if (url.pathname === '/rest/v1/rpc/merge_wishlist') {
    for (const productId of (body as { p_product_ids: string[] }).p_product_ids) {
      const price = known.get(productId);
      if (price === undefined || rows.some((r) => r.product_id === productId)) continue;
      rows.unshift({
        product_id: productId,
        added_at: new Date().toISOString(),
        price_at_add: price,
        in_stock_at_add: true,
      });
    }
    return respond(200, rows);
  }
  if (url.pathname === '/rest/v1/wishlist_items' && method === 'DELETE') {
    const productId = url.searchParams.get('product_id')?.replace('eq.', '');
    rows = rows.filter((r) => r.product_id !== productId);
    return respond(204, null);
  }
  return respond(404, { message: 'unexpected request' });
}

function cartProduct(n: number): CartProduct {
  return {
    id: id(n),
    slug: `p-${n}`,
    name: `Product ${n}`,
    price: known.get(id(n)) ?? 1,
    originalPrice: null,
    image: '/p.svg',
    category: 'Water',
    inStock: true,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
let unsubscribe: () => void = () => undefined;

beforeAll(async () => {
  configureSupabase({ url: 'http://stack.test', anonKey: 'anon-key' });
  // A signed-in customer's page has the client loaded (startSessionSync loads it for a stored session).
  await loadSupabase();
});

beforeEach(() => {
  vi.stubGlobal('fetch', fakeFetch);
  rows = [];
  requests = [];
  failNext = false;
  $customer.set(null);
  $browserWishlist.set([]);
  localStorage.clear();
  clearCart();
  unsubscribe = $wishlist.listen(() => undefined);
});

afterEach(() => {
  unsubscribe();
  $customer.set(null);
  vi.unstubAllGlobals();
});

describe('decodeWishlist (browser storage)', () => {
  it('keeps well-formed entries once each', () => {
    const entry = {
      productId: id(1),
      addedAt: '2025-01-02T03:04:05.000Z',
      priceAtAdd: 9.5,
      inStockAtAdd: false,
    };
    expect(decodeWishlist(JSON.stringify([entry, entry]))).toEqual([entry]);
  });

  it('turns broken or hostile storage into an empty list or drops the bad entries', () => {
    expect(decodeWishlist('not json')).toEqual([]);
    expect(decodeWishlist('{"productId":"x"}')).toEqual([]);
    expect(decodeWishlist('null')).toEqual([]);
    expect(
      decodeWishlist(
        JSON.stringify([
          { productId: '<img src=x onerror=alert(1)>', priceAtAdd: 1 },
          { productId: id(1), priceAtAdd: -4 },
          { productId: id(2), priceAtAdd: 'free' },
          { productId: id(3), priceAtAdd: 3, addedAt: 'yesterday' },
          { __proto__: { productId: id(4) } },
        ]),
      ),
    ).toEqual([{ productId: id(3), priceAtAdd: 3, addedAt: new Date(0).toISOString(), inStockAtAdd: true }]);
  });

  it(`keeps at most ${MAX_WISHLIST_ITEMS} entries`, () => {
    const many = Array.from({ length: MAX_WISHLIST_ITEMS + 5 }, (_, n) => ({
      productId: id(n + 1),
      priceAtAdd: 1,
    }));
    expect(decodeWishlist(JSON.stringify(many))).toHaveLength(MAX_WISHLIST_ITEMS);
  });
});

describe('a visitor’s wishlist lives in the browser', () => {
  it('adds, toggles and removes, newest first, persisted to local storage, without any request', async () => {
    await addToWishlist({ id: id(1), price: 10, inStock: true });
    expect(await toggleWishlist({ id: id(2), price: 20, inStock: false })).toBe(true);
    await addToWishlist({ id: id(1), price: 10, inStock: true });
    expect($wishlist.get().map((e) => e.productId)).toEqual([id(2), id(1)]);
    expect($wishlist.get()[0]).toMatchObject({ priceAtAdd: 20, inStockAtAdd: false });
    expect($wishlistCount.get()).toBe(2);
    expect($wishlistIds.get().has(id(1))).toBe(true);
    expect(decodeWishlist(localStorage.getItem(WISHLIST_STORAGE_KEY) ?? '')).toHaveLength(2);

    expect(await toggleWishlist({ id: id(2), price: 20, inStock: false })).toBe(false);
    await removeFromWishlist(id(1));
    expect($wishlistCount.get()).toBe(0);
    expect(requests).toEqual([]);
  });

  it('refuses to grow beyond the cap with a message', async () => {
    $browserWishlist.set(
      Array.from({ length: MAX_WISHLIST_ITEMS }, (_, n) => ({
        productId: id(n + 10),
        addedAt: new Date().toISOString(),
        priceAtAdd: 1,
        inStockAtAdd: true,
      })),
    );
    await expect(addToWishlist({ id: id(1), price: 1, inStock: true })).rejects.toThrow(
      WISHLIST_FULL_MESSAGE,
    );
  });
});

describe('a signed-in customer’s wishlist lives in the database', () => {
  it('merges the browser list on sign-in, clears the browser list, and returns to it on sign-out', async () => {
    await addToWishlist({ id: id(1), price: 10, inStock: true });
    await addToWishlist({ id: id(2), price: 20, inStock: true });
    $customer.set(customer);
    expect($wishlistStatus.get()).toBe('loading');
    await settle();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/rest/v1/rpc/merge_wishlist' });
    expect(new Set((requests[0]!.body as { p_product_ids: string[] }).p_product_ids)).toEqual(
      new Set([id(1), id(2)]),
    );
    expect($wishlistStatus.get()).toBe('ready');
    expect(new Set($wishlistIds.get())).toEqual(new Set([id(1), id(2)]));
    expect($browserWishlist.get()).toEqual([]);

    $customer.set(null);
    expect($wishlist.get()).toEqual([]);
    expect(rows).toHaveLength(2);
  });

  it('adds and removes through the database and keeps the list when a call fails', async () => {
    $customer.set(customer);
    await settle();
    await addToWishlist({ id: id(3), price: 30, inStock: true });
    expect(rows.map((r) => r.product_id)).toEqual([id(3)]);
    expect($wishlist.get().map((e) => e.productId)).toEqual([id(3)]);

    failNext = true;
    await expect(removeFromWishlist(id(3))).rejects.toThrow('Server trouble');
    expect($wishlistIds.get().has(id(3))).toBe(true);

    failNext = true;
    await expect(addToWishlist({ id: id(1), price: 10, inStock: true })).rejects.toThrow('Server trouble');
    expect($wishlist.get().map((e) => e.productId)).toEqual([id(3)]);

    await removeFromWishlist(id(3));
    expect(rows).toEqual([]);
    expect($wishlistCount.get()).toBe(0);
  });

  it('keeps the browser list when the merge fails, so nothing is lost', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await addToWishlist({ id: id(1), price: 10, inStock: true });
    failNext = true;
    $customer.set(customer);
    await settle();
    expect($wishlistStatus.get()).toBe('error');
    expect($browserWishlist.get().map((e) => e.productId)).toEqual([id(1)]);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('Move to cart puts the product in the cart and takes it off the wishlist', async () => {
    $customer.set(customer);
    await settle();
    await addToWishlist({ id: id(2), price: 20, inStock: true });
    await moveWishlistItemToCart(cartProduct(2));
    expect($cartLines.get()).toEqual([{ product: cartProduct(2), quantity: 1 }]);
    expect($wishlistCount.get()).toBe(0);
    expect(rows).toEqual([]);
  });
});
