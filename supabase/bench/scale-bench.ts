// The scale benchmark, so that a change which slows a call at 100,000 products shows up: every storefront and
// back-office call as the remotes' api modules make it (the same supabase-js builder chains), one client at a
// time, at the seed size and at the scale size (scale/seed-scale.ts), on PGlite and on PostgreSQL. Prints one
// Markdown table: p50 / p95 latency, requests per second and the largest response per call, size and engine.
// Usage: tsx bench/scale-bench.ts [--products 100000] [--orders 200000] [--sizes seed,scale]
//        [--engines pglite,postgres] [--postgres <server URL>] [--iterations 40] [--cold] [--cold-each]
//        [--only <regex>] [--keep <dir>] [--postgres-database <url>] [--bare]
// --cold restarts each stack after loading it (empty caches) and adds each call's first latency to its
// cell ("first N"), in the order of the table: the first visit after a restart.
// --cold-each restarts the stack before each call instead (its first latency then is its own cold start),
// and --only <regex> keeps the calls whose name (side included) matches.
// Stacks start as `npm start` starts them (warmUp, stack/warm-up.ts); --bare starts them as tests do.
// --keep <dir> keeps each PGlite database in <dir>/<size> and starts from it next time instead of loading
// the scale data again (minutes); a new migration is applied to it on start like on any database.
// --postgres-database <url> measures PostgreSQL on that database as it is, loaded beforehand with
// `seed:scale -- --database-url <url>` (minutes saved per run, as --keep does for PGlite); it is kept.
// Each size and engine gets a throwaway stack in a child process (bench/serve-stack.ts), loaded with the
// scale data there when the size is `scale`. It is a measurement, not a test. Run it alone:
// `flock /tmp/prepper-heavy.lock pnpm --filter @prepper/supabase bench:scale`.
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { productSearchCondition } from '../../mf-admin/src/features/products/lib/product-search.ts';
import {
  exportProducts,
  type ExportClient,
} from '../../mf-admin/src/features/products/lib/product-export.ts';
import { PRODUCT_SELECT, PRODUCT_SELECT_INNER } from '../../shared/src/domain/product.ts';
import { clientOptions } from '../test/harness.ts';
import { restartStackChild, startStackChild, stopStackChild } from './stack-child.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    products: { type: 'string', default: '100000' },
    orders: { type: 'string', default: '200000' },
    sizes: { type: 'string', default: 'seed,scale' },
    engines: { type: 'string', default: 'pglite,postgres' },
    postgres: { type: 'string' },
    iterations: { type: 'string', default: '40' },
    cold: { type: 'boolean', default: false },
    keep: { type: 'string' },
    'postgres-database': { type: 'string' },
    'cold-each': { type: 'boolean', default: false },
    only: { type: 'string' },
    bare: { type: 'boolean', default: false },
  },
});

const iterations = Number(values.iterations);

// As the api modules write them: the one product select of @prepper/shared, and their own.
const CATEGORY_WITH_SUBCATEGORIES = '*, subcategories(id, name, slug, description, created_at)';
const ADMIN_ORDER_COLUMNS = '*, order_items(quantity)';
const REVIEW_COLUMNS =
  'id, product_id, author_name, rating, title, body, status, verified_purchase, created_at, updated_at';

type Client = SupabaseClient;

const AUDIT_COLUMNS =
  'id, at, actor_id, actor_email, entity, record_id, record_label, parent_id, action, changes';
/** A page of the audit log as get-audit-log.ts asks for it, before its filter and range. */
const auditPage = (client: Client) =>
  client
    .from('audit_log')
    .select(AUDIT_COLUMNS, { count: 'exact' })
    .order('at', { ascending: false })
    .order('id', { ascending: false });
type AuditQuery = ReturnType<typeof auditPage>;
/** The first of the scale data's five staff members (seed 1: md5('scale-staff:1:1') as a uuid). */
const fixtureActor = createHash('md5')
  .update('scale-staff:1:1')
  .digest('hex')
  .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** A query that can be ordered (each order() gives the same builder back). */
interface Orderable {
  order(column: string, options?: { ascending?: boolean }): this;
}

/** A page of `table` with its total, as the list pages ask for it. */
const counted = (client: Client, table: string, columns: string) =>
  client.from(table).select(columns, { count: 'exact' });
