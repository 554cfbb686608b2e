// Plans, not times (issue 17): on a catalogue of a few thousand generated products, the /products page
// statements the stack builds for the remotes' sorts (mf-catalog's get-products-page.ts, through
// supabase-js) read their page from the matching index under the anon role, never a full scan of
// products.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planRead } from '../../stack/rest/plan.ts';
import { parsePrefer, parseQuery, type ApiRequest } from '../../stack/rest/request.ts';
import { loadSchemaCache, type SchemaCache } from '../../stack/rest/schema.ts';
import { readStatement } from '../../stack/rest/sql.ts';
import { startTestStack, type TestStack } from '../harness.ts';

const GENERATED = 5000;
// As supabase-js sends PRODUCT_WITH_NAMES and `.range(0, 11)` (PAGE_SIZE 12).
const SELECT = '*,category:categories(name,slug),subcategory:subcategories(name,slug)';

let stack: TestStack;
let cache: SchemaCache;
let categoryId: string;
/** pg_class facts of products right after the stack started (migrations and seed applied). */
let afterStart: { relallvisible: number; reltuples: number };

beforeAll(async () => {
  stack = await startTestStack();
  const started = await stack.db.query<{ relallvisible: number; reltuples: number }>(
    `select relallvisible, reltuples::float8 as reltuples from pg_class where oid = 'public.products'::regclass`,
  );
  afterStart = started.rows[0]!;
  await stack.db.query(
    `insert into public.products (name, price, description, category_id, subcategory_id, image_url,
       in_stock, stock_count, rating, review_count, created_at)
     select 'Generated item ' || g, (g % 997) + 0.99, 'Generated for plan tests', c.id, s.id,
       '/storage/v1/object/public/product-images/x.png', g % 5 <> 0, g % 40, (g % 50) / 10.0, g % 300,
       now() - make_interval(mins => g)
     from generate_series(1, ${GENERATED}) g
     cross join lateral (
       select id from public.categories order by created_at, id offset (g % 5) limit 1
     ) c
     left join lateral (
       select id from public.subcategories where category_id = c.id order by name limit 1
     ) s on true`,
  );
  await stack.db.query('analyze public.products');
  cache = await loadSchemaCache(stack.db);
  const { rows } = await stack.db.query<{ id: string }>(
    'select category_id as id from public.products group by 1 order by count(*) desc limit 1',
  );
  categoryId = rows[0]!.id;
});

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

/** EXPLAIN (FORMAT JSON) of the statement the stack runs for GET /rest/v1/products?<params>, as anon. */
async function explainAsAnon(params: [string, string][]): Promise<PlanNode[]> {
  const request: ApiRequest = {
    action: { kind: 'read', resource: 'products' },
    prefer: parsePrefer(undefined),
    single: false,
    range: null,
    params,
    query: parseQuery(params),
    payload: undefined,
  };
  const statement = readStatement(cache, planRead(cache, request, 'products'));
  const { rows } = await stack.db.withRequestContext({ role: 'anon' }, 'anon', (tx) =>
    tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${statement.sql}`, statement.params),
  );
  const raw = rows[0]!['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return nodes(parsed[0]!.Plan);
}

function productScans(plan: PlanNode[]): PlanNode[] {
  return plan.filter((node) => node['Relation Name'] === 'products');
}

const page: [string, string][] = [
  ['offset', '0'],
  ['limit', '12'],
];

describe('statistics after start', () => {
  it('vacuums and analyzes after migrations and seed (visibility map and row estimate set)', () => {
    expect(afterStart.relallvisible).toBeGreaterThan(0);
    expect(afterStart.reltuples).toBeGreaterThan(0);
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
    const plan = await explainAsAnon([['select', SELECT], ['order', order], ...page]);
    const scans = productScans(plan);
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    expect(scans.map((node) => node['Index Name'])).toContain(index);
  });

  // A category holding a fifth of the catalogue is read from either the per-category index or the
  // global one (filtered), whichever the planner prices lower; never by sorting the table.
  it('reads a category-filtered default page from a featured-order index', async () => {
    const plan = await explainAsAnon([
      ['select', SELECT],
      ['category_id', `eq.${categoryId}`],
      ['order', 'in_stock.desc,rating.desc,id.asc'],
      ...page,
    ]);
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
});
