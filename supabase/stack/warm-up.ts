// The first visit after a restart, on PGlite. A fresh PGlite starts with nothing warm: the WebAssembly
// build of Postgres runs each code path through V8's baseline compiler until V8 sees it is hot, its buffer
// cache is empty, and the session's catalogue caches and PL/pgSQL plans are built on first use (at 100,000
// products and 200,000 orders the back office's first calls took 150-1,300 ms, the same calls a minute
// later 15-130 ms). PGlite is one session in one thread, so what one request warms stays warm for all.
// `npm start` (stack/cli.ts) therefore starts the stack with `warmUp`: before it serves its first request
// it answers the storefront's and the back office's first pages itself (warmUpRequests), twice, through
// its own HTTP handler on a private loopback port, as anon and as the first active super administrator
// (a two-minute token that never leaves the process), each in a transaction rolled back (`Prefer:
// tx=rollback`), so nothing is written. Until then the stack answers 503 "starting", which `npm start` waits
// through. Before the requests it reads the products and the audit log whole into the buffer cache
// (CACHED_TABLES: a search or filter of any value reads their rows all over the table, so no request can
// warm them for another), and `startStack` starts the outbox sender's Edge Function (Deno) meanwhile, which
// otherwise started with the first visitor. Tests start stacks without it; on PostgreSQL, whose caches
// outlive the stack, it is not needed.
// (Compiling Postgres with V8's optimizing compiler from the start, --no-wasm-dynamic-tiering, was tried:
// it made a restart's first statements compile on the spot, long enough for the 5 s statement limit to
// stop one under load.) Figures: docs/measurements/2026-11-29-0640-cold-start.md,
// 2026-11-29-1315-cold-start-after-analytics.md (the list totals, filters and longer analytics periods) and
// the later cold-start runs linked from docs/performance.md (the tables read whole, the outbox sender).
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from './context.ts';

export interface WarmUpRequest {
  /** Signed-in as the super administrator (else anon). */
  admin: boolean;
  /** /rest/v1/… path and query; a POST to /rpc/ when `body` is given. */
  path: string;
  body?: Record<string, unknown>;
  /** With the exact count of the rows (`Prefer: count=exact`), as the back office's list pages ask. */
  count?: boolean;
}

const NAMED = 'name,slug';
const PRODUCT_LIST = `*,waitlist_held_units,category:categories(${NAMED}),subcategory:subcategories(${NAMED})`;
const ADMIN_PRODUCT_LIST = `*,category:categories(${NAMED}),subcategory:subcategories(${NAMED})`;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const REVIEW_COLUMNS =
  'id,product_id,author_name,rating,title,body,status,verified_purchase,created_at,updated_at';