/** The storefront's featured sort: in stock first, best rated, then id. */
const featuredFirst = <Q extends Orderable>(q: Q): Q =>
  q.order('in_stock', { ascending: false }).order('rating', { ascending: false }).order('id');
/** A /products page: product_listing without a count (count_products counts once per filter set). */
const listing = (client: Client) => client.from('product_listing').select(PRODUCT_SELECT);
/** Newest first, id breaking ties (the category pages and the back office's lists). */
const newestFirst = <Q extends Orderable>(q: Q): Q => q.order('created_at', { ascending: false }).order('id');

interface Fixture {
  categoryId: string;
  categorySlug: string;
  subcategoryId: string;
  productId: string;
  /** That product's SKU. */
  productSku: string;
  /** That product's name. */
  productName: string;
  /** The ids of the back office's first product page. */
  pageIds: string[];
  /**
   * A bulk edit's selection: 1,000 products in stock of one category and subcategory (the most a bulk
   * edit takes), which the bulk calls change and change back, call after call.
   */
  bulk: { ids: string[]; categoryId: string; subcategoryId: string; otherCategoryId: string };
  /**
   * The bulk delete's category: the one with the most products after the bulk edits' one, whose products
   * the delete calls take 1,000 at a time, by id; the ids of the next 1,000 (set by the call's prepare).
   */
  doomed: { categoryId: string; ids: string[] };
}

interface Call {
  name: string;
  side: 'storefront' | 'back office';
  run(c: { anon: Client; admin: Client; f: Fixture }): PromiseLike<{ error: unknown }>;
  /** Requests measured, when fewer than --iterations (a call of many seconds, such as the export). */
  iterations?: number;
  /** Measured at the scale size only (the bulk delete: the seed has not 5,000 products to delete). */
  scaleOnly?: boolean;
  /** Run before each request, untimed (what a destructive call needs, such as the next products to delete). */
  prepare?(c: { anon: Client; admin: Client; f: Fixture }): Promise<void>;
}

/** Calls `run` with `a` the first time, `b` the next, and so on: a change and the change back. */
function alternating<T>(a: T, b: T): () => T {
  let odd = false;
  return () => {
    odd = !odd;
    return odd ? a : b;
  };
}

/** An export as the products page makes it (lib/product-export.ts), the whole file built, as a call. */
async function exportCall(
  admin: Client,
  query: Parameters<typeof exportProducts>[1],
): Promise<{ error: unknown }> {
  try {
    // The typed client is the builder the export needs (checking that deeply is beyond tsc).
    const { parts, count } = await exportProducts(admin as unknown as ExportClient, query);
    if (count === 0 || parts.join('').length === 0) return { error: new Error('nothing exported') };
    return { error: null };
  } catch (error) {
    return { error };
  }
}

/** The next 1,000 products of the bulk delete's category (untimed; the deletes take them away). */
async function nextDoomed({ anon, f }: { anon: Client; f: Fixture }): Promise<void> {
  const { data, error } = await anon
    .from('products')
    .select('id')
    .eq('category_id', f.doomed.categoryId)
    .order('id')
    .limit(1000);
  if (error) throw error;
  if ((data ?? []).length < 1000) throw new Error('fewer than 1,000 products left to delete');
  f.doomed.ids = (data ?? []).map((row) => row.id as string);
}

const inStockNext = alternating(false, true);
const priceNext = alternating(1, -1);
const categoryNext = alternating(true, false);

/** The last `days` UTC days, today included, as the analytics page asks for them. */
function lastDays(days: number): { p_from: string; p_to: string } {
  const today = new Date();
  const from = new Date(today.getTime() - (days - 1) * 86_400_000);
  return { p_from: from.toISOString().slice(0, 10), p_to: today.toISOString().slice(0, 10) };
}

