// Brings a database up to date like the Supabase CLI: bootstrap, then migrations/*.sql in order
// (each once, in its own transaction, recorded in supabase_migrations.schema_migrations), then
// seed.sql once per database (recorded in supabase_migrations.seed_files).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Db } from './context.ts';

export interface MigrateOptions {
  /** supabase/ (holds migrations/ and seed.sql). */
  projectDir: string;
  /** stack/bootstrap with NN-name.sql files. */
  bootstrapDir: string;
  /** Base URL for image links the seed builds, set as app.storage_url. */
  publicUrl: string;
  /** Apply seed.sql on a brand-new database (default true). */
  seed?: boolean;
  log?: (message: string) => void;
}

export interface MigrateResult {
  fresh: boolean;
  applied: string[];
  seeded: boolean;
}

function sqlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => join(dir, file));
}

/**
 * Splits SQL into statements for the migration record, respecting quotes, dollar quotes and comments.
 * Execution never depends on it: each file runs as a whole.
 */
/**
 * The index just past a quoted string or identifier that opens at `start` (a doubled quote stays
 * inside it), so statement splitting and comparing skip semicolons and comment marks within quotes.
 */
export function quotedEnd(sql: string, start: number): number {
  const quote = sql[start];
  let j = start + 1;
  while (j < sql.length) {
    if (sql[j] === quote) {
      if (sql[j + 1] === quote) j += 2;
      else break;
    } else j += 1;
  }
  return j + 1;
}

export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    const next = sql[i + 1];
    if (ch === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      current += sql.slice(i, stop);
      i = stop;
      continue;
    }
    if (ch === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      current += sql.slice(i, stop);
      i = stop;
      continue;
    }
    if (ch === "'" || ch === '"') {
      const end = quotedEnd(sql, i);
      current += sql.slice(i, end);
      i = end;
      continue;
    }
    if (ch === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i));
      if (tag) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        const stop = end === -1 ? sql.length : end + tag[0].length;
        current += sql.slice(i, stop);
        i = stop;
        continue;
      }
    }
    if (ch === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
      i += 1;
      continue;
    }
    current += ch;
    i += 1;
  }
  if (current.trim()) statements.push(current.trim());
  return statements.filter((statement) => hasCode(statement));
}

/** False for a chunk that holds only comments and whitespace. */
function hasCode(statement: string): boolean {
  return (
    statement
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/--[^\n]*/g, '')
      .trim() !== ''
  );
}

export async function migrate(db: Db, options: MigrateOptions): Promise<MigrateResult> {
  const log = options.log ?? (() => undefined);
  const existing = await db.query<{ present: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as present`,
  );
  const fresh = !existing.rows[0]?.present;

  for (const file of sqlFiles(options.bootstrapDir)) {
    await db.transaction((tx) => tx.exec(readFileSync(file, 'utf8')));
  }

  const done = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const appliedBefore = new Set(done.rows.map((row) => row.version));
  const applied: string[] = [];
  for (const file of sqlFiles(join(options.projectDir, 'migrations'))) {
    const match = /^(\d+)_?(.*)\.sql$/.exec(basename(file));
    if (!match) throw new Error(`Migration file name must start with a version: ${basename(file)}`);
    const [, version = '', name = ''] = match;
    if (appliedBefore.has(version)) continue;
    const sql = readFileSync(file, 'utf8');
    log(`Applying migration ${basename(file)}`);
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, name, splitStatements(sql)],
        );
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`Migration ${basename(file)} failed: ${message}`, { cause: error });
    }
    applied.push(version);
  }

  // The seed is recorded like the CLI does; a database whose first start stopped before the seed
  // (interrupted mid-migration) still gets it on the next start instead of staying empty.
  const seedRecord = await db.query<{ present: boolean }>(
    `select exists (select 1 from supabase_migrations.seed_files where path = 'supabase/seed.sql') as present`,
  );
  const seedPending = !seedRecord.rows[0]?.present;
  let seeded = false;
  const seedFile = join(options.projectDir, 'seed.sql');
  if (seedPending && options.seed !== false && existsSync(seedFile)) {
    const sql = readFileSync(seedFile, 'utf8');
    log('Applying seed.sql');
    try {
      await db.transaction(async (tx) => {
        await tx.query(`select set_config('app.storage_url', $1, false)`, [options.publicUrl]);
        await tx.exec(sql);
        await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
          'supabase/seed.sql',
          createHash('sha256').update(sql).digest('hex'),
        ]);
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`seed.sql failed: ${message}`, { cause: error });
    }
    seeded = true;
  }
  if (applied.length > 0 || seeded) await refreshStatistics(db, log);
  return { fresh, applied, seeded };
}

/**
 * `VACUUM (ANALYZE)` after migrations or the seed changed the database: fresh planner statistics, and a
 * visibility map that makes index-only scans possible. PGlite has no autovacuum (without this,
 * `relallvisible` stays 0 and the planner never picks an index-only scan); on PostgreSQL it spares the
 * first requests the wait for autovacuum. Outside any transaction, as VACUUM must be.
 */
export async function refreshStatistics(
  db: Db,
  log: (message: string) => void = () => undefined,
): Promise<void> {
  const started = Date.now();
  // Not bounded by the requests' statement limit: at 100,000 products it takes longer on PostgreSQL.
  await db.maintenance('vacuum (analyze)');
  log(`Vacuumed and analyzed in ${Date.now() - started} ms`);
}

/** For DATABASE_URL: drops what migrations and the stack created so migrate() rebuilds from scratch. */
export async function dropEverything(db: Db): Promise<void> {
  await db.exec(`
    drop schema if exists supabase_migrations cascade;
    drop schema if exists storage cascade;
    drop schema if exists auth cascade;
    drop schema if exists public cascade;
    create schema public;
    grant usage on schema public to public;
  `);
}
