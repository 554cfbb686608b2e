// migrations/ (what hosted projects apply) and schemas/ (the current schema, one file per domain) must
// describe the same database. Builds one scratch database from each, on PGlite or on PostgreSQL
// (STACK_TEST_DATABASE_URL), and compares their catalogues: tables and views, columns (types, defaults,
// nullability, order), constraints, indexes, policies, functions (arguments, result, body without
// comments and extra whitespace, security definer, search_path, volatility), grants on tables, columns
// and functions, triggers, comments and storage buckets. A failure lists every object that differs.
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectDir, stackDir } from '../../stack/config.ts';
import { checkSchemaFiles, type SchemaCheckResult } from '../../stack/schema-check.ts';
import { schemaFiles } from '../../stack/schema-files.ts';

const bootstrapDir = join(stackDir, 'bootstrap');

describe('schema files', () => {
  let result: SchemaCheckResult;

  it('build the same database as the migrations', async () => {
    result = await checkSchemaFiles({
      projectDir,
      bootstrapDir,
      serverUrl: process.env.STACK_TEST_DATABASE_URL || undefined,
    });
    const report =
      result.differences.length === 0
        ? ''
        : `${result.differences.length} difference(s) between migrations/ and schemas/ ` +
          `(edit the schemas file or add the missing migration):\n\n${result.differences.join('\n\n')}`;
    expect(report).toBe('');
  }, 240_000);

  it('compare a catalogue that holds the whole project', () => {
    // Guards the comparison itself: an empty or partial catalogue would make any two databases equal.
    const keys = [...result.fromMigrations.keys()];
    const count = (prefix: string) => keys.filter((key) => key.startsWith(prefix)).length;
    expect(count('relation public.')).toBeGreaterThanOrEqual(19);
    expect(count('function public.')).toBeGreaterThanOrEqual(80);
    expect(count('policy public.')).toBeGreaterThanOrEqual(30);
    expect(count('policy storage.objects.')).toBe(4);
    expect(count('trigger public.')).toBeGreaterThanOrEqual(20);
    expect(count('index public.')).toBeGreaterThanOrEqual(40);
    expect(result.fromMigrations.get('bucket catalog')).toContain('"public":true');
    const placeOrder = keys.find((key) => key.startsWith('function public.place_order('));
    expect(placeOrder && JSON.parse(result.fromMigrations.get(placeOrder)!)).toMatchObject({
      security_definer: true,
      config: ['search_path=""'],
      acl: expect.arrayContaining(['authenticated:EXECUTE']),
    });
  });

  it('are all listed in config.toml, so `supabase db diff` and this test build every one', () => {
    const listed = schemaFiles(projectDir).map((file) => basename(file));
    const present = readdirSync(join(projectDir, 'schemas')).filter((file) => file.endsWith('.sql'));
    expect([...listed].sort()).toEqual(present.sort());
  });
});