/** The analytics page's calls for one period (discount codes: when promotions exist). */
function analyticsCalls(days: number, bucket: 'day' | 'week' | 'month'): Call[] {
  const period = lastDays(days);
  const label = `${days} days`;
  return [
    {
      name: `analytics ${label}: summary (admin_analytics_summary)`,
      side: 'back office',
      run: ({ admin }) => admin.rpc('admin_analytics_summary', period),
    },
    {
      name: `analytics ${label}: by ${bucket} (admin_analytics_series)`,
      side: 'back office',
      run: ({ admin }) => admin.rpc('admin_analytics_series', { ...period, p_bucket: bucket }),
    },
    {
      name: `analytics ${label}: categories (admin_analytics_categories)`,
      side: 'back office',
      run: ({ admin }) => admin.rpc('admin_analytics_categories', period),
    },
    {
      name: `analytics ${label}: top products by revenue`,
      side: 'back office',
      run: ({ admin }) => admin.rpc('admin_analytics_top_products', { ...period, p_by: 'revenue' }),
    },
    {
      name: `analytics ${label}: top products by units`,
      side: 'back office',
      run: ({ admin }) => admin.rpc('admin_analytics_top_products', { ...period, p_by: 'units' }),
    },
    {
      name: `analytics ${label}: discount codes (admin_analytics_discounts)`,
      side: 'back office',
      run: ({ admin }) => admin.rpc('admin_analytics_discounts', period),
    },
  ];
}

