// Load benchmark for the storefront's catalogue reads, one admin write path and the checkout (quote and
// place_order), on loopback.
// Usage: tsx bench/catalog-bench.ts [--url http://localhost:54321 --anon-key <key> [--place-orders]]
//        [--duration 5] [--concurrency 16]
// Without --url it starts a throwaway stack (fresh temporary data directory, migrations and seed) and
// stops it afterwards. Prints requests per second and p50/p95/p99 latency per scenario, then the orders
// placed per second. Against a running stack (--url) it places real orders only with --place-orders.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startStack, type StackHandle } from '../stack/index.ts';

interface Scenario {
  name: string;
  /** Builds one request; `i` counts requests so scenarios can vary their target. */
  request(i: number): { path: string; init?: RequestInit };
}

interface Result {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  latencies: number[];
}

async function signIn(baseUrl: string, anonKey: string, email: string, password: string): Promise<string> {
  const session = await json<{ access_token: string }>(
    await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  );
  return session.access_token;
}

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    'anon-key': { type: 'string' },
    duration: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '16' },
    'admin-email': { type: 'string', default: 'admin@example.com' },
    'admin-password': { type: 'string', default: 'admin1234' },
    'customer-email': { type: 'string', default: 'demo@example.com' },
    'customer-password': { type: 'string', default: 'demo1234' },
    'place-orders': { type: 'boolean', default: false },
  },
});

