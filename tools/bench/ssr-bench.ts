// Benchmark of the server rendering: for each storefront page type, the shop's server's requests per
// second and its p50 / p95 time to first byte, at 1, 10 and 50 connections, against a RUNNING production
// shop (`npm start`, or `pnpm serve:all`). It prints figures and exits 0 whatever they are.
//
//   pnpm --filter @prepper/tools bench:ssr [-- --url http://localhost:3000 --duration 5 --connections 1,10,50]
//
// The pages are found in the shop's own catalogue (its /sitemap.xml), so the same command measures the
// seed and the 100,000-product scale database (`pnpm --filter @prepper/supabase seed:scale` into the
// running stack first). Run it alone (`flock /tmp/prepper-heavy.lock ...`): the load generator, the
// shop's server and the database share the same cores. Requests ask for compressed answers as a browser
// does, over keep-alive connections; time to first byte is measured from sending the request to the
// response's status line (the server sends it once the page is rendered).
import { Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  // pnpm passes the `--` of `pnpm bench:ssr -- --duration 1` through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    url: { type: 'string', default: process.env.SHOP_URL ?? 'http://localhost:3000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '1,10,50' },
    label: { type: 'string', default: '' },
  },
});

const base = new URL(values.url);
const durationMs = Number(values.duration) * 1000;
const connectionCounts = values.connections.split(',').map(Number);

interface PageType {
  name: string;
  /** The paths of this type, taken in turn (several products, so no single row stays hot). */
  paths: string[];
}

interface Figures {
  page: string;
  connections: number;
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  statuses: string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** One GET; resolves with the status and the time to the status line, once the body is read. */
function get(agent: Agent, path: string): Promise<{ status: number; ttfb: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        headers: { 'Accept-Encoding': 'br, gzip', Accept: 'text/html' },
      },
      (res) => {
        const ttfb = performance.now() - started;
        res.on('data', () => undefined);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ttfb }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function text(path: string): Promise<string> {
  const response = await fetch(new URL(path, base));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.text();
}

/** The page types, with real addresses from the shop's sitemap (an index at scale: its first files). */
async function pageTypes(): Promise<PageType[]> {
  let xml = await text('/sitemap.xml');
  const locs = (source: string) =>
    [...source.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!.replace(/&amp;/g, '&')));
  if (xml.includes('<sitemapindex')) {
    const files = locs(xml).map((url) => url.pathname);
    xml = (await Promise.all(files.slice(0, 2).map(text))).join('\n');
  }
  const paths = locs(xml).map((url) => url.pathname);
  const products = paths.filter((path) => path.startsWith('/product/'));
  const categories = paths.filter((path) => /^\/category\/[^/]+$/.test(path));
  const subcategories = paths.filter((path) => /^\/category\/[^/]+\/[^/]+$/.test(path));
  if (products.length === 0 || categories.length === 0) throw new Error('The sitemap lists no products');
  // Spread over the catalogue: every n-th product, up to 50.
  const step = Math.max(1, Math.floor(products.length / 50));
  return [
    { name: 'home `/`', paths: ['/'] },
    { name: '`/products`', paths: ['/products'] },
    { name: '`/products?page=2&sort=price-low`', paths: ['/products?page=2&sort=price-low'] },
    { name: 'category', paths: categories },
    { name: 'subcategory', paths: subcategories },
    { name: 'product', paths: products.filter((_, index) => index % step === 0).slice(0, 50) },
    { name: 'policy page', paths: ['/privacy-policy', '/terms-of-service', '/cookie-policy'] },
    { name: 'not found (404)', paths: ['/no-such-page'] },
  ];
}

async function measure(page: PageType, connections: number): Promise<Figures> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  let counter = 0;
  // A short warm-up at this concurrency, not counted.
  await Promise.all(
    Array.from({ length: connections }, (_, index) =>
      get(agent, page.paths[index % page.paths.length]!).catch(() => undefined),
    ),
  );
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const path = page.paths[counter++ % page.paths.length]!;
        try {
          const { status, ttfb } = await get(agent, path);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 500) errors += 1;
          latencies.push(ttfb);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    page: page.name,
    connections,
    requests: latencies.length,
    errors,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    statuses: [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' '),
  };
}

async function main(): Promise<void> {
  const pages = await pageTypes();
  const started = new Date();
  const loadBefore = loadavg()[0]!;
  const rows: Figures[] = [];
  for (const connections of connectionCounts) {
    for (const page of pages) {
      const figures = await measure(page, connections);
      rows.push(figures);
      console.error(
        `${page.name} at ${connections}: ${figures.perSecond.toFixed(1)}/s, p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms`,
      );
    }
  }
  const loadAfter = loadavg()[0]!;
  console.log(
    `\nServer rendering benchmark${values.label ? ` (${values.label})` : ''}: ${base.origin}, ` +
      `${started.toISOString()}, ${values.duration} s per row, load average ${loadBefore.toFixed(2)} before and ` +
      `${loadAfter.toFixed(2)} after\n`,
  );
  console.log('| page | connections | requests/s | p50 TTFB | p95 TTFB | requests | errors | statuses |');
  console.log('| ---- | ----------: | ---------: | -------: | -------: | -------: | -----: | -------- |');
  for (const row of rows) {
    console.log(
      `| ${row.page} | ${row.connections} | ${row.perSecond.toFixed(1)} | ${row.p50.toFixed(1)} ms | ` +
        `${row.p95.toFixed(1)} ms | ${row.requests} | ${row.errors} | ${row.statuses} |`,
    );
  }
}

await main();
