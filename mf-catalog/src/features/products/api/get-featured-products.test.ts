import { configureSupabase } from '@prepper/shared';
import { FEATURED_COUNT, getFeaturedProducts } from './get-featured-products';

const urls: URL[] = [];

beforeAll(() => {
  configureSupabase({ url: 'http://supabase.test', anonKey: 'anon-key' });
});
beforeEach(() => {
  urls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url));
      return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getFeaturedProducts', () => {
  // The database's side (a product whose every unit is held for others is left out, on both engines):
  // supabase/test/integration/emergency-waitlist-holds.test.ts.
  it('asks for the best rated products in stock as the lists count it: none whose every unit is held for others', async () => {
    await getFeaturedProducts();
    expect(urls).toHaveLength(1);
    const params = urls[0]!.searchParams;
    expect(urls[0]!.pathname).toBe('/rest/v1/products');
    expect(params.getAll('in_stock')).toEqual(['eq.true']);
    expect(params.getAll('waitlist_sold_out')).toEqual(['eq.false']);
    expect(params.get('order')).toBe('rating.desc,review_count.desc');
    expect(params.get('limit')).toBe(String(FEATURED_COUNT));
  });
});
