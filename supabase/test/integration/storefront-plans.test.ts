// Plans, not times (times vary from machine to machine): on data made by the scale generator (20,000
// products, 20,000 orders), the statements the stack builds for the remotes' sorts and filters (mf-catalog's
// get-products-page.ts and get-category-products.ts, through supabase-js) read their rows from the matching
// index under the anon role, the product search and the dashboard functions use theirs, and none scans all of
// products or orders. On PGlite the stack's statistics keeper is what makes the planner aware of the load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSearchCondition } from '../../../mf-admin/src/features/products/lib/product-search.ts';
import { seedScale } from '../../scale/seed-scale.ts';
import { planRead } from '../../stack/rest/plan.ts';
import { parsePrefer, parseQuery, type ApiRequest } from '../../stack/rest/request.ts';
import { loadSchemaCache, type SchemaCache } from '../../stack/rest/schema.ts';
import { readStatement } from '../../stack/rest/sql.ts';
import { startTestStack, type TestStack } from '../harness.ts';

const GENERATED = 20_000;
// As supabase-js sends PRODUCT_WITH_NAMES and `.range(0, 11)` (PAGE_SIZE 12).
const SELECT = '*,category:categories(name,slug),subcategory:subcategories(name,slug)';

let stack: TestStack;
let cache: SchemaCache;
let categoryId: string;
let subcategoryId: string;
/** pg_class facts of products right after the stack started (migrations and seed applied). */
let afterStart: { relallvisible: number; reltuples: number };
/** Tables the statistics keeper vacuumed after the load (PGlite). */
let kept: string[] = [];
/** The loaded tables' indexes and constraints before any load, after a load that failed, after the load. */
let schemaBefore: string[] = [];
let schemaAfterFailure: string[] = [];
let failure: unknown;
/** A load that wrote an order event of no order: its error and the key it left (validated or not). */
let brokenKeyFailure: unknown;
let keyLeft: { convalidated: boolean } | undefined;

/** Every index and constraint (by definition) of the tables the generator sets things aside on. */
async function loadedTablesSchema(): Promise<string[]> {
  const { rows } = await stack.db.query<{ definition: string }>(
    `select indexdef as definition from pg_indexes
     where schemaname = 'public'
       and tablename in ('products', 'orders', 'order_items', 'order_events', 'dashboard_product_sales')
     union all
     select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
     where conrelid in ('public.products'::regclass, 'public.orders'::regclass, 'public.order_items'::regclass,
       'public.order_events'::regclass, 'public.dashboard_product_sales'::regclass)
     order by 1`,
  );
  return rows.map((row) => row.definition);
}

