// Load benchmark for the storefront's catalogue reads, one admin write path and the checkout (quote and
// place_order), on loopback, on both database engines side by side: PGlite (one connection in a worker
// thread) and PostgreSQL (a pool).
// Usage: tsx bench/catalog-bench.ts [--duration 5] [--concurrency 50] [--engines pglite,postgres]
//        [--postgres postgres://user:pass@127.0.0.1:5432/postgres]
//        [--url http://localhost:54321 --anon-key <key> [--place-orders]]
// Each engine gets a throwaway stack in a child process (fresh temporary data directory, or a scratch
// database on the PostgreSQL server of --postgres / STACK_TEST_DATABASE_URL; migrations and seed),
// stopped afterwards. With --url it measures that running stack only, and places real orders there only
// with --place-orders. Prints a Markdown table (requests per second, p50/p95/p99 latency per scenario
// and engine), then the orders placed per second.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startStackChild, stopStackChild } from './stack-child.ts';

interface BenchRequest {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Scenario {
  name: string;
  /** Builds one request; `i` counts requests so scenarios can vary their target. */
  request(i: number): BenchRequest;
}

interface Result {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  latencies: number[];
  /** CPU time the stack's process spent per request (ms), when the benchmark started that process. */
  cpuPerRequest: number | null;
}

/** User + system CPU time of a process in ms (Linux /proc; null elsewhere or when it is gone). */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime, stime are 14, 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return null;
  }
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const clockTicks = 100;

const { values } = parseArgs({
  // pnpm passes the `--` of `pnpm bench -- --duration 1` through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    url: { type: 'string' },
    'anon-key': { type: 'string' },
    duration: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '50' },
    engines: { type: 'string', default: 'pglite,postgres' },
    postgres: { type: 'string' },
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

/** One request over a keep-alive connection; resolves with the status once the body is read. */
function send(agent: Agent, base: URL, headers: Record<string, string>, r: BenchRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: r.path,
        method: r.method ?? 'GET',
        headers: { ...headers, ...r.headers },
      },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(r.body);
  });
}

async function run(
  baseUrl: string,
  headers: Record<string, string>,
  scenario: Scenario,
  stackPid?: number,
): Promise<Result> {
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const cpuBefore = processCpuMs(stackPid);
  const started = performance.now();
  const deadline = started + durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const status = await send(agent, base, headers, scenario.request(counter++));
        if (status >= 400) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = processCpuMs(stackPid);
  agent.destroy();
  const cpuPerRequest =
    cpuBefore !== null && cpuAfter !== null && latencies.length > 0
      ? (cpuAfter - cpuBefore) / latencies.length
      : null;
  return { name: scenario.name, requests: latencies.length, errors, seconds, latencies, cpuPerRequest };
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

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Every scenario against one running stack. */
async function measure(
  baseUrl: string,
  anonKey: string,
  placeOrders: boolean,
  stackPid?: number,
): Promise<Result[]> {
  const anonHeaders = { apikey: anonKey, Authorization: `Bearer ${anonKey}` };
  const adminToken = await signIn(baseUrl, anonKey, values['admin-email'], values['admin-password']);
  const adminHeaders = { apikey: anonKey, Authorization: `Bearer ${adminToken}` };
  const products = await json<{ id: string; product_lots: unknown[] }[]>(
    await fetch(`${baseUrl}/rest/v1/products?select=id,product_lots(id)&order=created_at.desc`, {
      headers: adminHeaders,
    }),
  );
  const ids = products.map((product) => product.id);
  const pick = (i: number) => ids[i % ids.length] ?? '';
  // The stock of a product with lots comes from its lots (the database refuses a direct change), so the
  // writes and the stocking up for orders take products without lots.
  const lotless = products
    .filter((product) => product.product_lots.length === 0)
    .map((product) => product.id);
  const pickLotless = (i: number) => lotless[i % lotless.length] ?? '';

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
        headers: { Prefer: 'count=exact' },
      }),
    },
    {
      name: 'product by id',
      request: (i) => ({
        path: `/rest/v1/products?select=*,category:categories(id,name,slug),subcategory:subcategories(id,name,slug)&id=eq.${pick(i)}`,
        headers: { Accept: 'application/vnd.pgrst.object+json' },
      }),
    },
  ];
  const write: Scenario = {
    name: 'admin product update (write)',
    request: (i) => ({
      path: `/rest/v1/products?id=eq.${pickLotless(i)}`,
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ stock_count: 20 + (i % 30) }),
    }),
  };

  // Checkout: a quote of three lines (anyone), and orders of two lines by a signed-in customer, each
  // with its own idempotency key, over 20 products stocked up first so that stock never runs out.
  const stocked = lotless.slice(0, 20);
  const lines = (i: number, count: number) =>
    Array.from({ length: count }, (_, k) => ({
      product_id: stocked[(i + k * 7) % stocked.length],
      quantity: 1,
    }));
  const quote: Scenario = {
    name: 'checkout_quote (3 lines)',
    request: (i) => ({
      path: '/rest/v1/rpc/checkout_quote',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_lines: lines(i, 3) }),
    }),
  };
  const placeOrder: Scenario = {
    name: placeOrderName,
    request: (i) => ({
      path: '/rest/v1/rpc/place_order',
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
    }),
  };

  const results: Result[] = [];
  for (const scenario of reads) results.push(await run(baseUrl, anonHeaders, scenario, stackPid));
  results.push(await run(baseUrl, adminHeaders, write, stackPid));
  results.push(await run(baseUrl, anonHeaders, quote, stackPid));
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
    results.push(
      await run(baseUrl, { apikey: anonKey, Authorization: `Bearer ${customerToken}` }, placeOrder, stackPid),
    );
  }
  return results;
}