/** A UTC day as yyyy-mm-dd, `daysBack` days before today. */
function day(daysBack: number): string {
  return new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The storefront's home and /products, and the back office's dashboard, analytics (30 days, 90 days and a
 * year) and first list pages with their exact counts and filters, as their api modules ask for them (the
 * scale benchmark's calls, bench/scale-bench.ts).
 */
export function warmUpRequests(): WarmUpRequest[] {
  const rpc = (name: string, body: Record<string, unknown> = {}): WarmUpRequest => ({
    admin: true,
    path: `/rpc/${name}`,
    body,
  });
  const read = (path: string): WarmUpRequest => ({ admin: true, path });
  // A list page and its total, as the back office's lists ask for them.
  const counted = (path: string): WarmUpRequest => ({ admin: true, path, count: true });
  // The analytics page's calls for the last `days` days (a year: the longest preset, and the most rows).
  const analytics = (days: number, bucket: 'day' | 'week' | 'month'): WarmUpRequest[] => {
    const period = { p_from: day(days - 1), p_to: day(0) };
    return [
      rpc('admin_analytics_summary', period),
      rpc('admin_analytics_series', { ...period, p_bucket: bucket }),
      rpc('admin_analytics_categories', period),
      rpc('admin_analytics_top_products', { ...period, p_by: 'revenue' }),
      rpc('admin_analytics_top_products', { ...period, p_by: 'units' }),
      rpc('admin_analytics_discounts', period),
    ];
  };
  const products = `/products?select=${ADMIN_PRODUCT_LIST}&order=created_at.desc,id.asc&offset=0&limit=10`;
  const orders = '/orders?select=*,order_items(quantity)&order=created_at.desc,id.asc&offset=0&limit=10';
  const audit =
    '/audit_log?select=id,at,actor_id,actor_email,entity,record_id,record_label,parent_id,action,changes&order=at.desc,id.desc&offset=0&limit=25';
  return [
    // Storefront.
    {
      admin: false,
      path: '/categories?select=*,subcategories(id,name,slug,description,created_at)&order=created_at',
    },
    {
      admin: false,
      path: `/product_listing?select=${PRODUCT_LIST}&order=in_stock.desc,rating.desc,id.asc&offset=0&limit=12`,
    },
    { admin: false, path: '/rpc/count_products', body: { p_terms: [] } },
    { admin: false, path: '/rpc/product_facets', body: { p_group: 'category' } },
    // Dashboard.
    rpc('admin_dashboard_summary', { p_days: 30 }),
    rpc('admin_sales_overview', { p_months: 6 }),
    rpc('admin_top_products', { p_limit: 5, p_days: 180 }),
    rpc('admin_stock_alerts', { p_limit: 10 }),
    read(
      '/orders?select=id,order_number,total_amount,status,created_at,user_id&order=created_at.desc&limit=5',
    ),
    counted('/reviews?select=id&status=eq.pending&limit=0'),
    // Analytics: the last 30 days (the page's first view), 90 days and a year, and the stock cover.
    ...analytics(30, 'day'),
    ...analytics(90, 'week'),
    ...analytics(365, 'month'),
    rpc('admin_analytics_stock_cover', { p_limit: 20, p_offset: 0 }),
    // The list pages with their totals, and their filters (each its own index and plan).
    counted(products),
    counted(`${products}&or=(name.ilike."%25light%25",sku_lower.eq."light")`),
    counted(`${products}&in_stock=eq.true&stock_count=lt.10`),
    rpc('admin_waitlist_counts', { p_product_ids: [] }),
    counted(orders),
    counted(`${orders}&status=eq.pending`),
    counted(
      '/categories?select=*,subcategories(count),products(count)&order=created_at.desc,id.asc&offset=0&limit=10',
    ),
    read('/categories?select=id,products!inner(id)&products.limit=1'),
    rpc('admin_list_customers', { p_search: null, p_limit: 20, p_offset: 0 }),
    counted(
      `/reviews?select=${REVIEW_COLUMNS},product:products(name)&status=eq.pending&order=created_at.asc,id.asc&offset=0&limit=20`,
    ),
    // The reviews page's product filter: opened (no text yet), then a word typed.
    rpc('admin_search_review_products', { p_search: '', p_limit: 20 }),
    rpc('admin_search_review_products', { p_search: 'light', p_limit: 20 }),
    counted(audit),
    counted(`${audit}&entity=eq.product`),
    counted(`${audit}&actor_id=eq.${NIL_UUID}`),
    counted(`${audit}&or=(record_id.eq.${NIL_UUID},parent_id.eq.${NIL_UUID})`),
    counted(`${audit}&at=gte.${day(30)}T00:00:00.000Z`),
  ];
}

/**
 * Sends each warm-up request once to the stack at `baseUrl` (…/rest/v1), as anon or with `adminToken` (none:
 * the administrator's requests are left out), each in a transaction rolled back. Returns the requests that
 * did not answer 2xx, as `<path> <status>`.
 */
export async function sendWarmUpRequests(
  baseUrl: string,
  anonKey: string,
  adminToken: string | null,
): Promise<string[]> {
  const failed: string[] = [];
  for (const request of warmUpRequests()) {
    if (request.admin && !adminToken) continue;
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.body ? 'POST' : 'GET',
      headers: {
        apikey: anonKey,
        Authorization: `Bearer ${request.admin ? adminToken : anonKey}`,
        Prefer: request.count ? 'tx=rollback, count=exact' : 'tx=rollback',
        ...(request.body ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(request.body ? { body: JSON.stringify(request.body) } : {}),
    }).catch(() => null);
    await response?.arrayBuffer();
    if (!response?.ok) failed.push(`${request.path.split('?')[0]} ${response?.status ?? 'no answer'}`);
  }
  return failed;
}

/**
 * Tables whose rows a back-office filter reads all over the table whatever its value, read whole into the
 * buffer cache before the requests: the products, which a name search of any word rechecks row by row
 * (the trigram index only narrows them down: "radio" is in 8,239 names on 6,547 of the 15,500 pages at
 * 100,000 products, and the warm-up's own search of another word leaves most of them unread), and the
 * audit log, whose filters by record or staff member read that record's or member's entries wherever
 * they are (the settings record's 11,164 entries lie on 2,813 pages, nearly all of its 22 MB).
 */
export const CACHED_TABLES = ['public.products', 'public.audit_log'];

/**
 * The tables to read into a buffer cache of `cacheBytes`, in order: while together they take at most half
 * of it (a table that would pass that is skipped: it would push the others and everything else out).
 */
export function tablesThatFit(
  tables: readonly { name: string; bytes: number }[],
  cacheBytes: number,
): string[] {
  let budget = cacheBytes / 2;
  const fit: string[] = [];
  for (const table of tables) {
    if (table.bytes > budget) continue;
    budget -= table.bytes;
    fit.push(table.name);
  }
  return fit;
}

/**
 * Reads those of `tables` that fit (tablesThatFit) whole into Postgres' buffer cache, with a scan by row
 * address: a plain sequential scan of a table over a quarter of the cache reads through a small ring of
 * buffers and keeps nothing. Returns the tables read.
 */
export async function readTablesIntoCache(db: Db, tables: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ name: string; bytes: string; cache_bytes: string }>(
    `select t.name, pg_relation_size(t.name::regclass) as bytes,
       (select setting::bigint from pg_settings where name = 'shared_buffers')
         * current_setting('block_size')::bigint as cache_bytes
     from unnest($1::text[]) with ordinality as t(name, n)
     order by t.n`,
    [tables],
  );
  const read = tablesThatFit(
    rows.map((row) => ({ name: row.name, bytes: Number(row.bytes) })),
    Number(rows[0]?.cache_bytes ?? 0),
  );
  for (const name of read) {
    // The names are the caller's constants, checked by the regclass cast above.
    await db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      await tx.query(`select count(*) from ${name} where ctid >= '(0,0)'::tid`);
    });
  }
  return read;
}

