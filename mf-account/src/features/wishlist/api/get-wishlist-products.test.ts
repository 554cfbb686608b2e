import { configureSupabase, loadSupabase } from '@prepper/shared';
import { IDS_PER_REQUEST } from '@prepper/shared/by-ids';
import { getWishlistProducts } from './get-wishlist-products';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A products row as /rest/v1/products answers it (the network boundary). */
const row = (productId: string) => ({
  id: productId,
  name: `Product ${productId.slice(-4)}`,
  price: 10,
  original_price: null,
  description: '',
  category_id: 'c',
  subcategory_id: null,
  image_url: '/images/x.svg',
  images: [],
  in_stock: true,
  stock_count: 5,
  rating: 4,
  review_count: 1,
  features: [],
  specifications: {},
  tags: [],
  created_at: '2025-01-01T00:00:00Z',
  category: { name: 'Lighting', slug: 'lighting' },
});

const urls: string[] = [];

beforeAll(async () => {
  // A hosted project's address, as long as Supabase's are.
  configureSupabase({ url: 'https://abcdefghijklmnopqrst.supabase.co', anonKey: 'anon-key' });
  await loadSupabase();
});
beforeEach(() => {
  urls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      urls.push(url);
      const ids = (new URL(url).searchParams.get('id') ?? '').replace(/^in\.\(|\)$/g, '').split(',');
      // One of them was deleted.
      return new Response(JSON.stringify(ids.filter((one) => one !== id(7)).map(row)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getWishlistProducts', () => {
  // In one request a full wishlist's address was 7,986 characters with this host: at the 8 kB proxies in
  // front of a hosted PostgREST accept, with no room for a longer (custom) domain.
  it('reads a full wishlist (200 products) in requests whose addresses stay well under 8 kB', async () => {
    const ids = Array.from({ length: 200 }, (_, n) => id(n));
    const products = await getWishlistProducts(ids);
    for (const url of urls) expect(url.length).toBeLessThan(6000);
    expect(urls).toHaveLength(200 / IDS_PER_REQUEST);
    expect(products.size).toBe(199);
    expect(products.get(id(199))?.name).toBe('Product 0199');
    expect(products.has(id(7))).toBe(false);
  });

  it('asks nothing for an empty wishlist and once for a short one', async () => {
    expect((await getWishlistProducts([])).size).toBe(0);
    expect(urls).toHaveLength(0);
    expect([...(await getWishlistProducts([id(1), id(2)])).keys()]).toEqual([id(1), id(2)]);
    expect(urls).toHaveLength(1);
  });
});