const durationMs = Number(values.duration) * 1000;
const concurrency = Number(values.concurrency);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function run(baseUrl: string, headers: Record<string, string>, scenario: Scenario): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const { path, init } = scenario.request(counter++);
      const t0 = performance.now();
      try {
        const response = await fetch(`${baseUrl}${path}`, {
          ...init,
          headers: { ...headers, ...(init?.headers as Record<string, string> | undefined) },
        });
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { name: scenario.name, requests: latencies.length, errors, seconds, latencies };
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function main(): Promise<void> {
  let stack: StackHandle | undefined;
  let tempDir: string | undefined;
  let baseUrl = values.url;
  let anonKey = values['anon-key'];
  if (!baseUrl || !anonKey) {
    tempDir = mkdtempSync(join(tmpdir(), 'prepper-bench-'));
    process.stdout.write('Starting a throwaway stack (migrations + seed)...\n');
    stack = await startStack({ port: 0, dataDir: tempDir });
    baseUrl = stack.url;
    anonKey = stack.anonKey;
  }
  try {
    const anonHeaders = { apikey: anonKey, Authorization: `Bearer ${anonKey}` };
    const adminToken = await signIn(baseUrl, anonKey, values['admin-email'], values['admin-password']);
    const adminHeaders = { apikey: anonKey, Authorization: `Bearer ${adminToken}` };
    const products = await json<{ id: string; stock_count: number }[]>(
      await fetch(`${baseUrl}/rest/v1/products?select=id,stock_count&order=created_at.desc`, {
        headers: anonHeaders,
      }),
    );
    const ids = products.map((product) => product.id);
    const pick = (i: number) => ids[i % ids.length] ?? '';

    const reads: Scenario[] = [
      {
        name: 'categories + subcategories',
        request: () => ({
          path: '/rest/v1/categories?select=*,subcategories(id,name,slug,description)&order=created_at.asc',
        }),
      },
      {
        name: 'featured products',
        request: () => ({
          path:
            '/rest/v1/products?select=*,category:categories!inner(name),subcategory:subcategories(name)' +
            '&in_stock=eq.true&order=rating.desc&limit=6',
        }),
      },
      {
        name: 'products page + exact count',
        request: (i) => ({
          path:
            '/rest/v1/products?select=*,category:categories(name),subcategory:subcategories(name)' +
            `&order=created_at.desc&offset=${(i % 6) * 12}&limit=12`,
          init: { headers: { Prefer: 'count=exact' } },
        }),
      },
      {
        name: 'product by id',
        request: (i) => ({
          path: `/rest/v1/products?select=*,category:categories(id,name,slug),subcategory:subcategories(id,name,slug)&id=eq.${pick(i)}`,
          init: { headers: { Accept: 'application/vnd.pgrst.object+json' } },
        }),
      },
    ];
    const write: Scenario = {
      name: 'admin product update (write)',
      request: (i) => ({
        path: `/rest/v1/products?id=eq.${pick(i)}`,
        init: {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
          body: JSON.stringify({ stock_count: 20 + (i % 30) }),
        },
      }),
    };

    // Checkout: a quote of three lines (anyone), and orders of two lines by a signed-in customer, each
    // with its own idempotency key, over 20 products stocked up first so that stock never runs out.
    const stocked = ids.slice(0, 20);
    const lines = (i: number, count: number) =>
      Array.from({ length: count }, (_, k) => ({
        product_id: stocked[(i + k * 7) % stocked.length],
        quantity: 1,
      }));
    const quote: Scenario = {
      name: 'checkout_quote (3 lines)',
      request: (i) => ({
        path: '/rest/v1/rpc/checkout_quote',
        init: {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ p_lines: lines(i, 3) }),
        },
      }),
    };
    const placeOrder: Scenario = {
      name: 'place_order (2 lines, write)',
      request: (i) => ({
        path: '/rest/v1/rpc/place_order',
        init: {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            p_lines: lines(i, 2),
            p_shipping_address: {
              full_name: 'Bench Buyer',
              line1: '1 Load Street',
              line2: '',
              city: 'Springfield',
              region: 'IL',
              postal_code: '62701',
              country: 'United States',
              phone: '+1 217 555 0100',
            },
            p_shipping_method: 'standard',
            p_payment_method: 'bank_transfer',
            p_idempotency_key: randomUUID(),
          }),
        },
      }),
    };
    const placeOrders = Boolean(stack) || values['place-orders'];

    process.stdout.write(
      `Benchmark against ${baseUrl}: ${concurrency} concurrent connections, ${durationMs / 1000} s per scenario\n\n`,
    );
    const results: Result[] = [];
    for (const scenario of reads) results.push(await run(baseUrl, anonHeaders, scenario));
    results.push(await run(baseUrl, adminHeaders, write));
    results.push(await run(baseUrl, anonHeaders, quote));
    let orders: Result | undefined;
    if (placeOrders) {
      const stockUp = await fetch(`${baseUrl}/rest/v1/products?id=in.(${stocked.join(',')})`, {
        method: 'PATCH',
        headers: { ...adminHeaders, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
        body: JSON.stringify({ stock_count: 1_000_000, in_stock: true, purchase_limit: null }),
      });
      if (!stockUp.ok) throw new Error(`Stocking up failed: ${stockUp.status} ${await stockUp.text()}`);
      const customerToken = await signIn(
        baseUrl,
        anonKey,
        values['customer-email'],
        values['customer-password'],
      );
      orders = await run(baseUrl, { apikey: anonKey, Authorization: `Bearer ${customerToken}` }, placeOrder);
      results.push(orders);
    }

    const rows = results.map((result) => {
      const sorted = [...result.latencies].sort((a, b) => a - b);
      return {
        scenario: result.name,
        'req/s': (result.requests / result.seconds).toFixed(1),
        p50: `${percentile(sorted, 50).toFixed(1)} ms`,
        p95: `${percentile(sorted, 95).toFixed(1)} ms`,
        p99: `${percentile(sorted, 99).toFixed(1)} ms`,
        requests: result.requests,
        errors: result.errors,
      };
    });
    console.table(rows);
    if (orders) {
      const placed = orders.requests - orders.errors;
      const sorted = [...orders.latencies].sort((a, b) => a - b);
      process.stdout.write(
        `\nplace_order: ${(placed / orders.seconds).toFixed(1)} orders placed per second ` +
          `(${placed} orders, ${orders.errors} refused), p95 ${percentile(sorted, 95).toFixed(1)} ms\n`,
      );
    } else {
      process.stdout.write(
        '\nplace_order skipped (a running stack: pass --place-orders to place real orders)\n',
      );
    }
    if (results.some((result) => result.errors > 0)) process.exitCode = 1;
  } finally {
    await stack?.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

await main();
