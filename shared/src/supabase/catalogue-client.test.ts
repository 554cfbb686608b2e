import { CatalogueError, createCatalogueClient } from './catalogue-client';

interface Seen {
  url: string;
  headers: Record<string, string>;
}

function stubFetch(status: number, body: unknown, headers: Record<string, string> = {}): Seen[] {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      seen.push({ url, headers: init.headers as Record<string, string> });
      return new Response(JSON.stringify(body), { status, headers });
    }),
  );
  return seen;
}

const client = createCatalogueClient('http://stack.test/', 'anon-key');

afterEach(() => vi.unstubAllGlobals());

describe('the catalogue reader', () => {
  it('builds the PostgREST request supabase-js would send, with the anon key', async () => {
    const seen = stubFetch(200, [{ id: 'p1' }]);
    const { data, error, count } = await client
      .from('products')
      .select('*, category:categories!inner(name, slug)')
      .eq('in_stock', true)
      .neq('id', 'p0')
      .like('search_text', '%panel%')
      .or('stock_count.lte.9,id.in.(p2,p3)')
      .gte('price', 50)
      .lte('price', 900)
      .order('rating', { ascending: false })
      .order('id')
      .limit(6);

    expect(error).toBeNull();
    expect(data).toEqual([{ id: 'p1' }]);
    expect(count).toBeNull();
    const url = new URL(seen[0]!.url);
    expect(url.origin + url.pathname).toBe('http://stack.test/rest/v1/products');
    expect(url.searchParams.get('select')).toBe('*,category:categories!inner(name,slug)');
    expect(url.searchParams.getAll('in_stock')).toEqual(['eq.true']);
    expect(url.searchParams.getAll('id')).toEqual(['neq.p0']);
    expect(url.searchParams.getAll('search_text')).toEqual(['like.%panel%']);
    expect(url.searchParams.getAll('or')).toEqual(['(stock_count.lte.9,id.in.(p2,p3))']);
    expect(url.searchParams.getAll('price')).toEqual(['gte.50', 'lte.900']);
    expect(url.searchParams.get('order')).toBe('rating.desc,id.asc');
    expect(url.searchParams.get('limit')).toBe('6');
    // A CORS simple request: the key in the query, no header a preflight would be needed for.
    expect(url.searchParams.get('apikey')).toBe('anon-key');
    expect(seen[0]!.headers).toEqual({ Accept: 'application/json' });
  });

  it('pages with offset and limit and reads the exact count from Content-Range', async () => {
    const seen = stubFetch(200, [{ id: 'a' }], { 'Content-Range': '24-35/40' });
    const { count } = await client.from('products').select('*', { count: 'exact' }).range(24, 35);
    const url = new URL(seen[0]!.url);
    expect(url.searchParams.get('offset')).toBe('24');
    expect(url.searchParams.get('limit')).toBe('12');
    expect(seen[0]!.headers.Prefer).toBe('count=exact');
    expect(count).toBe(40);
  });

  it('gives one row or null for maybeSingle, and an error when several match', async () => {
    stubFetch(200, [{ id: 'c1' }]);
    expect((await client.from('categories').select().eq('slug', 'water').maybeSingle()).data).toEqual({
      id: 'c1',
    });
    stubFetch(200, []);
    expect((await client.from('categories').select().eq('slug', 'none').maybeSingle()).data).toBeNull();
    stubFetch(200, [{ id: 'a' }, { id: 'b' }]);
    const several = await client.from('categories').select().maybeSingle();
    expect(several.data).toBeNull();
    expect(several.error).toBeInstanceOf(CatalogueError);
  });

  it('returns PostgREST errors with their message and code instead of data', async () => {
    stubFetch(400, { message: 'column products.nope does not exist', code: '42703', hint: null });
    const { data, error } = await client.from('products').select('nope');
    expect(data).toBeNull();
    expect(error).toMatchObject({
      message: 'column products.nope does not exist',
      code: '42703',
      status: 400,
    });
  });

  it('calls a read function by GET, its named arguments in the query, a simple request like the reads', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response(JSON.stringify([{ product_id: 'p1', best_before: '2031-03-31' }]), {
          status: 200,
        });
      }),
    );
    const { data, error } = await client.rpc('product_best_before', { p_product_ids: ['p1', 'p2'] });
    expect(error).toBeNull();
    expect(data).toEqual([{ product_id: 'p1', best_before: '2031-03-31' }]);
    const url = new URL(calls[0]!.url);
    expect(url.origin + url.pathname).toBe('http://stack.test/rest/v1/rpc/product_best_before');
    expect(url.searchParams.get('p_product_ids')).toBe('{"p1","p2"}');
    expect(url.searchParams.get('apikey')).toBe('anon-key');
    expect(calls[0]!.init.method ?? 'GET').toBe('GET');
    expect(calls[0]!.init.body).toBeUndefined();
    expect(calls[0]!.init.headers).toEqual({ Accept: 'application/json' });

    stubFetch(404, { message: 'Could not find the function', code: 'PGRST202' });
    const missing = await client.rpc('product_best_before', { p_product_ids: [] });
    expect(missing.data).toBeNull();
    expect(missing.error).toMatchObject({ code: 'PGRST202', status: 404 });
  });

  it('quotes every element of a list argument, leaves out undefined ones and refuses what a URL cannot carry', async () => {
    const seen = stubFetch(200, 3);
    await client.rpc('count_products', {
      p_terms: ['a,b', '{x}', 'say "hi"', 'back\\slash', ''],
      p_min_price: 50,
      p_category_id: undefined,
    });
    const url = new URL(seen[0]!.url);
    expect(url.searchParams.get('p_terms')).toBe('{"a,b","{x}","say \\"hi\\"","back\\\\slash",""}');
    expect(url.searchParams.get('p_min_price')).toBe('50');
    expect(url.searchParams.has('p_category_id')).toBe(false);
    await expect(
      client.rpc('count_products', { p_terms: [{ nested: true }] as unknown as string[] }),
    ).rejects.toThrow('p_terms: not text, a number, a boolean or a list of them');
  });
});
