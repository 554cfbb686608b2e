// `gen-types`: the `Database` TypeScript types of the `public` schema, written by Supabase's own
// generator (@supabase/postgres-meta, the code behind `supabase gen types typescript`) run the way the
// CLI runs it: postgres-meta's server in type-generation mode against the database, over the Postgres
// protocol. The database is a throwaway local stack built from the migrations (PGlite served through
// pglite-socket), or DATABASE_URL as it is. The shop's few departures are a checked post-step (`DEPARTURES`).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { projectDir } from './config.ts';

export const defaultTypesFile = resolve(projectDir, '..', 'shared', 'src', 'database.types.ts');

/** The PostgREST version the local stack answers like (README: PostgREST 12 behaviour). */
export const POSTGREST_VERSION = '12';

/**
 * The environment the Supabase CLI gives postgres-meta for `supabase gen types typescript --schema
 * public`: TypeScript, the public schema, one-to-one relationships detected, the PostgREST version.
 */
export function typegenEnv(databaseUrl: string): Record<string, string> {
  return {
    PG_META_DB_URL: databaseUrl,
    PG_META_GENERATE_TYPES: 'typescript',
    PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: 'public',
    PG_META_GENERATE_TYPES_DETECT_ONE_TO_ONE_RELATIONSHIPS: 'true',
    PG_META_POSTGREST_VERSION: POSTGREST_VERSION,
  };
}

/** postgres-meta's server entry (dist/server/server.js), which prints the types and exits in this mode. */
function postgresMetaServer(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve('@supabase/postgres-meta');
  return join(dirname(main), '..', 'server', 'server.js');
}

/**
 * Runs postgres-meta's type generation against `databaseUrl` and returns what it prints. Asynchronous
 * on purpose: a PGlite database is served by this very process, which must keep answering.
 */
export async function runPostgresMeta(databaseUrl: string): Promise<string> {
  const { PG_META_DB_URL: _inherited, ...env } = process.env;
  const { stdout } = await promisify(execFile)(process.execPath, [postgresMetaServer()], {
    env: { ...env, ...typegenEnv(databaseUrl) },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 180_000,
  });
  if (!stdout.includes('export type Database')) {
    throw new Error(`postgres-meta printed no Database type:\n${stdout.slice(0, 500)}`);
  }
  return stdout;
}

/**
 * What the generator cannot see, as the shop needs it (each entry is checked: a schema change that
 * removes one fails gen-types instead of passing silently):
 * - columns a BEFORE INSERT trigger fills, which an insert may leave out (products.slug: the
 *   products_set_slug trigger writes slugify(name) || '-' || id);
 * - function arguments that take null on purpose (admin_save_category inserts when p_id is null; a
 *   category may have no image).
 */
export const DEPARTURES = {
  filledByTrigger: { products: ['slug'] },
  nullableArguments: {
    admin_save_category: ['p_id', 'p_image_url'],
    admin_create_category: ['p_image_url'],
  },
} as const;

/** The lines of the `name: {` block (indented `indent` spaces) inside the `section: {` block of `lines`. */
function blockRange(lines: string[], section: string, name: string, indent: number): [number, number] {
  const sectionStart = lines.indexOf(`    ${section}: {`);
  const start = lines.findIndex(
    (line, index) => index > sectionStart && line === `${' '.repeat(indent)}${name}: {`,
  );
  if (sectionStart < 0 || start < 0)
    throw new Error(`gen-types post-step: no ${section}.${name} in the generated types`);
  const end = lines.findIndex((line, index) => index > start && line === `${' '.repeat(indent)}}`);
  return [start, end];
}

function applyDepartures(text: string): string {
  const lines = text.split('\n');
  for (const [table, columns] of Object.entries(DEPARTURES.filledByTrigger)) {
    const [start, end] = blockRange(lines, 'Tables', table, 6);
    const insert = lines.indexOf('        Insert: {', start);
    for (const column of columns) {
      const index = lines.findIndex(
        (line, i) => i > insert && i < end && line === `          ${column}: ${line.split(': ')[1]}`,
      );
      if (insert < 0 || insert > end || index < 0)
        throw new Error(`gen-types post-step: no ${table}.Insert.${column}`);
      lines[index] = lines[index]!.replace(`${column}: `, `${column}?: `);
    }
  }
  for (const [fn, args] of Object.entries(DEPARTURES.nullableArguments)) {
    const [start, end] = blockRange(lines, 'Functions', fn, 6);
    for (const arg of args) {
      const pattern = new RegExp(`\\b(${arg}\\??: )([^;\\n}]+?)(\\s*(;|$|\\}))`);
      const index = lines.findIndex((line, i) => i > start && i < end && pattern.test(line));
      if (index < 0) throw new Error(`gen-types post-step: no argument ${arg} of ${fn}`);
      lines[index] = lines[index]!.replace(pattern, '$1$2 | null$3');
    }
  }
  return lines.join('\n');
}

/**
 * The shop's post-step: a header saying where the file comes from, and the DEPARTURES above. Everything
 * else is exactly what the generator writes (the file is excluded from prettier and eslint).
 */
export function postProcess(generated: string): string {
  const header =
    "// Generated by `pnpm --filter @prepper/supabase gen-types`: Supabase's own generator\n" +
    '// (@supabase/postgres-meta, as `supabase gen types typescript --schema public`) against the schema the\n' +
    '// migrations build, plus the documented DEPARTURES of supabase/stack/gen-types.ts. Do not edit by hand.\n';
  return `${header}${applyDepartures(generated).trimEnd()}\n`;
}

/** The types of the database at `databaseUrl`, post-processed. */
export async function generateTypes(databaseUrl: string): Promise<string> {
  return postProcess(await runPostgresMeta(databaseUrl));
}

/**
 * CLI entry (`gen-types [output] [--stdout]`): builds a throwaway database from the migrations (or uses
 * DATABASE_URL as it is) and writes the types, by default to shared/src/database.types.ts.
 */
export async function main(argv: string[] = []): Promise<void> {
  const toStdout = argv.includes('--stdout');
  const output = resolve(argv.find((arg) => !arg.startsWith('--')) ?? defaultTypesFile);
  let text: string;
  if (process.env.DATABASE_URL) {
    text = await generateTypes(process.env.DATABASE_URL);
  } else {
    const { startStack } = await import('./index.ts');
    const dataDir = mkdtempSync(join(tmpdir(), 'supabase-gen-types-'));
    try {
      const stack = await startStack({ port: 0, dbPort: 0, dataDir, seed: false, log: () => undefined });
      try {
        if (!stack.dbUrl) throw new Error('The stack could not serve its database on a Postgres port');
        text = await generateTypes(stack.dbUrl);
      } finally {
        await stack.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (toStdout) {
    process.stdout.write(text);
    return;
  }
  writeFileSync(output, text);
  console.log(`[supabase] types written to ${output}`);
}