beforeAll(async () => {
  stack = await startTestStack();
  const started = await stack.db.query<{ relallvisible: number; reltuples: number }>(
    `select relallvisible, reltuples::float8 as reltuples from pg_class where oid = 'public.products'::regclass`,
  );
  afterStart = started.rows[0]!;
  schemaBefore = await loadedTablesSchema();
  // A load that fails half-way (here when it writes its first order lines) puts back what it set aside.
  await seedScale(
    {
      exec: async (sql) => {
        if (sql.includes('insert into public.order_items')) throw new Error('stopped for the test');
        await stack.db.exec(sql);
      },
      query: (sql) => stack.db.query(sql),
    },
    { products: 10, orders: 10, seed: 18 },
  ).catch((error: unknown) => {
    failure = error;
  });
  schemaAfterFailure = await loadedTablesSchema();
  // A row that breaks a foreign key set aside for the load fails it at the check, with the key in place.
  await seedScale(
    {
      exec: async (sql) => {
        await stack.db.exec(sql);
        if (sql.includes('insert into public.order_events')) {
          await stack.db.exec(
            `insert into public.order_events (order_id, kind, to_value, actor_role)
             values ('00000000-0000-4000-8000-00000000dead', 'placed', 'pending', 'customer')`,
          );
        }
      },
      query: (sql) => stack.db.query(sql),
    },
    { products: 10, orders: 10, seed: 19 },
  ).catch((error: unknown) => {
    brokenKeyFailure = error;
  });
  const left = await stack.db.query<{ convalidated: boolean }>(
    `select convalidated from pg_constraint where conname = 'order_events_order_id_fkey'`,
  );
  keyLeft = left.rows[0];
  await stack.db.exec(
    `delete from public.order_events where order_id = '00000000-0000-4000-8000-00000000dead';
     alter table public.order_events validate constraint order_events_order_id_fkey;`,
  );
  await seedScale(
    { exec: (sql) => stack.db.exec(sql), query: (sql) => stack.db.query(sql) },
    { products: GENERATED, orders: GENERATED, seed: 17 },
  );
  if (stack.statistics) {
    kept = await stack.statistics.runOnce();
  } else {
    // PostgreSQL: what autovacuum would do in a while, now.
    for (const table of ['products', 'orders', 'order_items', 'reviews']) {
      await stack.db.exec(`vacuum (analyze) public.${table}`);
    }
  }
  cache = await loadSchemaCache(stack.db);
  const { rows } = await stack.db.query<{ id: string }>(
    'select category_id as id from public.products group by 1 order by count(*) desc limit 1',
  );
  categoryId = rows[0]!.id;
  const sub = await stack.db.query<{ id: string }>(
    `select subcategory_id as id from public.products where subcategory_id is not null
     group by 1 order by count(*) desc limit 1`,
  );
  subcategoryId = sub.rows[0]!.id;
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

function planNodes(raw: unknown): PlanNode[] {
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return nodes(parsed[0]!.Plan);
}

/**
 * EXPLAIN (FORMAT JSON) of the statement the stack runs for GET /rest/v1/<resource>?<params>, as anon;
 * `count` adds Prefer: count=exact (the category pages ask for it). /products reads `product_listing`.
 */
async function explainAsAnon(
  params: [string, string][],
  count = false,
  resource: 'products' | 'product_listing' = 'products',
): Promise<PlanNode[]> {
  const request: ApiRequest = {
    action: { kind: 'read', resource },
    prefer: parsePrefer(count ? 'count=exact' : undefined),
    single: false,
    range: null,
    params,
    query: parseQuery(params),
    payload: undefined,
  };
  const statement = readStatement(cache, planRead(cache, request, resource));
  const { rows } = await stack.db.withRequestContext({ role: 'anon' }, 'anon', (tx) =>
    tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${statement.sql}`, statement.params),
  );
  return planNodes(rows[0]!['QUERY PLAN']);
}

const ADMIN_ID = '00000000-0000-4000-8000-000000000003';

type Transaction = Parameters<Parameters<TestStack['db']['transaction']>[0]>[0];

/** A function's source and settings (proconfig) from pg_proc. */
async function functionSource(name: string): Promise<{ src: string; config: string[] | null }> {
  const { rows } = await stack.db.query<{ src: string; config: string[] | null }>(
    `select prosrc as src, proconfig as config from pg_proc
     where pronamespace = 'public'::regnamespace and proname = $1`,
    [name],
  );
  return rows[0]!;
}

/** Runs `fn` in a transaction with a function's settings in force, as the seeded super administrator. */
function asSuperAdmin<T>(config: string[] | null, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return stack.db.transaction(async (tx) => {
    for (const setting of config ?? []) {
      const [key, ...value] = setting.split('=');
      await tx.query('select set_config($1, $2, true)', [key, value.join('=')]);
    }
    await tx.query(
      `select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)`,
      [JSON.stringify({ sub: ADMIN_ID, role: 'authenticated' }), ADMIN_ID],
    );
    return fn(tx);
  });
}

/**
 * EXPLAIN (FORMAT JSON) of a function's own query, taken from pg_proc (the SQL of a `language sql`
 * body, or the `$sql$ ... $sql$` string a plpgsql body EXECUTEs, its `%s` filled with `arm`), with
 * its named arguments bound as $1, $2 in order and its settings (proconfig) in force, as the seeded
 * super administrator (so permission checks pass).
 */
async function explainFunction(
  name: string,
  args: string[],
  values: unknown[],
  arm?: string,
): Promise<PlanNode[]> {
  const { src, config } = await functionSource(name);
  let sql = /\$sql\$([\s\S]*)\$sql\$/.exec(src)?.[1] ?? src;
  if (arm !== undefined) sql = sql.replace('%s', arm);
  args.forEach((arg, i) => {
    sql = sql.replace(new RegExp(`\\b${arg}\\b`, 'g'), `$${i + 1}`);
  });
  const result = await asSuperAdmin(config, async (tx) => {
    return tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, values);
  });
  return planNodes(result.rows[0]!['QUERY PLAN']);
}

async function owner<R extends Record<string, unknown>>(sql: string): Promise<R[]> {
  return (await stack.db.query<R>(sql)).rows;
}

/**
 * EXPLAIN (FORMAT JSON) of each query of a plpgsql function's body (every `select`, `select … into` and
 * `return query` between its top-level `begin` and `end`), with its arguments and variables bound as
 * typed parameters, its settings in force, as the seeded super administrator.
 */
async function explainPlpgsql(
  name: string,
  bindings: Record<string, [type: string, value: unknown]>,
): Promise<PlanNode[][]> {
  const { src, config } = await functionSource(name);
  const body = src
    .slice(src.search(/^begin$/m) + 'begin'.length, src.lastIndexOf('end;'))
    .replace(/--.*$/gm, '');
  const names = Object.keys(bindings);
  const queries = body
    .split(/;\s*\n/)
    .map((statement) => statement.trim().replace(/^return query\s+/, ''))
    .filter((statement) => /^(select|with)\b/.test(statement))
    .map((statement) =>
      names.reduce(
        (sql, key, i) => sql.replace(new RegExp(`\\b${key}\\b`, 'g'), `$${i + 1}::${bindings[key]![0]}`),
        statement.replace(/\binto v_\w+\b/, ''),
      ),
    );
  return asSuperAdmin(config, async (tx) => {
    const plans: PlanNode[][] = [];
    for (const sql of queries) {
      // Each statement uses some of the parameters: bind the ones it names, renumbered.
      const used = [...new Set([...sql.matchAll(/\$(\d+)::/g)].map((match) => Number(match[1])))].sort(
        (a, b) => a - b,
      );
      const renumbered = used.reduce(
        (text, n, i) => text.replace(new RegExp(`\\$${n}::`, 'g'), `$$${i + 1}::`),
        sql,
      );
      const values = used.map((n) => bindings[names[n - 1]!]![1]);
      const result = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${renumbered}`, values);
      plans.push(planNodes(result.rows[0]!['QUERY PLAN']));
    }
    return plans;
  });
}

