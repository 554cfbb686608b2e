// `pnpm db:dump`: a real pg_dump SQL dump of the local PGlite database (Debian's pg_dump 15 refuses
// PGlite's PostgreSQL 18). PGlite runs pg_dump 18 compiled to WebAssembly (@electric-sql/pglite-tools)
// in its own worker: a running stack does it between requests (GET /pg/v1/dump, service_role only);
// a stopped stack's data directory is opened here, under the stack's lock, and closed again.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { otherHolder, takeLock } from './lock.ts';
import { PgliteDb } from './pglite-engine.ts';

export interface DumpOptions {
  /** Only the schema (pg_dump --schema-only). */
  schemaOnly?: boolean;
}

export function pgDumpArgs(options: DumpOptions): string[] {
  return options.schemaOnly ? ['--schema-only'] : [];
}

/** Asks the stack running on `dataDir` (its runtime.json) for a dump. */
async function dumpRunningStack(dataDir: string, options: DumpOptions): Promise<string> {
  const runtime = JSON.parse(readFileSync(join(dataDir, 'runtime.json'), 'utf8')) as {
    url: string;
    serviceRoleKey: string;
  };
  const url = new URL('/pg/v1/dump', runtime.url);
  if (options.schemaOnly) url.searchParams.set('schema_only', 'true');
  const response = await fetch(url, { headers: { apikey: runtime.serviceRoleKey } });
  const body = await response.text();
  if (!response.ok) {
    let message = body;
    try {
      message = (JSON.parse(body) as { message?: string }).message ?? body;
    } catch {
      // not JSON: the text as it came
    }
    throw new Error(`The running stack could not dump its database (HTTP ${response.status}): ${message}`);
  }
  return body;
}

/** A dump of the PGlite database of `dataDir`, whether its stack is running or stopped. */
export async function dumpDataDir(dataDir: string, options: DumpOptions = {}): Promise<string> {
  if (otherHolder(dataDir)) return dumpRunningStack(dataDir, options);
  const pgDataDir = join(dataDir, 'pgdata');
  // Opening a missing directory would create (and dump) an empty database.
  if (!existsSync(join(pgDataDir, 'PG_VERSION'))) throw new Error(`No PGlite database in ${pgDataDir}`);
  const release = takeLock(dataDir);
  try {
    const db = await PgliteDb.open({ dataDir: pgDataDir });
    try {
      return await db.dump(pgDumpArgs(options));
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}
