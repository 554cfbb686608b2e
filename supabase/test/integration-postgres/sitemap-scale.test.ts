// The shop server's /sitemap.xml (tools/serve/sitemap.ts) at the size a real catalogue grows to: 100,000
// generated products (scale/seed-scale.ts) in a real stack, read through its REST API with the anon key as
// the server reads it. Beyond the protocol's 50,000 addresses a file, /sitemap.xml is an index; its
// files together list every product once, none holds more than 50,000, and each file is streamed (it
// arrives while the server is still reading later batches from the database).
// It runs in the PostgreSQL pass of the integration tests only (this folder): loading 100,000 products
// through every trigger takes PGlite several minutes, PostgreSQL seconds, and what is tested here is the
// shop server's paging and streaming, which is the same over either engine's REST API.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedScale } from '../../scale/seed-scale.ts';
import { startTestStack, type TestStack } from '../harness.ts';
import { seeded } from '../integration/fixtures.ts';

interface SitemapModule {
  MAX_URLS_PER_FILE: number;
  answerSitemap(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    config: () => unknown,
  ): Promise<boolean>;
}

// The shop server's module, loaded at run time: type-checking it belongs to @prepper/tools (browser
// types and all), not to this package.
const sitemapModule = new URL('../../../tools/serve/sitemap.ts', import.meta.url).href;
const { answerSitemap, MAX_URLS_PER_FILE } = (await import(sitemapModule)) as SitemapModule;

const GENERATED = 100_000;
const TOTAL_PRODUCTS = GENERATED + seeded.products;

let stack: TestStack;
let server: Server;
let origin: string;

beforeAll(async () => {
  stack = await startTestStack();
  await seedScale(
    { exec: (sql) => stack.db.exec(sql), query: (sql) => stack.db.query(sql) },
    { products: GENERATED, orders: 10, seed: 26 },
  );
  server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const config = () => ({ supabaseUrl: stack.url, supabaseAnonKey: stack.anonKey });
    void answerSitemap(req, res, pathname, config).then((answered) => {
      if (!answered) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 600_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await stack?.stop();
});

interface Streamed {
  status: number;
  text: string;
  /** When the first product address reached the client (performance.now()). */
  firstUrlAt: number | null;
  /** When the server asked the database for each batch of products, in order. */
  productReadsAt: number[];
}

/** GET from the shop server, noting when the first address arrives and when the server reads products. */
async function get(path: string): Promise<Streamed> {
  const productReadsAt: number[] = [];
  const realFetch = globalThis.fetch;
  // A spy, not a stand-in: every call goes on to the real stack.
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    if (String(input instanceof Request ? input.url : input).includes('/rest/v1/products?select=id,name')) {
      productReadsAt.push(performance.now());
    }
    return realFetch(input, init);
  });
  try {
    const response = await realFetch(`${origin}${path}`);
    const decoder = new TextDecoder();
    let text = '';
    let firstUrlAt: number | null = null;
    for await (const piece of response.body as unknown as AsyncIterable<Uint8Array>) {
      text += decoder.decode(piece, { stream: true });
      if (firstUrlAt === null && text.includes('<url>')) firstUrlAt = performance.now();
    }
    return { status: response.status, text: text + decoder.decode(), firstUrlAt, productReadsAt };
  } finally {
    spy.mockRestore();
  }
}

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
}

describe('/sitemap.xml at 100,000 products', () => {
  it('is an index of a pages file and product files of at most 50,000 addresses each', async () => {
    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index.text).map((url) => new URL(url).pathname);
    const productFiles = Math.ceil(TOTAL_PRODUCTS / MAX_URLS_PER_FILE);
    expect(files).toEqual([
      '/sitemaps/pages.xml',
      ...Array.from({ length: productFiles }, (_, n) => `/sitemaps/products-${n + 1}.xml`),
    ]);
  });

  it('lists every product exactly once across the streamed files, with lastmod', async () => {
    const productUrls: string[] = [];
    for (let n = 1; n <= Math.ceil(TOTAL_PRODUCTS / MAX_URLS_PER_FILE); n += 1) {
      const file = await get(`/sitemaps/products-${n}.xml`);
      expect(file.status).toBe(200);
      expect(file.text.endsWith('</urlset>\n'), `products-${n}.xml is complete`).toBe(true);
      const urls = locs(file.text);
      expect(urls.length).toBeLessThanOrEqual(MAX_URLS_PER_FILE);
      expect(urls.every((url) => new URL(url).pathname.startsWith('/product/'))).toBe(true);
      expect([...file.text.matchAll(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)].length).toBe(urls.length);
      // Written batch by batch as the rows are read, never built whole in memory: the first addresses
      // reach the client before the server has asked for the file's last batch.
      if (urls.length === MAX_URLS_PER_FILE) {
        expect(file.productReadsAt.length, `products-${n}.xml read in batches`).toBeGreaterThan(5);
        expect(file.firstUrlAt!, `products-${n}.xml streamed`).toBeLessThan(file.productReadsAt.at(-1)!);
      }
      productUrls.push(...urls);
    }
    expect(productUrls.length).toBe(TOTAL_PRODUCTS);
    expect(new Set(productUrls).size).toBe(TOTAL_PRODUCTS);
  });

  it('keeps the home page, /products, categories and subcategories in the pages file; past the last file is 404', async () => {
    const pages = await get('/sitemaps/pages.xml');
    const paths = locs(pages.text).map((url) => new URL(url).pathname);
    expect(paths.slice(0, 2)).toEqual(['/', '/products']);
    expect(paths.filter((path) => path.startsWith('/category/')).length).toBe(
      seeded.categories + seeded.subcategories,
    );
    const past = await get(`/sitemaps/products-${Math.ceil(TOTAL_PRODUCTS / MAX_URLS_PER_FILE) + 1}.xml`);
    expect(past.status).toBe(404);
  });
});