/** Every call, named after the page and the api module that makes it. */
const calls: Call[] = [
  {
    name: 'header/home: categories + subcategories (get-categories)',
    side: 'storefront',
    run: ({ anon }) => anon.from('categories').select(CATEGORY_WITH_SUBCATEGORIES).order('created_at'),
  },
  {
    name: 'home: featured products (get-featured-products)',
    side: 'storefront',
    run: ({ anon }) =>
      anon
        .from('products')
        .select(PRODUCT_SELECT_INNER)
        .eq('in_stock', true)
        .order('rating', { ascending: false })
        .order('review_count', { ascending: false })
        .limit(6),
  },
  // /products (get-products-page.ts): the page from product_listing, and its count from count_products
  // once per filter set (kept while paging and sorting), so each filter set costs one count.
  {
    name: '/products page 1, featured sort (get-products-page)',
    side: 'storefront',
    run: ({ anon }) => featuredFirst(listing(anon)).range(0, 11),
  },
  {
    name: '/products count, no filter (count_products, capped)',
    side: 'storefront',
    run: ({ anon }) => anon.rpc('count_products', { p_terms: [] }),
  },
  {
    name: '/products page 3, price low to high',
    side: 'storefront',
    run: ({ anon }) => listing(anon).order('price').order('id').range(24, 35),
  },
  {
    name: '/products, price 50-200',
    side: 'storefront',
    run: ({ anon }) => featuredFirst(listing(anon).gte('price', 50).lte('price', 200)).range(0, 11),
  },
  {
    name: '/products count, price 50-200 (count_products)',
    side: 'storefront',
    run: ({ anon }) => anon.rpc('count_products', { p_terms: [], p_min_price: 50, p_max_price: 200 }),
  },
  {
    name: '/products, text search "water filter"',
    side: 'storefront',
    run: ({ anon }) =>
      featuredFirst(listing(anon).like('search_text', '%water%').like('search_text', '%filter%')).range(
        0,
        11,
      ),
  },
  {
    name: '/products count, "water filter" (count_products)',
    side: 'storefront',
    run: ({ anon }) => anon.rpc('count_products', { p_terms: ['water', 'filter'] }),
  },
  {
    name: '/products, one category, newest',
    side: 'storefront',
    run: ({ anon, f }) => newestFirst(listing(anon).eq('category_id', f.categoryId)).range(0, 11),
  },
  {
    name: '/products count, one category (count_products)',
    side: 'storefront',
    run: ({ anon, f }) => anon.rpc('count_products', { p_terms: [], p_category_id: f.categoryId }),
  },
  // Filters with counts (issue 30): the counts of every filter option (product_facets), the ranked search
  // as the /products list (search_products_page) and a subcategory filtered and sorted in the database.
  {
    name: '/products facets, no filter, by category (product_facets)',
    side: 'storefront',
    run: ({ anon }) => anon.rpc('product_facets', { p_group: 'category' }),
  },
  {
    name: '/products facets, price 50-200, in stock, 4 stars (product_facets)',
    side: 'storefront',
    run: ({ anon }) =>
      anon.rpc('product_facets', {
        p_group: 'category',
        p_min_price: 50,
        p_max_price: 200,
        p_stock: 'in_stock',
        p_min_rating: 4,
      }),
  },
  {
    name: '/products facets, "water filter" (product_facets)',
    side: 'storefront',
    run: ({ anon }) => anon.rpc('product_facets', { p_group: 'category', p_query: 'water filter' }),
  },
  {
    name: '/products?q= "water filter" page 1 (search_products_page)',
    side: 'storefront',
    run: ({ anon }) => anon.rpc('search_products_page', { p_query: 'water filter', p_limit: 12 }),
  },
  {
    name: '/products?q= "sattelite phone", price low to high (search_products_page)',
    side: 'storefront',
    run: ({ anon }) =>
      anon.rpc('search_products_page', { p_query: 'sattelite phone', p_sort: 'price-low', p_limit: 12 }),
  },
  {
    name: 'category page facets, by subcategory (product_facets)',
    side: 'storefront',
    run: ({ anon, f }) => anon.rpc('product_facets', { p_group: 'subcategory', p_category_id: f.categoryId }),
  },
  {
    name: 'subcategory facets, low stock (product_facets)',
    side: 'storefront',
    run: ({ anon, f }) =>
      anon.rpc('product_facets', {
        p_category_id: f.categoryId,
        p_subcategory_id: f.subcategoryId,
        p_stock: 'low_stock',
      }),
  },
  {
    name: 'subcategory slice, in stock, price low to high (use-filtered-list)',
    side: 'storefront',
    run: ({ anon, f }) =>
      counted(anon, 'product_listing', PRODUCT_SELECT)
        .eq('category_id', f.categoryId)
        .eq('subcategory_id', f.subcategoryId)
        .eq('in_stock', true)
        .order('price')
        .order('id')
        .range(0, 95),
  },
  {
    name: '/products: category filter list (get-filter-categories)',
    side: 'storefront',
    run: ({ anon }) => anon.from('categories').select('id, name, slug').order('name'),
  },
  {
    name: 'category page: the category (get-category-by-slug)',
    side: 'storefront',
    run: ({ anon, f }) =>
      anon.from('categories').select(CATEGORY_WITH_SUBCATEGORIES).eq('slug', f.categorySlug).maybeSingle(),
  },
  {
    name: 'category page: products, first page + count (get-category-products)',
    side: 'storefront',
    run: ({ anon, f }) =>
      newestFirst(counted(anon, 'products', PRODUCT_SELECT).eq('category_id', f.categoryId)).range(0, 47),
  },
  {
    name: 'subcategory page: products, first page + count',
    side: 'storefront',
    run: ({ anon, f }) =>
      newestFirst(
        counted(anon, 'products', PRODUCT_SELECT)
          .eq('category_id', f.categoryId)
          .eq('subcategory_id', f.subcategoryId),
      ).range(0, 95),
  },
  {
    name: 'product page: product by id (get-product)',
    side: 'storefront',
    run: ({ anon, f }) =>
      anon
        .from('products')
        .select('*, category:categories(id, name, slug), subcategory:subcategories(id, name, slug)')
        .eq('id', f.productId)
        .maybeSingle(),
  },
  {
    name: 'product page: related products (get-related-products)',
    side: 'storefront',
    run: ({ anon, f }) =>
      anon
        .from('products')
        .select(PRODUCT_SELECT)
        .eq('category_id', f.categoryId)
        .neq('id', f.productId)
        .limit(4),
  },
  {
    name: 'product page: reviews, first page + count (get-reviews)',
    side: 'storefront',
    run: ({ anon, f }) =>
      newestFirst(
        counted(anon, 'reviews', REVIEW_COLUMNS).eq('product_id', f.productId).eq('status', 'approved'),
      ).range(0, 4),
  },
  {
    name: 'search overlay: search_products "water"',
    side: 'storefront',
    run: ({ anon }) => anon.rpc('search_products', { p_query: 'water', p_limit: 6 }),
  },
  {
    name: 'search overlay: search_products "xyzzy" (no match)',
    side: 'storefront',
    run: ({ anon }) => anon.rpc('search_products', { p_query: 'xyzzy', p_limit: 6 }),
  },
  {
    name: 'dashboard: summary (admin_dashboard_summary)',
    side: 'back office',
    run: ({ admin }) => admin.rpc('admin_dashboard_summary', { p_days: 30 }),
  },
  {
    name: 'dashboard: sales overview (admin_sales_overview)',
    side: 'back office',
    run: ({ admin }) => admin.rpc('admin_sales_overview', { p_months: 6 }),
  },
  {
    name: 'dashboard: top products (admin_top_products)',
    side: 'back office',
    run: ({ admin }) => admin.rpc('admin_top_products', { p_limit: 5, p_days: 180 }),
  },
  // /admin/analytics (analytics.ts): each period's six calls (the summary, the series, the categories,
  // top products by revenue and by units) and the stock cover's first page; 30 days by day, 90 days by
  // week, a year by month.
  ...analyticsCalls(30, 'day'),
  ...analyticsCalls(90, 'week'),
  ...analyticsCalls(365, 'month'),
  {
    name: 'analytics: stock cover, first page (admin_analytics_stock_cover)',
    side: 'back office',
    run: ({ admin }) => admin.rpc('admin_analytics_stock_cover', { p_limit: 20, p_offset: 0 }),
  },
  {
    name: 'dashboard: stock alerts (admin_stock_alerts)',
    side: 'back office',
    run: ({ admin }) => admin.rpc('admin_stock_alerts', { p_limit: 10 }),
  },
  {
    name: 'dashboard: recent orders (get-recent-orders)',
    side: 'back office',
    run: ({ admin }) =>
      admin
        .from('orders')
        .select('id, order_number, total_amount, status, created_at, user_id')
        .order('created_at', { ascending: false })
        .limit(5),
  },
  {
    name: 'dashboard: pending reviews count',
    side: 'back office',
    run: ({ admin }) =>
      admin.from('reviews').select('id', { count: 'exact', head: true }).eq('status', 'pending'),
  },
  {
    name: 'admin products page 1, count (get-products)',
    side: 'back office',
    run: ({ admin }) => newestFirst(counted(admin, 'products', PRODUCT_SELECT)).range(0, 9),
  },
  {
    name: 'admin products, name search "radio", count',
    side: 'back office',
    run: ({ admin }) =>
      newestFirst(counted(admin, 'products', PRODUCT_SELECT).ilike('name', '%radio%')).range(0, 9),
  },
  {
    name: 'admin products, SKU typed in lower case, count (productSearchCondition)',
    side: 'back office',
    run: ({ admin, f }) =>
      newestFirst(
        counted(admin, 'products', PRODUCT_SELECT).or(productSearchCondition(f.productSku.toLowerCase())),
      ).range(0, 9),
  },
  {
    name: "admin products: a page's waitlist counts (admin_waitlist_counts)",
    side: 'back office',
    run: ({ admin, f }) => admin.rpc('admin_waitlist_counts', { p_product_ids: f.pageIds }),
  },
  {
    name: 'admin products, low stock, count',
    side: 'back office',
    run: ({ admin }) =>
      newestFirst(
        counted(admin, 'products', PRODUCT_SELECT).eq('in_stock', true).lt('stock_count', 10),
      ).range(0, 9),
  },
  // Bulk catalogue work (issue 30): the CSV export of the whole catalogue and of a search, page after
  // page as the products page reads it (each measured request is the whole file), the bulk edits of
  // 1,000 selected products (each call changes them, the next changes them back) and the reviews page's
  // product filter.
  {
    name: 'admin products: CSV export, whole catalogue (exportProducts)',
    side: 'back office',
    iterations: 3,
    run: ({ admin }) => exportCall(admin, { search: '', conditions: {} }),
  },
  {
    name: 'admin products: CSV export, search "radio" (exportProducts)',
    side: 'back office',
    iterations: 5,
    run: ({ admin }) => exportCall(admin, { search: 'radio', conditions: {} }),
  },
  {
    name: 'admin products: bulk out of / in stock, 1,000 (admin_products_set_in_stock)',
    side: 'back office',
    run: ({ admin, f }) =>
      admin.rpc('admin_products_set_in_stock', { p_ids: f.bulk.ids, p_in_stock: inStockNext() }),
  },
  {
    name: 'admin products: bulk category, 1,000 (admin_products_set_category)',
    side: 'back office',
    run: ({ admin, f }) =>
      admin.rpc(
        'admin_products_set_category',
        categoryNext()
          ? { p_ids: f.bulk.ids, p_category_id: f.bulk.otherCategoryId }
          : { p_ids: f.bulk.ids, p_category_id: f.bulk.categoryId, p_subcategory_id: f.bulk.subcategoryId },
      ),
  },
  {
    name: 'admin products: bulk price +/- 1.00, 1,000 (admin_products_adjust_price)',
    side: 'back office',
    run: ({ admin, f }) =>
      admin.rpc('admin_products_adjust_price', { p_ids: f.bulk.ids, p_amount: priceNext() }),
  },
  // The bulk delete of 1,000 products with their orders' lines, reviews and lots, as the products page
  // makes it now (admin_products_delete) and made it before (a REST delete under a request's 5 s). Each
  // request deletes the next 1,000 products of one category for good: 5,000 per call at --iterations 3
  // (the products of a kept database are gone after it).
  {
    name: 'admin products: bulk delete, 1,000 (admin_products_delete)',
    side: 'back office',
    iterations: 3,
    scaleOnly: true,
    prepare: nextDoomed,
    run: ({ admin, f }) => admin.rpc('admin_products_delete', { p_ids: f.doomed.ids }),
  },
  {
    name: 'admin products: bulk delete, 1,000, before (REST delete)',
    side: 'back office',
    iterations: 3,
    scaleOnly: true,
    prepare: nextDoomed,
    run: ({ admin, f }) => admin.from('products').delete().in('id', f.doomed.ids).select('id'),
  },
  // The filter's search box as the reviews page asks (20 at a time): the list as it opens, a letter, a
  // word about 9,000 names share, one that starts 5,000 names late in the alphabet, a whole name, a SKU,
  // and two letters no name holds.
  ...(
    [
      ['no text', () => ''],
      ['one letter', () => 'a'],
      ['a word in many names', () => 'portable'],
      ['a word only names late in the alphabet start with', () => 'tactical'],
      ['a whole name', (f: Fixture) => f.productName],
      ['a SKU', (f: Fixture) => f.productSku],
      ['two letters found nowhere', () => 'qx'],
    ] as const
  ).map(([label, text]): Call => ({
    name: `admin reviews: product search, ${label} (admin_search_review_products)`,
    side: 'back office',
    run: ({ admin, f }) => admin.rpc('admin_search_review_products', { p_search: text(f), p_limit: 20 }),
  })),
  {
    name: 'admin orders page 1, count (get-orders)',
    side: 'back office',
    run: ({ admin }) => newestFirst(counted(admin, 'orders', ADMIN_ORDER_COLUMNS)).range(0, 9),
  },
  {
    name: 'admin orders, pending, count',
    side: 'back office',
    run: ({ admin }) =>
      newestFirst(counted(admin, 'orders', ADMIN_ORDER_COLUMNS).eq('status', 'pending')).range(0, 9),
  },
  // /admin/audit (get-audit-log.ts): a page of 25, newest first, with the exact count, unfiltered and with
  // each filter the page offers.
  ...(
    [
      ['whole log', (q) => q],
      ['one kind (products)', (q) => q.eq('entity', 'product')],
      ['one staff member', (q) => q.eq('actor_id', fixtureActor)],
      ['one record with its children', (q) => q.or(`record_id.eq.true,parent_id.eq.true`)],
      ['last 30 days', (q) => q.gte('at', new Date(Date.now() - 30 * 86_400_000).toISOString())],
    ] as [string, (q: AuditQuery) => AuditQuery][]
  ).map(([label, filter]): Call => ({
    name: `audit log page 1, ${label}, count (get-audit-log)`,
    side: 'back office',
    run: ({ admin }) => filter(auditPage(admin)).range(0, 24),
  })),
  {
    name: 'admin customers page 1 (admin_list_customers)',
    side: 'back office',
    run: ({ admin }) => admin.rpc('admin_list_customers', { p_search: null, p_limit: 20, p_offset: 0 }),
  },
  {
    name: 'admin categories with counts (get-categories)',
    side: 'back office',
    run: ({ admin }) =>
      newestFirst(counted(admin, 'categories', '*, subcategories(count), products(count)')).range(0, 9),
  },
  {
    name: 'admin categories filter: ids with products (getCategoryIdsWithProducts)',
    side: 'back office',
    run: ({ admin }) =>
      admin.from('categories').select('id, products!inner(id)').limit(1, { referencedTable: 'products' }),
  },
  {
    name: 'admin reviews queue, pending (get-admin-reviews)',
    side: 'back office',
    run: ({ admin }) =>
      counted(admin, 'reviews', `${REVIEW_COLUMNS}, product:products(name)`)
        .eq('status', 'pending')
        .order('created_at')
        .order('id')
        .range(0, 19),
  },
];