/** Scans of products or orders that read the whole table. */
function fullScans(plan: PlanNode[]): PlanNode[] {
  return plan.filter(
    (node) =>
      node['Node Type'] === 'Seq Scan' &&
      (node['Relation Name'] === 'products' || node['Relation Name'] === 'orders'),
  );
}

function productScans(plan: PlanNode[]): PlanNode[] {
  return plan.filter((node) => node['Relation Name'] === 'products');
}

const page: [string, string][] = [
  ['offset', '0'],
  ['limit', '12'],
];

describe('the scale generator', () => {
  it('puts back every index and constraint it set aside, also when a step fails', async () => {
    expect(schemaBefore.some((d) => d.includes('order_items_product_id_fkey FOREIGN KEY'))).toBe(true);
    expect(schemaBefore.some((d) => d.includes('products_search_text_trgm_idx'))).toBe(true);
    expect(failure).toBeInstanceOf(Error);
    expect(schemaAfterFailure).toEqual(schemaBefore);
    expect(await loadedTablesSchema()).toEqual(schemaBefore);
  });

  it('fails a load whose rows break a foreign key, leaving the key in place for new rows', () => {
    expect(String(brokenKeyFailure)).toMatch(/order_events_order_id_fkey/);
    expect(keyLeft).toEqual({ convalidated: false });
  });

  it('leaves no order line, event or order without what it refers to', async () => {
    const { rows } = await stack.db.query<{ lines: number; events: number; orders: number }>(
      `select
        (select count(*)::int from public.order_items i
          where not exists (select 1 from public.orders o where o.id = i.order_id)
             or (i.product_id is not null and not exists (select 1 from public.products p where p.id = i.product_id)))
          as lines,
        (select count(*)::int from public.order_events e
          where not exists (select 1 from public.orders o where o.id = e.order_id)) as events,
        (select count(*)::int from public.orders o
          where o.user_id is not null and not exists (select 1 from auth.users u where u.id = o.user_id)) as orders`,
    );
    expect(rows[0]).toEqual({ lines: 0, events: 0, orders: 0 });
  });
});

