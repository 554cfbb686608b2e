// Supabase's generator (postgres-meta, as the CLI runs it) against a small schema served on a Postgres
// port, and the shop's checked post-step.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './context.ts';
import { openDb } from './db.ts';
import { serveDbPort, type DbPort } from './db-port.ts';
import { DEPARTURES, postProcess, runPostgresMeta, typegenEnv } from './gen-types.ts';

let dataDir: string;
let db: Db;
let port: DbPort;
let output: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gen-types-test-'));
  db = await openDb({ pgDataDir: join(dataDir, 'pgdata') });
  await db.exec(`
    create type public.mood as enum ('happy', 'sad');
    create type public.point2 as (x int, y int);
    create table public.owners (id uuid primary key default gen_random_uuid(), name text not null);
    create table public.pets (
      id bigint generated always as identity primary key,
      owner_id uuid not null unique references public.owners (id),
      name text not null,
      slug text not null,
      tags text[] not null default '{}',
      data jsonb,
      mood public.mood not null default 'happy',
      weight numeric(5,2),
      name_lower text generated always as (lower(name)) stored
    );
    create function public.pets_slug() returns trigger language plpgsql as $$
    begin new.slug := lower(new.name); return new; end $$;
    create trigger pets_slug before insert on public.pets for each row execute function public.pets_slug();
    create view public.pet_names as select id, name from public.pets;
    create function public.count_pets(p_owner uuid, p_limit int default 10) returns int language sql as $$ select 1 $$;
    create function public.list_pets(p_query text) returns table (id bigint, label text) language sql as $$ select 1::bigint, 'x' $$;
    create function public.all_pets() returns setof public.pets language sql as $$ select * from public.pets $$;
    create function public.noop() returns void language sql as $$ select $$;
  `);
  port = await serveDbPort(db, { port: 0 });
  output = await runPostgresMeta(port.url);
}, 120_000);

afterAll(async () => {
  await port?.close();
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the generator as the Supabase CLI runs it', () => {
  it('gets the environment of `supabase gen types typescript --schema public`', () => {
    expect(typegenEnv('postgresql://x')).toEqual({
      PG_META_DB_URL: 'postgresql://x',
      PG_META_GENERATE_TYPES: 'typescript',
      PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: 'public',
      PG_META_GENERATE_TYPES_DETECT_ONE_TO_ONE_RELATIONSHIPS: 'true',
      PG_META_POSTGREST_VERSION: '12',
    });
  });

  it('writes tables, relationships, views, functions, enums, composite types and the helpers', () => {
    expect(output).toContain('export type Database = {');
    expect(output).toContain('PostgrestVersion: "12"');
    expect(output).toContain('mood: Database["public"]["Enums"]["mood"]');
    expect(output).toContain('tags: string[]');
    expect(output).toContain('weight: number | null');
    expect(output).toContain('name_lower?: never');
    expect(output).toContain('foreignKeyName: "pets_owner_id_fkey"');
    expect(output).toContain('isOneToOne: true');
    expect(output).toContain('referencedRelation: "owners"');
    expect(output).toMatch(/pet_names: \{\n\s+Row: \{\n\s+id: number \| null\n\s+name: string \| null/);
    expect(output).toMatch(/count_pets: \{\s+Args: \{ p_limit\?: number; p_owner: string \}/);
    expect(output).toMatch(
      /noop: \{ Args: never; Returns: undefined \}|noop: \{\s+Args: [^}]*\}?\s*Returns: undefined/,
    );
    expect(output).toContain('mood: "happy" | "sad"');
    expect(output).toContain('mood: ["happy", "sad"],');
    for (const helper of ['Tables<', 'TablesInsert<', 'TablesUpdate<', 'Enums<', 'CompositeTypes<']) {
      expect(output).toContain(`export type ${helper}`);
    }
    // The generator cannot see the trigger: the slug is required on insert until the post-step.
    expect(output).toMatch(/Insert: \{[^}]*\n\s+slug: string\n/);
  });
});

/** A generated file in the generator's layout holding only what DEPARTURES names. */
const fixture = `export type Database = {
  public: {
    Tables: {
      products: {
        Row: {
          slug: string
        }
        Insert: {
          name: string
          slug: string
        }
        Update: {
          slug?: string
        }
      }
    }
    Functions: {
      admin_create_category: {
        Args: { p_id: string; p_image_url: string; p_name: string }
        Returns: Json
      }
      admin_save_category: {
        Args: { p_id: string; p_image_url: string; p_name: string }
        Returns: Json
      }
    }
  }
}
`;

describe('postProcess', () => {
  it('applies each departure and adds the header', () => {
    expect(Object.keys(DEPARTURES.filledByTrigger)).toEqual(['products']);
    const text = postProcess(fixture);
    expect(text.startsWith('// Generated by `pnpm --filter @prepper/supabase gen-types`')).toBe(true);
    expect(text).toContain('Insert: {\n          name: string\n          slug?: string\n');
    expect(text).toContain('Row: {\n          slug: string\n');
    expect(text).toContain('Args: { p_id: string | null; p_image_url: string | null; p_name: string }');
    expect(text).toContain('Args: { p_id: string; p_image_url: string | null; p_name: string }');
  });

  it('fails when the schema no longer has what a departure names', () => {
    expect(() => postProcess(fixture.replace('admin_save_category', 'save_category'))).toThrow(
      /admin_save_category/,
    );
    expect(() =>
      postProcess(
        fixture.replace('          slug: string\n        }\n        Update', '        }\n        Update'),
      ),
    ).toThrow(/products\.Insert\.slug/);
  });
});
