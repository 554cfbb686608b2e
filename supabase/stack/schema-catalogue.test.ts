import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './context.ts';
import { PgliteDb } from './pglite-engine.ts';
import { diffCatalogues, normaliseSql, readCatalogue, type Catalogue } from './schema-catalogue.ts';
import { schemaFiles } from './schema-files.ts';

describe('normaliseSql', () => {
  it('drops comments and extra whitespace but keeps strings and quoted names as written', () => {
    const body = `
      -- why this is so
      select  'a -- not a comment',   "odd  /* name */"  /* gone */
      from t;   `;
    expect(normaliseSql(body)).toBe(`select 'a -- not a comment', "odd  /* name */" from t;`);
  });

  it('tells apart bodies that differ in one token', () => {
    expect(normaliseSql('select round(x * 0.08, 2)')).not.toBe(normaliseSql('select round(x * 0.09, 2)'));
  });
});

describe('readCatalogue and diffCatalogues', () => {
  let db: Db;
  let before: Catalogue;

  beforeAll(async () => {
    db = await PgliteDb.open({ dataDir: 'memory://' });
    await db.exec(`
      create role cat_reader nologin;
      create table public.items (id int primary key, name text not null default 'x');
      alter table public.items enable row level security;
      create policy items_read on public.items for select to cat_reader using (id > 0);
      create function public.item_count() returns bigint language sql stable
        as $$ select count(*) from public.items $$;
      revoke execute on function public.item_count() from public;
      grant execute on function public.item_count() to cat_reader;
    `);
    before = await readCatalogue(db);
  }, 180_000);

  afterAll(async () => {
    await db?.close();
  });

  it('finds nothing when nothing changed, and reads grants', async () => {
    expect(before.get('function public.item_count()')).toContain('"acl":["cat_reader:EXECUTE"]');
    expect(diffCatalogues(before, await readCatalogue(db), ['a', 'b'])).toEqual([]);
  });

  it('names each object that differs: a default, a policy, a grant, a function body and its security', async () => {
    await db.exec(`
      alter table public.items alter column name set default 'y';
      alter policy items_read on public.items using (id > 1);
      grant execute on function public.item_count() to public;
      create or replace function public.item_count() returns bigint language sql stable security definer
        as $$ select count(*) + 1 from public.items $$;
      create index items_name_idx on public.items (name);
    `);
    const differences = diffCatalogues(before, await readCatalogue(db), ['a', 'b']);
    const text = differences.join('\n');
    expect(text).toContain(`column public.items.name differs:\n  default: a "'x'::text", b "'y'::text"`);
    expect(text).toContain('policy public.items.items_read differs:\n  using: a "(id > 0)", b "(id > 1)"');
    expect(text).toContain('function public.item_count() differs:');
    expect(text).toContain('security_definer: a false, b true');
    expect(text).toContain('acl: a ["cat_reader:EXECUTE"], b ["cat_reader:EXECUTE","public:EXECUTE"]');
    expect(text).toMatch(/body: bodies part at character \d+/);
    expect(text).toContain('index public.items_name_idx: only in b');
    expect(differences).toHaveLength(4);
  });
});

describe('schemaFiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prepper-schema-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists config.toml schema_paths in order, globs by name, each file once', () => {
    mkdirSync(join(dir, 'schemas'));
    for (const name of ['b.sql', 'a.sql', 'c.sql', 'notes.txt'])
      writeFileSync(join(dir, 'schemas', name), '');
    writeFileSync(
      join(dir, 'config.toml'),
      '[db.migrations]\nschema_paths = ["./schemas/c.sql", "./schemas/*.sql"]\n',
    );
    expect(schemaFiles(dir).map((file) => file.slice(dir.length + 1))).toEqual([
      'schemas/c.sql',
      'schemas/a.sql',
      'schemas/b.sql',
    ]);
  });

  it('refuses a listed path that matches nothing', () => {
    writeFileSync(join(dir, 'config.toml'), '[db.migrations]\nschema_paths = ["./schemas/missing.sql"]\n');
    expect(() => schemaFiles(dir)).toThrow(/nothing matches \.\/schemas\/missing\.sql/);
  });
});