describe('statistics', () => {
  it('vacuums and analyzes after migrations and seed (visibility map and row estimate set)', () => {
    expect(afterStart.relallvisible).toBeGreaterThan(0);
    expect(afterStart.reltuples).toBeGreaterThan(0);
  });

  it("keeps them fresh after a bulk load (PGlite: the stack's keeper; PostgreSQL: autovacuum)", async () => {
    if (stack.db.kind === 'pglite') {
      expect(kept).toEqual(
        expect.arrayContaining(['public.products', 'public.orders', 'public.order_items']),
      );
      // Nothing changed since: the next pass has nothing to do.
      expect(await stack.statistics!.runOnce()).toEqual([]);
    } else {
      expect(stack.statistics).toBeNull();
    }
    const { rows } = await stack.db.query<{ relpages: number; relallvisible: number; reltuples: number }>(
      `select relpages, relallvisible, reltuples::float8 as reltuples from pg_class
       where oid = 'public.products'::regclass`,
    );
    expect(rows[0]!.reltuples).toBeGreaterThan(GENERATED);
    expect(rows[0]!.relallvisible).toBeGreaterThan(rows[0]!.relpages * 0.9);
  });
});

describe('storefront sorts on a generated catalogue', () => {
  it('has the sort indexes in pg_indexes', async () => {
    const { rows } = await stack.db.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'products'`,
    );
    const defs = new Map(rows.map((row) => [row.indexname, row.indexdef]));
    expect(defs.get('products_featured_idx')).toMatch(/\(in_stock DESC, rating DESC, id\)/);
    expect(defs.get('products_price_idx')).toMatch(/\(price, id\)/);
    expect(defs.get('products_category_featured_idx')).toMatch(
      /\(category_id, in_stock DESC, rating DESC, id\)/,
    );
  });

  it.each([
    ['featured (default)', 'in_stock.desc,rating.desc,id.asc', 'products_featured_idx'],
    ['price low to high', 'price.asc,id.asc', 'products_price_idx'],
    ['price high to low', 'price.desc,id.asc', 'products_price_desc_idx'],
    ['newest', 'created_at.desc,id.asc', 'products_newest_idx'],
  ])('reads the %s page from its index', async (_name, order, index) => {
    const plan = await explainAsAnon(
      [['select', SELECT], ['order', order], ...page],
      false,
      'product_listing',
    );
    const scans = productScans(plan);
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    expect(scans.map((node) => node['Index Name'])).toContain(index);
  });

  // A category holding a fifth of the catalogue is read from either the per-category index or the
  // global one (filtered), whichever the planner prices lower; never by sorting the table.
  it('reads a category-filtered default page from a featured-order index', async () => {
    const plan = await explainAsAnon(
      [
        ['select', SELECT],
        ['category_id', `eq.${categoryId}`],
        ['order', 'in_stock.desc,rating.desc,id.asc'],
        ...page,
      ],
      false,
      'product_listing',
    );
    const scans = productScans(plan);
    expect(scans.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    const indexes = scans.map((node) => node['Index Name']);
    expect(
      indexes.some((name) => name === 'products_category_featured_idx' || name === 'products_featured_idx'),
    ).toBe(true);
  });

  it('runs the dashboard functions without JIT', async () => {
    const { rows } = await stack.db.query<{ name: string; config: string[] | null }>(
      `select proname as name, proconfig as config from pg_proc
       where pronamespace = 'public'::regnamespace
         and proname in ('admin_sales_overview', 'admin_top_products', 'admin_dashboard_summary')`,
    );
    expect(rows.map((row) => row.name).sort()).toEqual([
      'admin_dashboard_summary',
      'admin_sales_overview',
      'admin_top_products',
    ]);
    for (const row of rows) expect(row.config).toContain('jit=off');
  });

  it("inlines dashboard_utc_day into the rollup triggers' queries instead of calling it per row", async () => {
    const { rows } = await stack.db.query<{ 'QUERY PLAN': string }>(
      `explain (verbose, costs off)
       select public.dashboard_utc_day(o.created_at) from public.orders o limit 1`,
    );
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/timezone\('UTC'::text, (o\.)?created_at\)/);
    expect(plan).not.toContain('dashboard_utc_day');
    const day = await stack.db.query<{ day: string }>(
      `select public.dashboard_utc_day('2026-03-01 01:30+02')::text as day`,
    );
    expect(day.rows[0]!.day).toBe('2026-02-28');
  });
});

describe('storefront filters and pages on a generated catalogue', () => {
  it.each([
    [
      'price 50-200',
      [
        ['price', 'gte.50'],
        ['price', 'lte.200'],
      ],
    ],
    [
      'text search',
      [
        ['search_text', 'like.*water*'],
        ['search_text', 'like.*filter*'],
      ],
    ],
    [
      'price and text',
      [
        ['search_text', 'like.*kit*'],
        ['price', 'gte.50'],
      ],
    ],
  ] as [string, [string, string][]][])(
    'reads a filtered /products page (%s) from product_listing along the featured index, no sort of the matches',
    async (_name, filters) => {
      const plan = await explainAsAnon(
        [['select', SELECT], ...filters, ['order', 'in_stock.desc,rating.desc,id.asc'], ...page],
        false,
        'product_listing',
      );
      expect(fullScans(plan)).toEqual([]);
      // With the statistics the view lets the planner see, these common filters are read in the page's
      // order and stop after 12 rows (not: every match from the price or trigram index, then sorted).
      expect(productScans(plan).map((node) => node['Index Name'])).toEqual(['products_featured_idx']);
    },
  );

  it('plans a price range on products itself (as anon, RLS) blind: why /products reads the view', async () => {
    const plan = await explainAsAnon([
      ['select', SELECT],
      ['price', 'gte.50'],
      ['price', 'lte.200'],
      ['order', 'in_stock.desc,rating.desc,id.asc'],
      ...page,
    ]);
    // The range is estimated at a few rows, so the planner reads all of them by price and sorts.
    expect(productScans(plan).map((node) => node['Index Name'])).not.toEqual(['products_featured_idx']);
  });

  it.each([
    ['everything', [], /^products_/],
    ['price 50-200', ['p.price >= 50::numeric', 'p.price <= 200::numeric'], /^products_price(_desc)?_idx$/],
    [
      'text search',
      ["p.search_text like '%water%'", "p.search_text like '%filter%'"],
      /^products_search_text_trgm_idx$/,
    ],
    ['a category', [`p.category_id = '${'$CATEGORY'}'::uuid`], /^products_category_/],
  ] as [string, string[], RegExp][])(
    'count_products counts (%s) from an index, never the whole table',
    async (_name, conditions, index) => {
      const { rows } = await stack.db.query<{ src: string }>(
        `select prosrc as src from pg_proc where pronamespace = 'public'::regnamespace and proname = 'count_products'`,
      );
      const template = /'(select count\(\*\)[^']*)'/.exec(rows[0]!.src)![1]!;
      const where = ['true', ...conditions].join(' and ').replace('$CATEGORY', categoryId);
      const explained = await stack.db.query<{ 'QUERY PLAN': unknown }>(
        `explain (format json) ${template.replace('%s', where)}`,
      );
      const plan = planNodes(explained.rows[0]!['QUERY PLAN']);
      expect(fullScans(plan)).toEqual([]);
      const scans = productScans(plan);
      expect(scans.length).toBeGreaterThan(0);
      for (const node of scans) {
        expect(['Index Scan', 'Index Only Scan', 'Bitmap Heap Scan']).toContain(node['Node Type']);
      }
      const indexes = plan.map((node) => node['Index Name']).filter((name) => name !== undefined);
      expect(indexes.length).toBeGreaterThan(0);
      expect(indexes.every((name) => index.test(name))).toBe(true);
    },
  );

  it('count_products is exact up to 10,000 and answers 10,001 past it', async () => {
    const anon = stack.anonClient();
    const all = await anon.rpc('count_products', {});
    expect(all.error).toBeNull();
    expect(all.data).toBe(10_001);
    const range = await anon.rpc('count_products', { p_min_price: 50, p_max_price: 200 });
    const exact = await anon
      .from('products')
      .select('id', { count: 'exact', head: true })
      .gte('price', 50)
      .lte('price', 200);
    expect(exact.count).toBeLessThan(10_000);
    expect(range.data).toBe(exact.count);
    const text = await anon.rpc('count_products', { p_terms: ['water', 'filter'] });
    const textExact = await anon
      .from('products')
      .select('id', { count: 'exact', head: true })
      .ilike('search_text', '%water%')
      .ilike('search_text', '%filter%');
    expect(text.data).toBe(textExact.count);
    expect(text.data).toBeGreaterThan(0);
  });

  it('reads a category page slice and its count from the category index', async () => {
    const plan = await explainAsAnon(
      [
        ['select', SELECT],
        ['category_id', `eq.${categoryId}`],
        ['order', 'created_at.desc,id.asc'],
        ['offset', '0'],
        ['limit', '48'],
      ],
      true,
    );
    expect(fullScans(plan)).toEqual([]);
    expect(productScans(plan).map((node) => node['Index Name'])).toContain('products_category_newest_idx');
  });

  it('reads a subcategory page slice from the subcategory index', async () => {
    const plan = await explainAsAnon([
      ['select', SELECT],
      ['category_id', `eq.${categoryId}`],
      ['subcategory_id', `eq.${subcategoryId}`],
      ['order', 'created_at.desc,id.asc'],
      ['offset', '0'],
      ['limit', '96'],
    ]);
    expect(fullScans(plan)).toEqual([]);
  });
});

describe("the back office's product search on a generated catalogue", () => {
  it('finds a SKU in any case from the unique index on lower(sku), the name from its trigram index', async () => {
    const { rows } = await stack.db.query<{ sku: string }>(
      'select sku from public.products order by created_at limit 1 offset 100',
    );
    // As getProducts asks for a page (the same filters as a signed-in administrator; products' read
    // policy is the same for everyone), the SKU typed in lower case.
    const plan = await explainAsAnon(
      [
        ['select', '*,category:categories(name,slug),subcategory:subcategories(name,slug)'],
        ['or', `(${productSearchCondition(rows[0]!.sku.toLowerCase())})`],
        ['order', 'created_at.desc,id.asc'],
        ['offset', '0'],
        ['limit', '10'],
      ],
      true,
    );
    expect(fullScans(plan)).toEqual([]);
    // Bitmap index scans name their index, not the table.
    const indexes = plan.map((node) => node['Index Name']);
    expect(indexes).toContain('products_sku_key');
    expect(indexes.some((name) => name?.startsWith('products_name'))).toBe(true);
  });
});

describe('search_products on a generated catalogue', () => {
  /** search_products' variables for a one-word query, as its body computes them. */
  const searchBindings = (word: string): Record<string, [string, unknown]> => ({
    v_query: ['text', word],
    v_limit: ['integer', 6],
    v_tsquery: ['tsquery', `'${word}':*`],
    v_phrase: ['text', word],
    v_pattern: ['text', `%${word}%`],
    v_named: ['uuid[]', []],
    v_others: ['uuid[]', []],
  });

  it.each(['skeletool', 'kit', 'lighting'])(
    'reads "%s" from the name index, its candidates by id and categories from theirs, never the whole catalogue',
    async (word) => {
      const plans = await explainPlpgsql('search_products', searchBindings(word));
      // The candidates whose name holds the word, then the ranking of the candidates and category hits.
      expect(plans).toHaveLength(2);
      const [named, ranked] = plans as [PlanNode[], PlanNode[]];
      expect(fullScans(named)).toEqual([]);
      expect(named.map((node) => node['Index Name'])).toContain('products_name_vector_idx');
      expect(fullScans(ranked)).toEqual([]);
      const indexes = ranked.map((node) => node['Index Name']);
      expect(indexes).toContain('products_pkey');
      expect(indexes).toContain('products_category_rating_name_idx');
    },
  );

  it('answers at most 50, the most relevant first, and nothing under 3 characters', async () => {
    const client = stack.anonClient();
    const many = await client.rpc('search_products', { p_query: 'kit', p_limit: 1000 });
    const rows = many.data as { name: string }[];
    expect(rows).toHaveLength(50);
    expect(rows.every((row) => /\bkit/i.test(row.name))).toBe(true);
    expect((await client.rpc('search_products', { p_query: 'ki' })).data).toEqual([]);
  });
});

describe('dashboard functions on generated orders', () => {
  it('admin_dashboard_summary reads the rollups, and orders only for the partial days at the ends', async () => {
    const plan = await explainFunction('admin_dashboard_summary', ['p_days'], [30]);
    expect(fullScans(plan)).toEqual([]);
    const relations = plan.map((node) => node['Relation Name']);
    expect(relations).toContain('dashboard_order_days');
    expect(relations).toContain('dashboard_customers');
    // Orders only for a caller without the orders permission: their own, by customer.
    const orderIndexes = plan.filter((node) => node['Index Name']?.startsWith('orders_'));
    expect(orderIndexes.map((node) => node['Index Name'])).toEqual(['orders_user_id_idx']);
    const period = await explainFunction(
      'dashboard_period_figures',
      ['p_from', 'p_to', 'p_to_inclusive'],
      [new Date(Date.now() - 30 * 86_400_000).toISOString(), new Date().toISOString(), true],
    );
    expect(fullScans(period)).toEqual([]);
    expect(period.filter((node) => node['Relation Name'] === 'orders').length).toBeGreaterThan(0);
    expect(
      period.filter((node) => node['Index Name']?.startsWith('orders_')).map((node) => node['Index Name']),
    ).not.toContain('orders_user_id_idx');
    expect(period.map((node) => node['Relation Name'])).toContain('dashboard_customer_days');
  });

  it('admin_sales_overview reads only the months asked for', async () => {
    const plan = await explainFunction('admin_sales_overview', ['p_months'], [6]);
    expect(fullScans(plan)).toEqual([]);
    expect(plan.map((node) => node['Index Name'])).toContain('orders_created_at_figures_idx');
  });

  it('admin_top_products reads month leaders and candidates from the revenue index, not every sale', async () => {
    const months = await owner<{ m: string }>(
      `select distinct period_start::text as m from public.dashboard_product_sales
       where period = 'month' and period_start >= date_trunc('month', now() - interval '180 days')::date
       order by 1`,
    );
    const statements = await explainPlpgsql('admin_top_products', {
      p_limit: ['integer', 5],
      p_days: ['integer', 180],
      v_limit: ['integer', 5],
      v_start: ['timestamptz', new Date(Date.now() - 180 * 86_400_000).toISOString()],
      v_first_month: ['date', months[0]!.m],
      v_months: ['date[]', months.map((row) => row.m)],
      v_threshold: ['numeric', 1000],
      v_keys: ['text[]', []],
    });
    // The months, the leaders, T, the candidates, the answer.
    expect(statements).toHaveLength(5);
    for (const plan of statements) {
      expect(fullScans(plan)).toEqual([]);
      expect(
        plan.filter(
          (node) => node['Relation Name'] === 'dashboard_product_sales' && node['Node Type'] === 'Seq Scan',
        ),
      ).toEqual([]);
    }
    for (const plan of [statements[1]!, statements[3]!]) {
      expect(plan.map((node) => node['Index Name'])).toContain('dashboard_product_sales_period_revenue_idx');
    }
  });

  it("admin_list_customers reads the page's orders by customer, never all orders", async () => {
    const [plan, ...rest] = await explainPlpgsql('admin_list_customers', {
      p_limit: ['integer', 20],
      p_offset: ['integer', 0],
      v_all: ['boolean', true],
      v_pattern: ['text', '%%'],
    });
    expect(rest).toEqual([]);
    expect(fullScans(plan!)).toEqual([]);
    const orderIndexes = plan!.filter((node) => node['Index Name']?.startsWith('orders_'));
    expect(orderIndexes.length).toBeGreaterThan(0);
    expect(orderIndexes.map((node) => node['Index Name'])).toEqual(
      orderIndexes.map(() => 'orders_user_id_idx'),
    );
  });

  it("dashboard_product_totals reads the candidates' rollup rows by key, and the first day's orders by date", async () => {
    const keys = await owner<{ k: string }>(
      `select item_key as k from public.dashboard_product_sales where period = 'month'
       order by revenue desc limit 20`,
    );
    const start = new Date(Date.now() - 180 * 86_400_000 - 3_600_000);
    const fullFrom = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + 1));
    const monthsFrom = new Date(Date.UTC(fullFrom.getUTCFullYear(), fullFrom.getUTCMonth() + 1, 1));
    const [plan, ...rest] = await explainPlpgsql('dashboard_product_totals', {
      p_start: ['timestamptz', start.toISOString()],
      p_keys: ['text[]', keys.map((row) => row.k)],
      v_full_from: ['date', fullFrom.toISOString().slice(0, 10)],
      v_months_from: ['date', monthsFrom.toISOString().slice(0, 10)],
    });
    expect(rest).toEqual([]);
    expect(fullScans(plan!)).toEqual([]);
    expect(plan!.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    const indexes = plan!.map((node) => node['Index Name']);
    expect(indexes).toContain('dashboard_product_sales_item_idx');
    expect(indexes.some((name) => /^orders_created_at(_figures)?_idx$/.test(name ?? ''))).toBe(true);
    expect(indexes.some((name) => /^order_items_order_id(_figures)?_idx$/.test(name ?? ''))).toBe(true);
  });
});