interface Measured {
  /** The first request of the call (before its warm-ups). */
  first: number;
  p50: number;
  p95: number;
  perSecond: number;
  maxBytes: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Clients whose fetch remembers the size of the last response body. */
function clients(url: string, anonKey: string) {
  const sizes = { last: 0 };
  const sizedFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const body = await response.arrayBuffer();
    sizes.last = body.byteLength;
    return new Response(body, { status: response.status, headers: response.headers });
  };
  const make = () => createClient(url, anonKey, { ...clientOptions, global: { fetch: sizedFetch } });
  return { anon: make(), admin: make(), sizes };
}

/** The row with the most products of rows selected with `products(count)`. */
function mostProducts<R extends { products: unknown }>(rows: R[] | null): R {
  const count = (row: R) => (row.products as { count: number }[])[0]?.count ?? 0;
  return [...(rows ?? [])].sort((a, b) => count(b) - count(a))[0]!;
}

function secondMostProducts<R extends { products: unknown }>(rows: R[] | null): R {
  const count = (row: R) => (row.products as { count: number }[])[0]?.count ?? 0;
  const sorted = [...(rows ?? [])].sort((a, b) => count(b) - count(a));
  return sorted[1] ?? sorted[0]!;
}

/** The calls measured: every call, or those --only names. */
const only = values.only ? new RegExp(values.only, 'i') : null;
const selected = calls.filter((call) => !only || only.test(`${call.side}: ${call.name}`));
const coldEach = values['cold-each'];
const showFirst = values.cold || coldEach;
/** How long each restart took (--cold-each), start-up and warm-up included. */
let restartSeconds: number[] = [];

