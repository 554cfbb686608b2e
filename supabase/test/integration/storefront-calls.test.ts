// Every storefront call the remotes make, through supabase-js against a fresh seeded stack, as an
// anonymous visitor and as a signed-in customer: results, order, counts, ranges and errors.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueClient } from '../../../shared/src/supabase/catalogue-client.ts';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts, seeded } from './fixtures.ts';

interface CategoryRow {
  id: string;
  name: string;
  slug: string;
  description: string;
  image_url: string | null;
  created_at: string;
  subcategories: { id: string; name: string; slug: string; description: string }[];
}

interface ProductRow {
  id: string;
  name: string;
  slug: string;
  price: number;
  original_price: number | null;
  category_id: string;
  subcategory_id: string | null;
  image_url: string;
  images: string[];
  in_stock: boolean;
  stock_count: number;
  rating: number;
  review_count: number;
  features: string[];
  specifications: Record<string, string>;
  tags: string[];
  created_at: string;
  category: { name: string } | null;
  subcategory: { name: string } | null;
}

let stack: TestStack;
let anon: SupabaseClient;
let customer: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack();
  anon = stack.anonClient();
  customer = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
});

afterAll(async () => {
  await stack?.stop();
});

const productWithNames = '*, category:categories(name), subcategory:subcategories(name)';

/** A head count on products, as a count test filters it. */
type CountQuery = ReturnType<ReturnType<SupabaseClient['from']>['select']>;

