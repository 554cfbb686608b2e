// Builds one scratch database from migrations/ and one from schemas/ and compares their catalogues
// (the schema-equality test and `pnpm db:schema-diff`). On PGlite both are in memory; with a PostgreSQL
// server URL each is a scratch database of its own on that server, dropped afterwards.
import type { Db } from './context.ts';
import { migrate } from './migrate.ts';
import { PgliteDb } from './pglite-engine.ts';
import { PostgresDb } from './postgres-engine.ts';
import { diffCatalogues, readCatalogue, type Catalogue } from './schema-catalogue.ts';
import { applySchemaFiles } from './schema-files.ts';
import { createScratchDatabase } from './scratch-database.ts';

export interface SchemaCheckOptions {
  /** supabase/ (config.toml, migrations/, schemas/). */
  projectDir: string;
  bootstrapDir: string;
  /** A PostgreSQL server whose role may create databases; default: PGlite in memory. */
  serverUrl?: string | undefined;
}

export interface SchemaCheckResult {
  engine: 'pglite' | 'postgres';
  fromMigrations: Catalogue;
  fromSchemas: Catalogue;
  /** One paragraph per object that differs; empty when migrations/ and schemas/ agree. */
  differences: string[];
}

/** Long enough for the longest migration on a loaded machine; these databases serve no requests. */
const buildTimeoutMs = 120_000;

async function withScratchDb<T>(serverUrl: string | undefined, fn: (db: Db) => Promise<T>): Promise<T> {
  if (!serverUrl) {
    const db = await PgliteDb.open({ dataDir: 'memory://', statementTimeoutMs: buildTimeoutMs });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  }
  const scratch = await createScratchDatabase(serverUrl);
  try {
    const db = await PostgresDb.open({
      databaseUrl: scratch.url,
      poolSize: 1,
      statementTimeoutMs: buildTimeoutMs,
    });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  } finally {
    await scratch.drop();
  }
}

export async function checkSchemaFiles(options: SchemaCheckOptions): Promise<SchemaCheckResult> {
  const { projectDir, bootstrapDir, serverUrl } = options;
  const fromMigrations = await withScratchDb(serverUrl, async (db) => {
    await migrate(db, { projectDir, bootstrapDir, publicUrl: 'http://localhost', seed: false });
    return readCatalogue(db);
  });
  const fromSchemas = await withScratchDb(serverUrl, async (db) => {
    await applySchemaFiles(db, { projectDir, bootstrapDir });
    return readCatalogue(db);
  });
  return {
    engine: serverUrl ? 'postgres' : 'pglite',
    fromMigrations,
    fromSchemas,
    differences: diffCatalogues(fromMigrations, fromSchemas, ['migrations/', 'schemas/']),
  };
}
