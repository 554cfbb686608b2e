import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, remoteSecurityHeaders } from '@prepper/shared/security-headers';
import { serveStatic, type ServedApp } from './static-app.ts';

const script = 'export const answer = 42;\n'.repeat(40);
let dir: string;
let outside: string;
let shell: ServedApp;
let remote: ServedApp;
let shellConfig: Record<string, unknown> = {
  supabaseUrl: 'http://stack',
  remotes: { catalog: 'http://catalog.test/mf-manifest.json' },
};

/** A raw request (fetch would decode bodies and normalise `..` away). */
function raw(
  url: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolveResponse, reject) => {
    const req = request(`${url}${path}`, { method, headers, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolveResponse({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'serve-test-'));
  outside = join(dir, '..', `${dir.split('/').pop()}-secret.txt`);
  writeFileSync(outside, 'secret');
  mkdirSync(join(dir, 'static', 'js'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'mf-manifest.json'), '{"name":"cart"}');
  writeFileSync(join(dir, 'static', 'js', 'main.1234.js'), script);
  shell = await serveStatic({ dir, port: 0, spa: true, config: () => shellConfig });
  remote = await serveStatic({ dir, port: 0 });
});

afterAll(async () => {
  await shell.close();
  await remote.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { force: true });
});

describe('serveStatic', () => {
  it('compresses with brotli or gzip as the client accepts, with CORS and the immutable cache', async () => {
    const br = await raw(remote.url, '/static/js/main.1234.js', { 'Accept-Encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['access-control-allow-origin']).toBe('*');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gzip = await raw(remote.url, '/static/js/main.1234.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await raw(remote.url, '/static/js/main.1234.js', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('serves a file changed after start as it is now (no stale copy)', async () => {
    const file = join(dir, 'static', 'js', 'later.js');
    writeFileSync(file, 'first');
    expect((await raw(remote.url, '/static/js/later.js')).body.toString()).toBe('first');
    // Rewritten in place, as a build does. The first answer's read stream may still be open and read the
    // longer file; the answer stays within its Content-Length (content-length.ts), so this answer on the
    // same kept-alive connection still parses.
    writeFileSync(file, 'second version');
    expect((await raw(remote.url, '/static/js/later.js')).body.toString()).toBe('second version');
  });

  it('revalidates entry points and answers a matching ETag with 304, keeping CORS and the policy', async () => {
    const manifest = await fetch(`${remote.url}/mf-manifest.json`);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    const etag = manifest.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${remote.url}/mf-manifest.json`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers deep links of the shell with index.html, never cached, and 404 for missing files', async () => {
    const deepLink = await fetch(`${shell.url}/category/communication/two-way-radios`);
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers.get('content-type')).toContain('text/html');
    expect(deepLink.headers.get('cache-control')).toBe('no-cache');
    expect(await deepLink.text()).toContain('<div id="root">');
    const missingChunk = await fetch(`${shell.url}/static/js/no-such-chunk.js`);
    expect(missingChunk.status).toBe(404);
    expect(missingChunk.headers.get('access-control-allow-origin')).toBe('*');
    // A remote has no SPA fallback.
    expect((await fetch(`${remote.url}/category/x`)).status).toBe(404);
  });

  it("writes the page's resource hints from the configuration of the moment into the shell's pages", async () => {
    const home = await (await fetch(`${shell.url}/`)).text();
    expect(home).toContain('<link rel="preconnect" href="http://stack" crossorigin>');
    expect(home).toContain(
      '<link rel="preload" href="http://catalog.test/mf-manifest.json" as="fetch" crossorigin data-remote="catalog" data-exposes="HomePage CategoryNav"></head>',
    );
    const product = await (await fetch(`${shell.url}/product/radio-1`)).text();
    expect(product).toContain('data-exposes="ProductPage CategoryNav"');
    // A remote moved to another origin is hinted there on the next page, without a restart.
    const before = shellConfig;
    shellConfig = { ...before, remotes: { catalog: 'http://catalog-v2.test/mf-manifest.json' } };
    try {
      const moved = await (await fetch(`${shell.url}/index.html`)).text();
      expect(moved).toContain('href="http://catalog-v2.test/mf-manifest.json"');
      expect(moved).not.toContain('http://catalog.test');
    } finally {
      shellConfig = before;
    }
    // Files are served as they are.
    expect(await (await fetch(`${shell.url}/static/js/main.1234.js`)).text()).toBe(script);
  });

  it("sends the shell's security headers from the configuration of the moment, and a remote's own", async () => {
    for (const path of ['/', '/admin', '/config.json', '/static/js/main.1234.js', '/static/js/missing.js']) {
      const response = await fetch(`${shell.url}${path}`);
      expect(response.headers.get('content-security-policy'), path).toBe(contentSecurityPolicy(shellConfig));
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('permissions-policy'), path).toContain('camera=()');
    }
    expect((await fetch(`${shell.url}/`)).headers.get('content-security-policy')).toContain(
      "script-src 'self' http://catalog.test;",
    );
    const before = shellConfig;
    shellConfig = { ...before, remotes: { catalog: 'http://catalog-v2.test/mf-manifest.json' } };
    try {
      const policy = (await fetch(`${shell.url}/products`)).headers.get('content-security-policy');
      expect(policy).toContain('http://catalog-v2.test');
      expect(policy).not.toContain('http://catalog.test');
    } finally {
      shellConfig = before;
    }

    for (const path of ['/index.html', '/mf-manifest.json', '/static/js/main.1234.js']) {
      const response = await fetch(`${remote.url}${path}`);
      for (const [name, value] of Object.entries(remoteSecurityHeaders()))
        expect(response.headers.get(name), `${path} ${name}`).toBe(value);
    }
  });

  it('never serves a file outside its folder', async () => {
    const name = outside.split('/').pop()!;
    for (const path of [`/..%2f${name}`, `/../${name}`, `/%2e%2e/${name}`, `/static/..%2f..%2f${name}`]) {
      for (const server of [remote, shell]) {
        const response = await raw(server.url, path);
        expect(response.body.toString(), path).not.toContain('secret');
      }
      expect((await raw(remote.url, path)).status, path).toBe(404);
    }
  });

  it('serves /config.json on the shell only, and only GET, HEAD and OPTIONS', async () => {
    const config = await fetch(`${shell.url}/config.json`);
    expect(config.headers.get('cache-control')).toBe('no-cache');
    expect(config.headers.get('access-control-allow-origin')).toBe('*');
    expect(await config.json()).toEqual(shellConfig);
    expect((await fetch(`${remote.url}/config.json`)).status).toBe(404);

    const head = await raw(shell.url, '/config.json', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);

    const preflight = await fetch(`${remote.url}/mf-manifest.json`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const refused = await fetch(`${remote.url}/mf-manifest.json`, { method });
      expect(refused.status, method).toBe(405);
      expect(refused.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    }
  });

  it('answers 500 without the details when the runtime configuration cannot be built', async () => {
    const broken = await serveStatic({
      dir,
      port: 0,
      spa: true,
      config: () => {
        throw new Error('no anon key');
      },
    });
    try {
      const response = await fetch(`${broken.url}/config.json`);
      expect(response.status).toBe(500);
      expect(await response.text()).toBe('Runtime configuration unavailable');
      // The page itself still loads (without hints) and reports the broken configuration itself.
      const page = await fetch(`${broken.url}/products`);
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain('<link');
      // ... under the strict same-origin policy.
      expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy(undefined));
    } finally {
      await broken.close();
    }
  });

  it('refuses to serve a folder that was not built', async () => {
    await expect(serveStatic({ dir: join(dir, 'missing'), port: 0 })).rejects.toThrow(/build it first/);
  });
});