describe.each([
  ['anonymous visitor', () => anon],
  ['signed-in customer', () => customer],
])('storefront reads as %s', (_who, client) => {
  it('reads categories with nested subcategories, oldest first', async () => {
    const { data, error } = await client()
      .from('categories')
      .select('*, subcategories(id, name, slug, description)')
      .order('created_at', { ascending: true });
    expect(error).toBeNull();
    const rows = data as CategoryRow[];
    expect(rows).toHaveLength(seeded.categories);
    expect(rows.map((row) => row.name).slice(0, 4)).toEqual([
      'Communication',
      'Survival Gear',
      'Food Storage',
      'Power Solutions',
    ]);
    const times = rows.map((row) => Date.parse(row.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    for (const row of rows) {
      expect(row.subcategories.length).toBeGreaterThanOrEqual(3);
      expect(row.description.length).toBeGreaterThan(10);
      expect(row.image_url).toMatch(/\/storage\/v1\/object\/public\/catalog\/category-[a-z-]+\.svg$/);
      for (const sub of row.subcategories) {
        expect(Object.keys(sub).sort()).toEqual(['description', 'id', 'name', 'slug']);
        expect(sub.description).not.toBe('');
      }
    }
  });

  it('reads the 6 featured products: in stock, best rated first, with inner-joined category name', async () => {
    const { data, error } = await client()
      .from('products')
      .select('*, category:categories!inner(name), subcategory:subcategories(name)')
      .eq('in_stock', true)
      .order('rating', { ascending: false })
      .limit(6);
    expect(error).toBeNull();
    const rows = data as ProductRow[];
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.in_stock)).toBe(true);
    const ratings = rows.map((row) => row.rating);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    expect(typeof rows[0]?.price).toBe('number');
    expect(rows[0]?.category?.name).toEqual(expect.any(String));
    expect(rows[0]?.subcategory?.name).toEqual(expect.any(String));
  });

  it('pages the products list newest first with an exact count', async () => {
    const first = await client()
      .from('products')
      .select(productWithNames, { count: 'exact' })
      .order('created_at', { ascending: false })
      .range(0, 11);
    expect(first.error).toBeNull();
    expect(first.count).toBe(seeded.products);
    const rows = first.data as ProductRow[];
    expect(rows).toHaveLength(12);
    const times = rows.map((row) => Date.parse(row.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const second = await client()
      .from('products')
      .select('id', { count: 'exact' })
      .order('created_at', { ascending: false })
      .range(12, 23);
    expect(second.count).toBe(seeded.products);
    const secondIds = (second.data as { id: string }[]).map((row) => row.id);
    expect(secondIds).toHaveLength(12);
    expect(secondIds.some((id) => rows.some((row) => row.id === id))).toBe(false);

    const last = await client().from('products').select('id').order('created_at').range(72, 200);
    expect(last.data).toHaveLength(seeded.products - 72);
  });

  it('reads a /products page from product_listing: the same rows, embeds and order as products', async () => {
    const page = (from: 'products' | 'product_listing') =>
      client()
        .from(from)
        .select(productWithNames)
        .gte('price', 20)
        .lte('price', 300)
        .ilike('search_text', '%e%')
        .order('in_stock', { ascending: false })
        .order('rating', { ascending: false })
        .order('id')
        .range(12, 23);
    const [listing, products] = await Promise.all([page('product_listing'), page('products')]);
    expect(listing.error).toBeNull();
    expect(listing.data).toHaveLength(12);
    expect(listing.data).toEqual(products.data);
    expect((listing.data as ProductRow[])[0]?.category?.name).toEqual(expect.any(String));
  });

  it.each([
    ['everything', {}, (q: CountQuery) => q],
    [
      'a price range',
      { p_min_price: 50, p_max_price: 200 },
      (q: CountQuery) => q.gte('price', 50).lte('price', 200),
    ],
    [
      'two words',
      { p_terms: ['solar', 'panel'] },
      (q: CountQuery) => q.ilike('search_text', '%solar%').ilike('search_text', '%panel%'),
    ],
    ['no match', { p_terms: ['xyzzy'] }, (q: CountQuery) => q.ilike('search_text', '%xyzzy%')],
    ['a price from 100', { p_min_price: 100 }, (q: CountQuery) => q.gte('price', 100)],
  ] as [string, Record<string, unknown>, (q: CountQuery) => CountQuery][])(
    'counts products exactly at the seed size with count_products (%s)',
    async (_name, args, filter) => {
      const exact = await filter(client().from('products').select('id', { count: 'exact', head: true }));
      expect(exact.error).toBeNull();
      const { data, error } = await client().rpc('count_products', args);
      expect(error).toBeNull();
      expect(data).toBe(exact.count);
    },
  );

  it('counts a category and words literally (LIKE characters are not wildcards)', async () => {
    const { data: category } = await client().from('categories').select('id').order('name').limit(1).single();
    const exact = await client()
      .from('products')
      .select('id', { count: 'exact', head: true })
      .eq('category_id', category!.id);
    expect(exact.count).toBeGreaterThan(0);
    const counted = await client().rpc('count_products', { p_category_id: category!.id });
    expect(counted.data).toBe(exact.count);
    expect((await client().rpc('count_products', { p_terms: ['%'] })).data).toBe(0);
    expect((await client().rpc('count_products', { p_terms: ['_'] })).data).toBe(0);
  });

  it('shows every badge: sale prices, out of stock and low stock products exist', async () => {
    const { data } = await client().from('products').select('price, original_price, in_stock, stock_count');
    const rows = data as Pick<ProductRow, 'price' | 'original_price' | 'in_stock' | 'stock_count'>[];
    const onSale = rows.filter((row) => row.original_price !== null && row.original_price > row.price);
    expect(onSale.length).toBeGreaterThanOrEqual(Math.floor(seeded.products / 3));
    expect(rows.filter((row) => !row.in_stock).length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((row) => row.in_stock && row.stock_count < 10).length).toBeGreaterThanOrEqual(5);
  });

  it('reads one product by id with category and subcategory (id, name, slug) and its related products', async () => {
    const { data: some } = await client().from('products').select('id, category_id').limit(1).single();
    const picked = some as { id: string; category_id: string };
    const { data, error } = await client()
      .from('products')
      .select('*, category:categories(id, name, slug), subcategory:subcategories(id, name, slug)')
      .eq('id', picked.id)
      .single();
    expect(error).toBeNull();
    const product = data as ProductRow & {
      category: { id: string; name: string; slug: string };
      subcategory: { id: string; name: string; slug: string };
    };
    expect(product.id).toBe(picked.id);
    expect(Object.keys(product.category).sort()).toEqual(['id', 'name', 'slug']);
    expect(product.subcategory.slug).toMatch(/^[a-z0-9-]+$/);
    expect(product.slug.endsWith(`-${product.id}`)).toBe(true);
    expect(product.features.length).toBeGreaterThanOrEqual(3);
    expect(Object.values(product.specifications).every((value) => typeof value === 'string')).toBe(true);
    expect(product.images.length).toBeGreaterThanOrEqual(1);

    const related = await client()
      .from('products')
      .select(productWithNames)
      .eq('category_id', picked.category_id)
      .neq('id', picked.id)
      .limit(4);
    expect(related.error).toBeNull();
    const relatedRows = related.data as ProductRow[];
    expect(relatedRows).toHaveLength(4);
    expect(relatedRows.every((row) => row.category_id === picked.category_id && row.id !== picked.id)).toBe(
      true,
    );
  });

  it('returns a not-found error for .single() on a missing product', async () => {
    const { data, error } = await client()
      .from('products')
      .select('*')
      .eq('id', '00000000-0000-4000-8000-00000000dead')
      .single();
    expect(data).toBeNull();
    expect(error?.code).toBe('PGRST116');
  });

  it('reads categories (id, name, slug) by name for the filter', async () => {
    const { data, error } = await client().from('categories').select('id, name, slug').order('name');
    expect(error).toBeNull();
    const names = (data as { name: string }[]).map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(Object.keys((data as object[])[0] ?? {}).sort()).toEqual(['id', 'name', 'slug']);
  });

  it('reads a category page: category by slug, its products newest first (paged), a subcategory by slug', async () => {
    const category = await client()
      .from('categories')
      .select('*, subcategories(id, name, slug, description)')
      .eq('slug', seeded.largestCategorySlug)
      .single();
    expect(category.error).toBeNull();
    const row = category.data as CategoryRow;
    expect(row.name).toBe('Survival Gear');

    const products = await client()
      .from('products')
      .select(productWithNames, { count: 'exact' })
      .eq('category_id', row.id)
      .order('created_at', { ascending: false })
      .range(0, 11);
    expect(products.count).toBe(seeded.largestCategoryProducts);
    expect(products.data).toHaveLength(12);

    const sub = await client()
      .from('subcategories')
      .select('*')
      .eq('slug', seeded.largestSubcategorySlug)
      .eq('category_id', row.id)
      .single();
    expect(sub.error).toBeNull();
    const subRow = sub.data as { id: string; name: string };
    expect(subRow.name).toBe('Multi-Tools & Knives');

    const subProducts = await client()
      .from('products')
      .select(productWithNames, { count: 'exact' })
      .eq('subcategory_id', subRow.id)
      .order('created_at', { ascending: false });
    expect(subProducts.count).toBe(seeded.largestSubcategoryProducts);
    expect(
      (subProducts.data as ProductRow[]).every((p) => p.subcategory?.name === 'Multi-Tools & Knives'),
    ).toBe(true);

    const missing = await client()
      .from('categories')
      .select('*')
      .eq('slug', 'no-such-category')
      .maybeSingle();
    expect(missing.error).toBeNull();
    expect(missing.data).toBeNull();
  });

  it('answers the connectivity test: a head count of categories', async () => {
    const { count, error, data } = await client()
      .from('categories')
      .select('*', { count: 'exact', head: true })
      .limit(1);
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(count).toBe(seeded.categories);
  });

  it('searches products with search_products (max 6, trimmed, case-insensitive, literal wildcards)', async () => {
    for (const term of [
      'satellite phone',
      'multi-tool',
      'solar panel',
      'emergency food',
      'two-way radio',
      'fire starter',
    ]) {
      const { data, error } = await client().rpc('search_products', { p_query: term });
      expect(error).toBeNull();
      const rows = data as (ProductRow & { category_name: string })[];
      expect(rows.length, term).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(6);
      // Ranked by relevance (search.test.ts checks the order); each product once.
      expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
      expect(rows[0]?.category_name).toEqual(expect.any(String));
    }
    const upper = await client().rpc('search_products', { p_query: '  LIFESTRAW ' });
    expect((upper.data as ProductRow[]).map((row) => row.name)).toEqual(['LifeStraw Personal Water Filter']);
    const byCategory = await client().rpc('search_products', { p_query: 'lighting', p_limit: 50 });
    expect((byCategory.data as ProductRow[]).length).toBe(6);
    const empty = await client().rpc('search_products', { p_query: '   ' });
    expect(empty.data).toEqual([]);
    const wildcard = await client().rpc('search_products', { p_query: '%' });
    expect(wildcard.data).toEqual([]);
    // Fewer than 3 characters find nothing (no trigram); the cap of 50 is checked on generated data in
    // storefront-plans.test.ts, as no 3 letters occur in 50 seeded products.
    const short = await client().rpc('search_products', { p_query: ' ra ' });
    expect(short.data).toEqual([]);
    const many = await client().rpc('search_products', { p_query: 'and', p_limit: 1000 });
    expect((many.data as ProductRow[]).length).toBeGreaterThan(6);
    expect((many.data as ProductRow[]).length).toBeLessThanOrEqual(50);
  });

  it('serves every catalogue image from public storage', async () => {
    const { data } = await client().from('products').select('image_url');
    const urls = [...new Set((data as { image_url: string }[]).map((row) => row.image_url))];
    for (const url of urls) {
      const path = new URL(url).pathname;
      const response = await fetch(`${stack.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/svg+xml');
      await response.arrayBuffer();
    }
    const fallback = await fetch(`${stack.url}/storage/v1/object/public/catalog/default.svg`);
    expect(fallback.status).toBe(200);
    await fallback.arrayBuffer();
  });
});

describe('storefront writes are refused', () => {
  it('an anonymous visitor cannot change the catalogue', async () => {
    const insert = await anon.from('categories').insert({ name: 'Hacked', slug: 'hacked' }).select();
    expect(insert.error?.code).toBe('42501');
    const update = await anon.from('products').update({ price: 0 }).gte('price', 0).select('id');
    expect(update.error?.code).toBe('42501');
    const { data } = await stack.serviceClient().from('products').select('id').eq('price', 0);
    expect(data).toEqual([]);
  });

  it('nobody writes through product_listing, and count_products refuses more than 8 words', async () => {
    for (const client of [anon, customer]) {
      const update = await client.from('product_listing').update({ price: 0 }).gte('price', 0).select('id');
      expect(update.error?.code).toBe('42501');
      const del = await client.from('product_listing').delete().gte('price', 0).select('id');
      expect(del.error?.code).toBe('42501');
    }
    const { data } = await stack.serviceClient().from('products').select('id').eq('price', 0);
    expect(data).toEqual([]);
    const many = await anon.rpc('count_products', { p_terms: Array.from({ length: 9 }, () => 'a') });
    expect(many.error?.message).toBe('At most 8 search words');
  });

  it('a customer cannot change the catalogue (RLS hides every row from the write)', async () => {
    const update = await customer.from('products').update({ price: 0 }).gte('price', 0).select('id');
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);
    const insert = await customer.from('categories').insert({ name: 'Mine', slug: 'mine' }).select();
    expect(insert.error?.code).toBe('42501');
    const del = await customer.from('categories').delete().neq('slug', '').select('id');
    expect(del.data).toEqual([]);
    const { count } = await stack
      .serviceClient()
      .from('categories')
      .select('*', { count: 'exact', head: true });
    expect(count).toBe(seeded.categories);
  });

  it("the storefront's light reader (the key as ?apikey=, no Authorization) reads as anon, rows, counts and errors", async () => {
    const reader = createCatalogueClient(stack.url, stack.anonKey);
    const sdk = await anon.from('products').select('id, name').order('id').limit(3);
    const page = await reader.from('products').select('id, name').order('id').limit(3);
    expect(page.error).toBeNull();
    expect(page.data).toEqual(sdk.data);
    const one = await reader.from('products').select('id').eq('id', sdk.data![0]!.id).maybeSingle();
    expect(one.data).toEqual({ id: sdk.data![0]!.id });
    const counted = await reader.from('categories').select('id', { count: 'exact' }).limit(1);
    expect(counted.count).toBe(seeded.categories);
    const bad = await reader.from('products').select('no_such_column');
    expect(bad.error?.status).toBe(400);
    // A wrong key is refused by the gateway, not read as anon.
    const wrong = await createCatalogueClient(stack.url, 'not-a-key').from('products').select('id').limit(1);
    expect(wrong.error?.status).toBe(401);
    // Anonymous: RLS as for any visitor (nobody's orders).
    const orders = await reader.from('orders').select('id').limit(1);
    expect(orders.data ?? []).toEqual([]);
  });

  it("the light reader calls read functions by GET with the answers supabase-js's POST gets", async () => {
    const reader = createCatalogueClient(stack.url, stack.anonKey);
    for (const args of [
      { p_terms: ['solar', 'panel'] },
      { p_terms: [] },
      { p_terms: ['a,b', '{x}', 'say "hi"', 'back\\slash'] },
      { p_terms: ['water'], p_min_price: 10, p_max_price: 200 },
    ]) {
      const byGet = await reader.rpc('count_products', args);
      const byPost = await anon.rpc('count_products', args);
      expect(byGet.error).toBeNull();
      expect(byGet.data).toBe(byPost.data);
    }
    expect((await reader.rpc('count_products', { p_terms: ['water'] })).data).toBeGreaterThan(0);
    const { data: ids } = await anon.from('products').select('id').order('id').limit(5);
    const productIds = (ids ?? []).map((row) => row.id);
    const bestBefore = await reader.rpc('product_best_before', { p_product_ids: productIds });
    expect(bestBefore.error).toBeNull();
    expect(bestBefore.data).toEqual(
      (await anon.rpc('product_best_before', { p_product_ids: productIds })).data,
    );
  });
});
