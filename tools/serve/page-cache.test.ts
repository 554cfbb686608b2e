// The server's page cache (ssr.ts): a page is rendered once per address and configuration while it is
// kept, visitors asking at once share one render, pages with parts left to the browser are never kept,
// and each visitor gets the encoding it accepts. The shell's server build is a stand-in module here that
// records each render; the real one is covered by the browser suite (e2e/ssr-*.spec.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic, type ServedApp } from './static-app.ts';

interface Render {
  url: string;
  config: unknown;
}

/** The stand-in renderer: each address names what it answers; every call is recorded. */
const RENDERER = `
const renders = [];
exports.renders = renders;
exports.renderPage = async ({ url, config }) => {
  renders.push({ url, config });
  await new Promise((resolve) => setTimeout(resolve, 30));
  const path = new URL(url, 'http://x').pathname;
  const base = { rendered: ['catalog/ProductPage'], skeletons: [], timedOut: false, data: {} };
  if (path === '/old-name') return { ...base, status: 200, html: '', redirect: '/product/new-name' };
  if (path === '/missing') return { ...base, status: 404, html: '<h1>Page Not Found</h1>' };
  if (path === '/partly') return { ...base, status: 200, html: '<h1>Partly</h1>', skeletons: ['catalog/CategoryNav'] };
  const html = '<h1>Page ' + url + '</h1><p>render ' + renders.length + '</p>' + 'x'.repeat(2000);
  return { ...base, status: 200, html, meta: { title: 'T' } };
};
`;

let dir: string;
let renders: Render[];
const served: ServedApp[] = [];

async function shop(pageCacheMs: number, config: () => unknown = () => ({ remotes: {} })) {
  const app = await serveStatic({ dir, port: 0, spa: true, config, pageCacheMs });
  served.push(app);
  return app;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'page-cache-test-'));
  mkdirSync(join(dir, 'server'));
  writeFileSync(join(dir, 'server', 'index.js'), RENDERER);
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>',
  );
  renders = (createRequire(import.meta.url)(join(dir, 'server', 'index.js')) as { renders: Render[] })
    .renders;
});

afterEach(async () => {
  await Promise.all(served.splice(0).map((app) => app.close()));
  renders.length = 0;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rendersOf = (url: string) => renders.filter((render) => render.url === url).length;

describe('the page cache', () => {
  it('renders an address once while it is fresh', async () => {
    const app = await shop(5_000);
    const first = await fetch(`${app.url}/products?page=2`);
    const second = await fetch(`${app.url}/products?page=2`);
    expect(first.status).toBe(200);
    expect(await second.text()).toBe(await first.text());
    expect(rendersOf('/products?page=2')).toBe(1);
    // Another address, or the same one with another query, is its own page.
    await fetch(`${app.url}/products?page=3`);
    expect(rendersOf('/products?page=3')).toBe(1);
  });

  it('sends a stale page while one render replaces it, and never one older than four times fresh', async () => {
    const app = await shop(500);
    const first = await (await fetch(`${app.url}/category/food`)).text();
    await sleep(700); // stale, not yet too old (2 s)
    const stale = await (await fetch(`${app.url}/category/food`)).text();
    expect(stale).toBe(first);
    // The render in the background (30 ms) replaces it.
    await expect.poll(() => rendersOf('/category/food')).toBe(2);
    await sleep(50);
    const renewed = await (await fetch(`${app.url}/category/food`)).text();
    expect(renewed).not.toBe(first);
    expect(rendersOf('/category/food')).toBe(2);

    await sleep(2_100); // past 4 x 500 ms: rendered again before it is sent
    const late = await (await fetch(`${app.url}/category/food`)).text();
    expect(rendersOf('/category/food')).toBe(3);
    expect(late).not.toBe(renewed);
  });

  it('lets visitors asking at once share one render', async () => {
    const app = await shop(5_000);
    const answers = await Promise.all(Array.from({ length: 12 }, () => fetch(`${app.url}/category/water`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(rendersOf('/category/water')).toBe(1);
  });

  it('keeps not-found pages with their status, and redirects', async () => {
    const app = await shop(5_000);
    for (let i = 0; i < 2; i++) {
      expect((await fetch(`${app.url}/missing`)).status).toBe(404);
      const moved = await fetch(`${app.url}/old-name`, { redirect: 'manual' });
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe('/product/new-name');
    }
    expect(rendersOf('/missing')).toBe(1);
    expect(rendersOf('/old-name')).toBe(1);
  });

  it('never keeps a page with a part left to the browser', async () => {
    const app = await shop(5_000);
    const first = await fetch(`${app.url}/partly`);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    await first.text();
    await fetch(`${app.url}/partly`);
    expect(rendersOf('/partly')).toBe(2);
  });

  it('renders again when the configuration changes (a remote moved)', async () => {
    let config = { remotes: { catalog: 'http://one.test/mf-manifest.json' } };
    const app = await shop(5_000, () => config);
    await fetch(`${app.url}/`);
    config = { remotes: { catalog: 'http://two.test/mf-manifest.json' } };
    await fetch(`${app.url}/`);
    expect(renders.filter((render) => render.url === '/').map((render) => render.config)).toEqual([
      { remotes: { catalog: 'http://one.test/mf-manifest.json' } },
      { remotes: { catalog: 'http://two.test/mf-manifest.json' } },
    ]);
  });

  it('renders every request when the cache is off', async () => {
    const app = await shop(0);
    await fetch(`${app.url}/products`);
    await fetch(`${app.url}/products`);
    expect(rendersOf('/products')).toBe(2);
  });

  it('sends a kept page in the encoding each visitor accepts, with its ETag', async () => {
    const app = await shop(5_000);
    const plain = await fetch(`${app.url}/product/lamp`, { headers: { 'Accept-Encoding': 'identity' } });
    const html = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(html).toContain('<h1>Page /product/lamp</h1>');

    // node's fetch decompresses; ask with node:http semantics through a raw body instead.
    const raw = async (encoding: string) => {
      const { request } = await import('node:http');
      return new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
        request(`${app.url}/product/lamp`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        })
          .on('error', reject)
          .end();
      });
    };
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    const gzip = await raw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(html);
    expect(rendersOf('/product/lamp')).toBe(1);

    const etag = plain.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const again = await fetch(`${app.url}/product/lamp`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
  });
});
