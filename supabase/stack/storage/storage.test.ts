// Public object reads: content types, caching headers, Supabase's not-found body, and no way out of the folder.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestStack, type TestStack } from '../auth/test-stack.ts';
import { safeSegments } from './index.ts';

let stack: TestStack;
let base: string;

/** A raw GET that keeps the path exactly as written (fetch would normalise dot segments). */
function rawGet(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const url = new URL(stack.url);
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'storage-test-'));
  const root = join(base, 'storage');
  mkdirSync(join(root, 'catalog', 'products'), { recursive: true });
  writeFileSync(join(root, 'catalog', 'products', 'radio.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(root, 'catalog', 'photo.webp'), 'RIFF....WEBP');
  writeFileSync(join(root, 'catalog', 'photo.png'), 'PNG');
  writeFileSync(join(base, 'secret.txt'), 'top secret');
  symlinkSync(join(base, 'secret.txt'), join(root, 'catalog', 'link.svg'));
  stack = await startAuthTestStack({ storageRoot: root });
}, 60_000);

afterAll(async () => {
  await stack.stop();
  rmSync(base, { recursive: true, force: true });
});

describe('public storage objects', () => {
  it('serves files with their content type and cache headers', async () => {
    const svg = await rawGet('/storage/v1/object/public/catalog/products/radio.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('public, max-age=3600');
    expect(svg.body).toContain('<svg');
    expect((await rawGet('/storage/v1/object/public/catalog/photo.webp')).headers['content-type']).toBe(
      'image/webp',
    );
    expect((await rawGet('/storage/v1/object/public/catalog/photo.png')).headers['content-type']).toBe(
      'image/png',
    );

    const etag = String(svg.headers.etag);
    const cached = await rawGet('/storage/v1/object/public/catalog/products/radio.svg', {
      'If-None-Match': etag,
    });
    expect(cached.status).toBe(304);
    const head = await rawGet('/storage/v1/object/public/catalog/products/radio.svg', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers Supabase not-found JSON for missing objects', async () => {
    const missing = await rawGet('/storage/v1/object/public/catalog/nope.svg');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({
      statusCode: '404',
      error: 'not_found',
      message: 'Object not found',
    });
    expect((await rawGet('/storage/v1/object/public/nobucket/a.svg')).status).toBe(404);
    expect((await rawGet('/storage/v1/object/public/catalog/products')).status).toBe(404);
  });

  it('never leaves the storage folder', async () => {
    const attempts = [
      '/storage/v1/object/public/catalog/../../secret.txt',
      '/storage/v1/object/public/catalog/%2e%2e/%2e%2e/secret.txt',
      '/storage/v1/object/public/catalog/..%2f..%2fsecret.txt',
      '/storage/v1/object/public/catalog/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/storage/v1/object/public/catalog/..%5c..%5csecret.txt',
      '/storage/v1/object/public/..%2fsecret.txt/x',
      '/storage/v1/object/public/catalog/%00radio.svg',
      '/storage/v1/object/public/catalog/link.svg',
      '/storage/v1/object/public/catalog//products/radio.svg',
      '/storage/v1/object/public/catalog/%E0%A4%A',
    ];
    for (const path of attempts) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(404);
      expect(res.body).not.toContain('top secret');
    }
    expect(safeSegments('catalog/../x')).toBeUndefined();
    expect(safeSegments('catalog/products/radio.svg')).toEqual(['catalog', 'products', 'radio.svg']);
  });

  it('is read-only', async () => {
    expect((await rawGet('/storage/v1/object/public/catalog/photo.png', {}, 'DELETE')).status).toBe(405);
  });
});
