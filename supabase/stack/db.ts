// The database behind the stack: embedded PGlite persisted on disk (in a worker thread, see
// pglite-engine.ts), or a real PostgreSQL behind a connection pool (DATABASE_URL, postgres-engine.ts).
import type { Db } from './context.ts';
import { PgliteDb } from './pglite-engine.ts';
import { PostgresDb } from './postgres-engine.ts';

export { PgliteDb } from './pglite-engine.ts';
export { PostgresDb } from './postgres-engine.ts';

export interface OpenDbOptions {
  /** PGlite's data directory (created when missing); `memory://` keeps the database in memory. */
  pgDataDir: string;
  /** A postgres:// URL: use that server instead of PGlite. */
  databaseUrl?: string | undefined;
  /** The longest one statement of a request may run (default 5 s). */
  statementTimeoutMs?: number;
  log?: (message: string) => void;
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  const statementTimeoutMs = options.statementTimeoutMs;
  if (options.databaseUrl) {
    return PostgresDb.open({
      databaseUrl: options.databaseUrl,
      ...(statementTimeoutMs ? { statementTimeoutMs } : {}),
    });
  }
  return PgliteDb.open({
    dataDir: options.pgDataDir,
    ...(statementTimeoutMs ? { statementTimeoutMs } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
}
