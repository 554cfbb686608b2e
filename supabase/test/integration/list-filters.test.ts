// The storefront's lists with filters and counts: search_products_page (/products?q=, the ranked search as a
// paged list with the page's filters and sorts) on a fixed list of queries with their expected top results,
// and product_facets (the counts beside each filter option) on products made here with known values and on
// the seed catalogue against an independent count.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';

let stack: TestStack;
let anon: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack();
  anon = stack.anonClient();
});

afterAll(async () => {
  await stack?.stop();
});

interface PageRow {
  id: string;
  name: string;
  price: number;
  rating: number;
  in_stock: boolean;
  stock_count: number;
  category: { name: string; slug: string };
  subcategory: { name: string; slug: string } | null;
}

type PageArgs = {
  p_query: string;
  p_category_id?: string;
  p_subcategory_id?: string;
  p_min_price?: number;
  p_max_price?: number;
  p_stock?: string;
  p_min_rating?: number;
  p_sort?: string;
  p_offset?: number;
  p_limit?: number;
};

async function page(args: PageArgs): Promise<PageRow[]> {
  const { data, error } = await anon.rpc('search_products_page', args);
  expect(error).toBeNull();
  return data as PageRow[];
}

interface Facets {
  total: number;
  stock: { in_stock: number; low_stock: number; out_of_stock: number };
  rating: Record<'1' | '2' | '3' | '4', number>;
  groups: { id: string; count: number }[];
}

async function facets(
  args: Omit<PageArgs, 'p_query' | 'p_sort' | 'p_offset' | 'p_limit'> & {
    p_query?: string;
    p_group?: string;
  },
): Promise<Facets> {
  const { data, error } = await anon.rpc('product_facets', args);
  expect(error).toBeNull();
  return data as Facets;
}

describe('search_products_page on the seed catalogue', () => {
  it.each([
    ['sattelite phone', /Satellite Phone$/],
    ['two way radio', /^Midland GXT1000 Two-Way Radio Pair$/],
    ['Two-Way Radio', /^Midland GXT1000 Two-Way Radio Pair$/],
    ['radio', /\bRadio\b/],
    ['flashlite', /Flashlight$/],
    ['headlamp', /Headlamp$/],
    ['water filter', /Water Filter$/],
    ['satelite phone', /Satellite Phone$/],
    ['satel', /Satellite/],
    ['LifeStraw', /^LifeStraw Personal Water Filter$/],
  ])('"%s" puts a matching product first', async (query, first) => {
    const rows = await page({ p_query: query });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.name).toMatch(first);
  });

  it('ranks every product named "radio" above one that only mentions it', async () => {
    const rows = await page({ p_query: 'radio', p_limit: 100 });
    const names = rows.map((row) => row.name);
    const named = names.filter((name) => /\bradio\b/i.test(name));
    expect(named.length).toBeGreaterThanOrEqual(4);
    expect(names.length).toBeGreaterThan(named.length);
    expect(names.slice(0, named.length)).toEqual(named);
  });

  it('finds nothing for a word that is in no product, and nothing without a word', async () => {
    expect(await page({ p_query: 'satellite zebra' })).toEqual([]);
    expect(await page({ p_query: '  !!  ' })).toEqual([]);
  });

  it('gives each row its category and subcategory names and slugs', async () => {
    const [row] = await page({ p_query: 'two way radio', p_limit: 1 });
    expect(row!.category).toEqual({ name: 'Communication', slug: 'communication' });
    expect(row!.subcategory).toEqual({ name: 'Two-Way Radios', slug: 'two-way-radios' });
  });

  it('pages without overlap or gaps, and every page-sort is in order', async () => {
    const all = await page({ p_query: 'kit', p_limit: 100 });
    expect(all.length).toBeGreaterThan(5);
    const first = await page({ p_query: 'kit', p_limit: 3 });
    const second = await page({ p_query: 'kit', p_limit: 3, p_offset: 3 });
    expect([...first, ...second].map((row) => row.id)).toEqual(all.slice(0, 6).map((row) => row.id));
    const total = (await facets({ p_query: 'kit' })).total;
    expect(total).toBe(all.length);

    const cheap = (await page({ p_query: 'kit', p_sort: 'price-low', p_limit: 100 })).map((r) =>
      Number(r.price),
    );
    expect(cheap).toEqual([...cheap].sort((a, b) => a - b));
    const dear = (await page({ p_query: 'kit', p_sort: 'price-high', p_limit: 100 })).map((r) =>
      Number(r.price),
    );
    expect(dear).toEqual([...dear].sort((a, b) => b - a));
    const rated = (await page({ p_query: 'kit', p_sort: 'rating', p_limit: 100 })).map((r) =>
      Number(r.rating),
    );
    expect(rated).toEqual([...rated].sort((a, b) => b - a));

    // A page the head of the sort's index holds (the whole list, all matches sorted, does not fit in one
    // page of 3) is the slice of the whole sorted list.
    for (const sort of ['price-low', 'price-high', 'newest', 'rating', 'name']) {
      const whole = await page({ p_query: 'kit', p_sort: sort, p_limit: 100 });
      const second = await page({ p_query: 'kit', p_sort: sort, p_limit: 3, p_offset: 3 });
      expect(
        second.map((row) => row.id),
        sort,
      ).toEqual(whole.slice(3, 6).map((row) => row.id));
    }
  });

  it('applies price, availability, rating and category filters to the search', async () => {
    const rows = await page({ p_query: 'radio', p_min_price: 50, p_max_price: 90, p_limit: 100 });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => Number(row.price) >= 50 && Number(row.price) <= 90)).toBe(true);
    const rated = await page({ p_query: 'radio', p_min_rating: 4.7, p_limit: 100 });
    expect(rated.every((row) => Number(row.rating) >= 4.7)).toBe(true);
    const all = await page({ p_query: 'radio', p_limit: 100 });
    expect(rated.length).toBeLessThan(all.length);
    const { rows: communication } = await stack.db.query<{ id: string }>(
      `select id from public.categories where slug = 'communication'`,
    );
    const inCategory = await page({ p_query: 'radio', p_category_id: communication[0]!.id, p_limit: 100 });
    expect(inCategory.length).toBeGreaterThan(0);
    expect(inCategory.every((row) => row.category.slug === 'communication')).toBe(true);
    expect(inCategory.length).toBeLessThan(all.length);
  });
});