const placeOrderName = 'place_order (2 lines, write)';

/** Orders placed per second (refused ones do not count) and p95, per engine. */
function ordersLine(engine: string, results: Result[]): string {
  const orders = results.find((result) => result.name === placeOrderName);
  if (!orders)
    return `${engine}: place_order skipped (a running stack: pass --place-orders to place real orders)`;
  const placed = orders.requests - orders.errors;
  const sorted = [...orders.latencies].sort((a, b) => a - b);
  return (
    `${engine}: ${(placed / orders.seconds).toFixed(1)} orders placed per second ` +
    `(${placed} orders, ${orders.errors} refused), p95 ${percentile(sorted, 95).toFixed(1)} ms`
  );
}

/** `req/s | p50 | p95 | p99 | CPU/req` cells of one result (errors, if any, after the rate). */
function cells(result: Result | undefined): string[] {
  if (!result) return ['—', '—', '—', '—', '—'];
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const rate = `${Math.round(result.requests / result.seconds)}${result.errors > 0 ? ` (${result.errors} errors)` : ''}`;
  const ms = (p: number) => `${percentile(sorted, p).toFixed(1)} ms`;
  const cpu = result.cpuPerRequest === null ? '—' : `${result.cpuPerRequest.toFixed(2)} ms`;
  return [rate, ms(50), ms(95), ms(99), cpu];
}

/** A Markdown table, scenarios down, engines across (pasted as is into a file of docs/measurements/). */
function table(columns: { engine: string; results: Result[] }[]): string {
  const names = columns[0]?.results.map((result) => result.name) ?? [];
  const header = [
    'scenario',
    ...columns.flatMap((c) => [`${c.engine} req/s`, 'p50', 'p95', 'p99', 'CPU/req']),
  ];
  const rows = names.map((name) => [
    name,
    ...columns.flatMap((column) => cells(column.results.find((result) => result.name === name))),
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const columns: { engine: string; results: Result[] }[] = [];
  const loads: string[] = [];
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  if (values.url && values['anon-key']) {
    process.stdout.write(`Measuring ${values.url}...\n`);
    columns.push({
      engine: values.url,
      results: await measure(values.url, values['anon-key'], values['place-orders']),
    });
  } else {
    const serverUrl = values.postgres ?? process.env.STACK_TEST_DATABASE_URL;
    for (const engine of values.engines.split(',').map((name) => name.trim())) {
      if (engine !== 'pglite' && engine !== 'postgres') throw new Error(`Unknown engine "${engine}"`);
      if (engine === 'postgres' && !serverUrl) {
        process.stdout.write('PostgreSQL skipped: give --postgres <server URL> or STACK_TEST_DATABASE_URL\n');
        continue;
      }
      process.stdout.write(`Starting a throwaway ${engine} stack (migrations + seed)...\n`);
      const { child, url, anonKey } = await startStackChild(
        { BENCH_POSTGRES_SERVER_URL: engine === 'postgres' ? (serverUrl ?? '') : '' },
        'ignore',
      );
      try {
        loads.push(`${engine}: ${load()}`);
        columns.push({
          engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL',
          results: await measure(url, anonKey, true, child.pid),
        });
      } finally {
        await stopStackChild(child);
      }
    }
  }
  process.stdout.write(
    `\n${concurrency} concurrent connections, ${durationMs / 1000} s per scenario; load average (1/5/15 min) ` +
      `as each engine's run began: ${loads.join(', ') || load()}\n`,
  );
  process.stdout.write(`\n${table(columns)}\n\n`);
  for (const column of columns) process.stdout.write(`${ordersLine(column.engine, column.results)}\n`);
  if (columns.some((column) => column.results.some((result) => result.errors > 0))) process.exitCode = 1;
}

await main();