export interface WarmUpOptions {
  db: Db;
  listener: RequestListener;
  anonKey: string;
  /** Signs the super administrator's short-lived access token. */
  signJwt(claims: Record<string, unknown>, options: { expiresIn: number }): Promise<string>;
  /** How many times the requests run (default 2: the second runs on what the first warmed). */
  rounds?: number;
  log?: (message: string) => void;
}

/**
 * Runs the warm-up requests through `listener` on a private loopback port before the stack serves anyone,
 * as anon and as the first active super administrator (a token of two minutes, never shown). A failed
 * request is logged and skipped: the warm-up never stops the stack. Returns the failures of the first round.
 */
export async function warmUp(options: WarmUpOptions): Promise<string[]> {
  const started = performance.now();
  const { rows } = await options.db.query<{ user_id: string }>(
    `select user_id from public.admin_users where active = 1 and role = 'super_admin'
     order by created_at, user_id limit 1`,
  );
  const adminId = rows[0]?.user_id;
  const adminToken = adminId
    ? await options.signJwt({ sub: adminId, role: 'authenticated', aud: 'authenticated' }, { expiresIn: 120 })
    : null;
  const cacheStarted = performance.now();
  const cached = await readTablesIntoCache(options.db, CACHED_TABLES).catch((error: unknown) => {
    options.log?.(
      `Warm-up: reading tables into the cache failed: ${error instanceof Error ? error.message : error}`,
    );
    return [];
  });
  options.log?.(
    `Warm-up: read ${cached.length > 0 ? cached.join(', ') : 'no table'} into the cache in ${((performance.now() - cacheStarted) / 1000).toFixed(1)} s`,
  );
  const server = createServer(options.listener);
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/v1`;
  let failed: string[] = [];
  try {
    for (let round = 0; round < (options.rounds ?? 2); round += 1) {
      const failures = await sendWarmUpRequests(base, options.anonKey, adminToken);
      if (round === 0) failed = failures;
    }
  } finally {
    await new Promise<void>((resolveClose) => {
      server.close(() => resolveClose());
      server.closeAllConnections();
    });
  }
  for (const failure of failed) options.log?.(`Warm-up request failed: ${failure}`);
  const seconds = (performance.now() - started) / 1000;
  options.log?.(
    `Warmed up in ${seconds.toFixed(1)} s${adminToken ? '' : ' (no active super administrator: storefront only)'}`,
  );
  return failed;
}
