// The type generator against a small schema covering every shape it renders.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryResult, Queryable } from './context.ts';
import { generateTypes } from './gen-types.ts';

let pg: PGlite;
let db: Queryable;
let output: string;

beforeAll(async () => {
  pg = await PGlite.create();
  db = {
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await pg.query<R>(sql, [...params]);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
  };
  await pg.exec(`
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
  output = await generateTypes(db);
}, 60_000);

afterAll(async () => {
  await pg.close();
});

describe('generateTypes', () => {
  it('renders tables with Row, Insert, Update and Relationships', () => {
    expect(output).toContain('export type Database = {');
    expect(output).toMatch(/pets: \{\n\s+Row: \{\n\s+data: Json \| null\n/);
    expect(output).toContain('mood: Database["public"]["Enums"]["mood"]');
    expect(output).toContain('tags: string[]');
    expect(output).toContain('weight: number | null');
    expect(output).toMatch(/Insert: \{\n\s+data\?: Json \| null\n\s+id\?: never\n/);
    expect(output).toContain('name_lower?: never');
    expect(output).toMatch(/Insert: \{[^}]*\n\s+name: string\n[^}]*\n\s+slug\?: string\n/);
    expect(output).toContain('foreignKeyName: "pets_owner_id_fkey"');
    expect(output).toContain('isOneToOne: true');
    expect(output).toContain('referencedRelation: "owners"');
  });

  it('renders views, functions, enums and composite types', () => {
    expect(output).toMatch(/pet_names: \{\n\s+Row: \{\n\s+id: number \| null\n\s+name: string \| null/);
    expect(output).toMatch(
      /count_pets: \{\n\s+Args: \{\n\s+p_owner: string \| null\n\s+p_limit\?: number \| null\n\s+\}\n\s+Returns: number/,
    );
    expect(output).toMatch(/list_pets: \{[\s\S]*?Returns: \{\n\s+id: number\n\s+label: string\n\s+\}\[\]/);
    expect(output).toMatch(
      /all_pets: \{\n\s+Args: Record<PropertyKey, never>\n\s+Returns: \{[\s\S]*?owner_id: string[\s\S]*?\}\[\]/,
    );
    expect(output).toMatch(/noop: \{\n\s+Args: Record<PropertyKey, never>\n\s+Returns: undefined/);
    expect(output).not.toContain('pets_slug:');
    expect(output).toContain('mood: "happy" | "sad"');
    expect(output).toMatch(/point2: \{\n\s+x: number \| null\n\s+y: number \| null/);
    expect(output).toContain('mood: ["happy", "sad"],');
    for (const helper of ['Tables<', 'TablesInsert<', 'TablesUpdate<', 'Enums<', 'CompositeTypes<']) {
      expect(output).toContain(`export type ${helper}`);
    }
  });
});
