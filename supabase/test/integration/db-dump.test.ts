// `pnpm db:dump`: pg_dump (18, WebAssembly, @electric-sql/pglite-tools) of the local PGlite database, from
// the running stack (GET /pg/v1/dump, service_role only) and from a stopped stack's data directory. A
// dump restores into a fresh PGlite with the tables and rows. With PostgreSQL (DATABASE_URL) the stack
// refuses and points at the server's own pg_dump.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { afterAll, describe, expect, it } from 'vitest';
import { dumpDataDir } from '../../stack/db-dump.ts';
import { startTestStack, type TestStack } from '../harness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'prepper-dump-'));
let stack: TestStack | undefined;

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function dumpRequest(target: TestStack, key: string, query = ''): Promise<Response> {
  return fetch(`${target.url}/pg/v1/dump${query}`, { headers: { apikey: key } });
}

/** A fresh PGlite with the roles and extensions a dump of this project refers to, the dump applied. */
async function restore(sql: string): Promise<PGlite> {
  const scratch = await PGlite.create({ extensions: { pgcrypto, pg_trgm } });
  await scratch.exec(
    'create role anon nologin; create role authenticated nologin; create role service_role nologin;',
  );
  await scratch.exec(sql);
  return scratch;
}

describe('db:dump', () => {
  it('dumps the running stack (service_role only) into SQL that restores the tables and rows', async () => {
    stack = await startTestStack({ dataDir });
    const service = stack.serviceClient();
    const marker = `Dump Marker ${Date.now()}`;
    const { data: category } = await service.from('categories').select('id').limit(1).single();
    const inserted = await service
      .from('products')
      .insert({
        name: marker,
        description: 'In the dump.',
        category_id: (category as { id: string }).id,
        price: 3.5,
        image_url: `${stack.url}/storage/v1/object/public/catalog/water-container.svg`,
      })
      .select('id')
      .single();
    expect(inserted.error).toBeNull();

    expect((await dumpRequest(stack, stack.anonKey)).status).toBe(401);
    const response = await dumpRequest(stack, stack.serviceRoleKey);
    if (stack.db.kind !== 'pglite') {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/pg_dump against that server/);
      return;
    }
    expect(response.status).toBe(200);
    const sql = await response.text();
    expect(sql).toMatch(/^CREATE TABLE public\.products \(/m);
    expect(sql).toContain(marker);

    // The stack keeps serving, writable, while and after it dumped.
    const after = await service.from('products').update({ price: 4 }).eq('name', marker).select('price');
    expect(after.error).toBeNull();
    expect(after.data).toEqual([{ price: 4 }]);

    const { count: products } = await service.from('products').select('id', { count: 'exact', head: true });
    const { count: categories } = await service
      .from('categories')
      .select('id', { count: 'exact', head: true });
    const scratch = await restore(sql);
    try {
      const counts = await scratch.query<{ products: number; categories: number }>(
        'select (select count(*)::int from public.products) as products, (select count(*)::int from public.categories) as categories',
      );
      expect(counts.rows[0]).toEqual({ products, categories });
      const row = await scratch.query<{ price: string }>(
        'select price::text from public.products where name = $1',
        [marker],
      );
      expect(row.rows).toEqual([{ price: '3.50' }]);
      const users = await scratch.query<{ n: number }>('select count(*)::int as n from auth.users');
      expect(users.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await scratch.close();
    }
  });

  it('dumps the schema of a stopped stack from its data directory', async () => {
    if (!stack) throw new Error('the first test did not start a stack');
    const engine = stack.db.kind;
    await stack.stop();
    stack = undefined;
    if (engine !== 'pglite') {
      // PostgreSQL keeps no PGlite files in the data directory: there is nothing to open.
      await expect(dumpDataDir(dataDir, { schemaOnly: true })).rejects.toThrow(/No PGlite database/);
      return;
    }
    const sql = await dumpDataDir(dataDir, { schemaOnly: true });
    expect(sql).toMatch(/^CREATE TABLE public\.products \(/m);
    expect(sql).not.toMatch(/^INSERT INTO public\.products /m);
    const scratch = await restore(sql);
    try {
      const tables = await scratch.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where schemaname = 'public' and tablename in ('products', 'orders')",
      );
      expect(tables.rows[0]!.n).toBe(2);
    } finally {
      await scratch.close();
    }
  });
});