async function measure(
  url: string,
  anonKey: string,
  restart: () => Promise<void>,
  scale: boolean,
): Promise<Map<string, Measured>> {
  const { anon, admin, sizes } = clients(url, anonKey);
  const signIn = await admin.auth.signInWithPassword({ email: 'admin@example.com', password: 'admin1234' });
  if (signIn.error) throw signIn.error;
  // The biggest category and its biggest subcategory; a product with reviews.
  const categories = await anon.from('categories').select('id, slug, products(count)');
  const biggest = mostProducts(categories.data);
  const subcategories = await anon
    .from('subcategories')
    .select('id, products(count)')
    .eq('category_id', biggest.id);
  const subcategory = mostProducts(subcategories.data);
  const reviewed = await anon
    .from('products')
    .select('id, sku, name')
    .eq('category_id', biggest.id)
    .gt('review_count', 0)
    .limit(1)
    .single();
  const firstPage = await newestFirst(anon.from('products').select('id')).range(0, 9);
  const bulkRows = await anon
    .from('products')
    .select('id')
    .eq('category_id', biggest.id)
    .eq('subcategory_id', subcategory.id)
    .eq('in_stock', true)
    .order('id')
    .limit(1000);
  const otherCategory = (categories.data ?? []).find((row) => row.id !== biggest.id);
  const f: Fixture = {
    categoryId: biggest.id as string,
    categorySlug: biggest.slug as string,
    subcategoryId: subcategory.id as string,
    productId: reviewed.data!.id as string,
    productSku: reviewed.data!.sku as string,
    productName: reviewed.data!.name as string,
    pageIds: (firstPage.data ?? []).map((row) => row.id as string),
    bulk: {
      ids: (bulkRows.data ?? []).map((row) => row.id as string),
      categoryId: biggest.id as string,
      subcategoryId: subcategory.id as string,
      otherCategoryId: (otherCategory?.id ?? biggest.id) as string,
    },
    doomed: { categoryId: secondMostProducts(categories.data).id as string, ids: [] },
  };
  const results = new Map<string, Measured>();
  for (const call of selected) {
    if (call.scaleOnly && !scale) continue;
    if (coldEach) {
      const t0 = performance.now();
      await restart();
      restartSeconds.push((performance.now() - t0) / 1000);
    }
    await call.prepare?.({ anon, admin, f });
    const t = performance.now();
    await call.run({ anon, admin, f }); // warm-up, timed: the call's first request
    const first = performance.now() - t;
    await call.prepare?.({ anon, admin, f });
    await call.run({ anon, admin, f });
    const latencies: number[] = [];
    let maxBytes = 0;
    let errors = 0;
    const started = performance.now();
    const count = Math.min(call.iterations ?? iterations, iterations);
    let prepareMs = 0;
    for (let i = 0; i < count; i += 1) {
      if (call.prepare) {
        const p0 = performance.now();
        await call.prepare({ anon, admin, f });
        prepareMs += performance.now() - p0;
      }
      const t0 = performance.now();
      const { error } = await call.run({ anon, admin, f });
      latencies.push(performance.now() - t0);
      if (error) errors += 1;
      maxBytes = Math.max(maxBytes, sizes.last);
    }
    const seconds = (performance.now() - started - prepareMs) / 1000;
    latencies.sort((a, b) => a - b);
    results.set(call.name, {
      first,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      perSecond: count / seconds,
      maxBytes,
      errors,
    });
  }
  return results;
}

