import { configureSupabase, loadSupabase } from '@prepper/shared';
import { IDS_PER_REQUEST } from '@prepper/shared/by-ids';
import { getPromotion } from './get-promotion';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const PROMOTION = '00000000-0000-4000-8000-00000000c0de';
// A code's scope holds at most 500 products (promotions.product_ids).
const scope = Array.from({ length: 500 }, (_, n) => id(n));
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
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      urls.push(href);
      const url = new URL(href);
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.pathname.endsWith('/promotions'))
        return json({ id: PROMOTION, code: 'PREP500', product_ids: scope, category_ids: [] });
      const ids = (url.searchParams.get('id') ?? '').replace(/^in\.\(|\)$/g, '').split(',');
      // The last product of the scope was deleted since: it keeps its id only.
      return json(
        ids.filter((one) => one !== id(499)).map((one) => ({ id: one, name: `Item ${one.slice(-3)}` })),
      );
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getPromotion', () => {
  // In one request the names of 500 products took an address of about 19.6 kB: the local stack answers
  // 400 to a request head over 16 kB, proxies in front of a hosted PostgREST refuse over 8 kB.
  it('reads the names of a full scope (500 products) in requests whose addresses stay under 8 kB', async () => {
    const { row, productNames } = await getPromotion(PROMOTION);
    for (const url of urls) expect(url.length).toBeLessThan(8000);
    expect(urls.filter((url) => new URL(url).pathname.endsWith('/products'))).toHaveLength(
      500 / IDS_PER_REQUEST,
    );
    expect(row.code).toBe('PREP500');
    expect(Object.keys(productNames)).toHaveLength(499);
    expect(productNames[id(0)]).toBe('Item 000');
    expect(productNames[id(498)]).toBe('Item 498');
  });

  it('asks for no names when the code is for the whole shop', async () => {
    scope.length = 0;
    const { productNames } = await getPromotion(PROMOTION);
    expect(productNames).toEqual({});
    expect(urls).toHaveLength(1);
  });
});