describe('product_facets on products with known values', () => {
  let category: string;
  let small: string;
  let large: string;

  beforeAll(async () => {
    const word = `facetium${Date.now() % 100000}`;
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.categories (name, slug) values ($1, $1) returning id`,
      [word],
    );
    category = rows[0]!.id;
    const subs = await stack.db.query<{ id: string; slug: string }>(
      `insert into public.subcategories (category_id, name, slug)
       values ($1, 'Small', 'small'), ($1, 'Large', 'large') returning id, slug`,
      [category],
    );
    small = subs.rows.find((row) => row.slug === 'small')!.id;
    large = subs.rows.find((row) => row.slug === 'large')!.id;
    // [subcategory, price, in stock, stock count, rating]
    const products: [string, number, boolean, number, number][] = [
      [small, 10, true, 50, 4.5], // in stock
      [small, 20, true, 5, 3.2], // low stock
      [small, 30, false, 0, 4.0], // out of stock
      [large, 40, true, 9, 2.0], // low stock
      [large, 50, true, 100, 1.5], // in stock
      [large, 60, false, 0, 0], // out of stock, no reviews
    ];
    // Ratings come from approved reviews (products_set_rating); these products are given theirs directly.
    await stack.db.query(`alter table public.products disable trigger products_set_rating`);
    for (const [index, [sub, price, inStock, count, rating]] of products.entries()) {
      await stack.db.query(
        `insert into public.products
           (name, price, description, category_id, subcategory_id, image_url, in_stock, stock_count, rating)
         values ($1, $2, 'A test product.', $3, $4, '/x.svg', $5, $6, $7)`,
        [`${word} ${index}`, price, category, sub, inStock, count, rating],
      );
    }
    await stack.db.query(`alter table public.products enable trigger products_set_rating`);
  });

  it('counts each option of a category with no filter', async () => {
    expect(await facets({ p_category_id: category, p_group: 'subcategory' })).toEqual({
      total: 6,
      stock: { in_stock: 4, low_stock: 2, out_of_stock: 2 },
      rating: { '4': 2, '3': 3, '2': 4, '1': 5 },
      groups: [
        { id: small, count: 3 },
        { id: large, count: 3 },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    });
  });

  it("leaves each option's own filter out of its counts and applies the others", async () => {
    const lowStock = await facets({ p_category_id: category, p_stock: 'low_stock', p_group: 'subcategory' });
    expect(lowStock.total).toBe(2);
    // Availability options still count as if no availability were chosen.
    expect(lowStock.stock).toEqual({ in_stock: 4, low_stock: 2, out_of_stock: 2 });
    // Rating and subcategory options count low-stock products only.
    expect(lowStock.rating).toEqual({ '4': 0, '3': 1, '2': 2, '1': 2 });
    expect(lowStock.groups).toEqual(
      [
        { id: small, count: 1 },
        { id: large, count: 1 },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );

    const rated = await facets({
      p_category_id: category,
      p_min_rating: 3,
      p_subcategory_id: small,
      p_group: 'subcategory',
    });
    expect(rated.total).toBe(3);
    expect(rated.stock).toEqual({ in_stock: 2, low_stock: 1, out_of_stock: 1 });
    expect(rated.rating).toEqual({ '4': 2, '3': 3, '2': 3, '1': 3 });
    // The subcategory's own choice is left out of its options: Large has no product rated 3 or more.
    expect(rated.groups).toEqual([{ id: small, count: 3 }].sort((a, b) => a.id.localeCompare(b.id)));
  });

  it('narrows every count by price, and counts one subcategory without groups', async () => {
    const priced = await facets({ p_subcategory_id: large, p_category_id: category, p_min_price: 45 });
    expect(priced).toEqual({
      total: 2,
      stock: { in_stock: 1, low_stock: 0, out_of_stock: 1 },
      rating: { '4': 0, '3': 0, '2': 0, '1': 1 },
      groups: [],
    });
  });

  it('counts by category over the whole catalogue, the chosen category left out of its own options', async () => {
    const chosen = await facets({ p_category_id: category, p_stock: 'out_of_stock', p_group: 'category' });
    expect(chosen.total).toBe(2);
    const { rows } = await stack.db.query<{ id: string; n: number }>(
      `select category_id as id, count(*)::int as n from public.products where not in_stock
       group by category_id order by category_id`,
    );
    expect(chosen.groups).toEqual(rows.map((row) => ({ id: row.id, count: row.n })));
    expect(chosen.groups.find((group) => group.id === category)?.count).toBe(2);
  });

  it("counts and filters Low Stock below the store's threshold, which staff may change", async () => {
    // Stock counts 50, 5, 9 and 100 in stock: below 10, two; below 60, four (the two out of stock never).
    await stack.db.query(`update public.store_settings set low_stock_threshold = 60`);
    try {
      const raised = await facets({ p_category_id: category, p_stock: 'low_stock' });
      expect(raised.stock).toEqual({ in_stock: 4, low_stock: 3, out_of_stock: 2 });
      expect(raised.total).toBe(3);
      const { data, error } = await anon.rpc('search_products_page', {
        p_query: 'facetium',
        p_stock: 'low_stock',
      });
      expect(error).toBeNull();
      expect((data as PageRow[]).map((row) => row.stock_count).sort((a, b) => a - b)).toEqual([5, 9, 50]);
    } finally {
      await stack.db.query(`update public.store_settings set low_stock_threshold = 10`);
    }
    expect((await facets({ p_category_id: category })).stock.low_stock).toBe(2);
  });

  it('refuses an unknown group', async () => {
    const { error } = await anon.rpc('product_facets', { p_group: 'colour' });
    expect(error?.code).toBe('22023');
  });
});

describe('product_facets on the seed catalogue', () => {
  it('matches an independent count of the whole catalogue and of a search', async () => {
    const { rows } = await stack.db.query<{
      total: number;
      in_stock: number;
      low: number;
      out: number;
      r4: number;
    }>(
      `select count(*)::int as total, (count(*) filter (where in_stock))::int as in_stock,
         (count(*) filter (where in_stock and stock_count < 10))::int as low,
         (count(*) filter (where not in_stock))::int as out,
         (count(*) filter (where rating >= 4))::int as r4
       from public.products`,
    );
    const expected = rows[0]!;
    const all = await facets({ p_group: 'category' });
    expect(all.total).toBe(expected.total);
    expect(all.stock).toEqual({
      in_stock: expected.in_stock,
      low_stock: expected.low,
      out_of_stock: expected.out,
    });
    expect(all.rating['4']).toBe(expected.r4);
    expect(all.groups.reduce((sum, group) => sum + group.count, 0)).toBe(expected.total);

    const radio = await facets({ p_query: 'radio', p_group: 'category' });
    const found = await page({ p_query: 'radio', p_limit: 100 });
    expect(radio.total).toBe(found.length);
    expect(radio.stock.in_stock + radio.stock.out_of_stock).toBe(found.length);
    expect(radio.stock.low_stock).toBe(found.filter((row) => row.in_stock && row.stock_count < 10).length);
    expect(radio.rating['4']).toBe(found.filter((row) => Number(row.rating) >= 4).length);
  });

  it('the unfiltered counts (kept in product_facet_counts) follow every write to the catalogue', async () => {
    /** The unfiltered facets counted from the products themselves. */
    async function counted(): Promise<Facets> {
      const { rows } = await stack.db.query<{ facets: Facets }>(
        `select json_build_object(
           'total', count(*),
           'stock', json_build_object('in_stock', count(*) filter (where in_stock),
             'low_stock', count(*) filter (where in_stock and stock_count < 10),
             'out_of_stock', count(*) filter (where not in_stock)),
           'rating', json_build_object('4', count(*) filter (where rating >= 4),
             '3', count(*) filter (where rating >= 3), '2', count(*) filter (where rating >= 2),
             '1', count(*) filter (where rating >= 1)),
           'groups', (select json_agg(json_build_object('id', g.category_id, 'count', g.n) order by g.category_id)
             from (select category_id, count(*) as n from public.products group by 1) g)
         ) as facets
         from public.products`,
      );
      return rows[0]!.facets;
    }
    const expectInStep = async () => {
      const expected = await counted();
      expect(await facets({ p_group: 'category' })).toEqual(expected);
      // The same counts by the one pass over the products (a filter that keeps every product).
      expect(await facets({ p_group: 'category', p_min_rating: 0 })).toEqual(expected);
      expect((await facets({})).groups).toEqual([]);
    };
    await expectInStep();
    const [first, second] = (
      await stack.db.query<{ id: string }>(`select id from public.categories order by slug limit 2`)
    ).rows;
    await stack.db.query(`alter table public.products disable trigger products_set_rating`);
    try {
      const made = await stack.db.query<{ id: string }>(
        `insert into public.products (name, price, description, category_id, image_url, in_stock, stock_count, rating)
         values ('Rollup One', 5, 'x', $1, '/x.svg', true, 3, 4.5), ('Rollup Two', 5, 'x', $1, '/x.svg', false, 0, 2.5),
           ('Rollup Three', 5, 'x', $2, '/x.svg', true, 50, 0)
         returning id`,
        [first!.id, second!.id],
      );
      const ids = made.rows.map((row) => row.id);
      await expectInStep();
      await stack.db.query(`update public.products set rating = 1.2 where id = $1`, [ids[0]]);
      await stack.db.query(`update public.products set category_id = $1 where id = $2`, [first!.id, ids[2]]);
      await stack.db.query(`update public.products set in_stock = true, stock_count = 8 where id = $1`, [
        ids[1],
      ]);
      await stack.db.query(`update public.products set price = price + 1 where id = any($1)`, [ids]);
      await expectInStep();
      await stack.db.query(`delete from public.products where id = any($1)`, [ids]);
      await expectInStep();
    } finally {
      await stack.db.query(`alter table public.products enable trigger products_set_rating`);
    }
  });
});