function cell(m: Measured | undefined): string {
  if (!m) return '—';
  const kb = m.maxBytes >= 1024 ? `${(m.maxBytes / 1024).toFixed(1)} KB` : `${m.maxBytes} B`;
  const errors = m.errors > 0 ? ` **${m.errors} errors**` : '';
  const first = showFirst ? ` · first ${m.first.toFixed(0)}` : '';
  return `${m.p50.toFixed(1)} / ${m.p95.toFixed(1)} · ${Math.round(m.perSecond)}/s · ${kb}${first}${errors}`;
}

async function main(): Promise<void> {
  const serverUrl = values.postgres ?? process.env.STACK_TEST_DATABASE_URL;
  const columns: { title: string; results: Map<string, Measured> }[] = [];
  const notes: string[] = [];
  for (const size of values.sizes.split(',').map((s) => s.trim())) {
    const scale = size === 'scale';
    for (const engine of values.engines.split(',').map((e) => e.trim())) {
      const keptDatabase = engine === 'postgres' && scale ? values['postgres-database'] : undefined;
      if (engine === 'postgres' && !serverUrl && !keptDatabase) {
        process.stdout.write('PostgreSQL skipped: give --postgres <server URL> or STACK_TEST_DATABASE_URL\n');
        continue;
      }
      const label = `${scale ? `${Number(values.products).toLocaleString('en')} products` : 'seed'}: ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}`;
      process.stdout.write(`Starting ${label}...\n`);
      const { child, url, anonKey } = await startStackChild(
        {
          BENCH_POSTGRES_SERVER_URL: engine === 'postgres' ? (serverUrl ?? '') : '',
          BENCH_POSTGRES_DATABASE_URL: keptDatabase ?? '',
          BENCH_SCALE_PRODUCTS: scale ? values.products : '',
          BENCH_SCALE_ORDERS: scale ? values.orders : '',
          BENCH_RESTART: values.cold && !coldEach ? '1' : '',
          BENCH_BARE: values.bare ? '1' : '',
          BENCH_KEEP_DIR:
            values.keep && engine === 'pglite'
              ? resolve(values.keep, scale ? `scale-${values.products}-${values.orders}` : 'seed')
              : '',
        },
        'inherit',
      );
      try {
        notes.push(
          `${label}: load average ${loadavg()
            .map((v) => v.toFixed(1))
            .join(' / ')}`,
        );
        restartSeconds = [];
        columns.push({
          title: label,
          results: await measure(url, anonKey, () => restartStackChild(child), scale),
        });
        if (restartSeconds.length > 0) {
          const sorted = [...restartSeconds].sort((a, b) => a - b);
          notes.push(
            `${label}: ${sorted.length} restarts, each ${sorted[0]!.toFixed(1)}-${sorted.at(-1)!.toFixed(1)} s ` +
              `(median ${percentile(sorted, 50).toFixed(1)} s) until the stack served again`,
          );
        }
      } finally {
        await stopStackChild(child);
      }
    }
  }
  const header = ['call', ...columns.map((c) => c.title)];
  const rows = selected.map((call) => [
    `${call.side}: ${call.name}`,
    ...columns.map((c) => cell(c.results.get(call.name))),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  process.stdout.write(
    `\nOne client, ${iterations} requests per call (the exports: 3 or 5) after 2 warm-ups; each cell: p50 / p95 ms · requests per ` +
      `second · largest response.\n${notes.join('\n')}\n\n` +
      [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') +
      '\n',
  );
  if (columns.some((c) => [...c.results.values()].some((m) => m.errors > 0))) process.exitCode = 1;
}

await main();
