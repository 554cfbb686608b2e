// The declarative schema (supabase/schemas/): the database as it should be now, one file per domain.
// The Supabase CLI reads the files in the order config.toml's `[db.migrations] schema_paths` lists them
// (globs allowed, each file once, first mention wins), else schemas/*.sql by name; so does this. The stack
// itself keeps applying migrations/ (what `supabase db push` applies to hosted projects): the schema files
// are built only into scratch databases, to check that both describe the same database.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parse } from 'smol-toml';
import type { Db } from './context.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `*` and `?` in the file-name part of a path; folders are taken literally. */
function expand(pattern: string): string[] {
  const name = basename(pattern);
  if (!/[*?]/.test(name)) return existsSync(pattern) ? [pattern] : [];
  const dir = dirname(pattern);
  if (!existsSync(dir)) return [];
  const source = name
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]');
  const matcher = new RegExp(`^${source}$`);
  return readdirSync(dir)
    .filter((file) => matcher.test(file))
    .sort()
    .map((file) => join(dir, file));
}

/** The schema files of `projectDir` (supabase/) in the order a fresh database needs them. */
export function schemaFiles(projectDir: string): string[] {
  const configFile = join(projectDir, 'config.toml');
  const config: Record<string, unknown> = existsSync(configFile)
    ? parse(readFileSync(configFile, 'utf8'))
    : {};
  const db = isRecord(config.db) ? config.db : {};
  const migrations = isRecord(db.migrations) ? db.migrations : {};
  const patterns = Array.isArray(migrations.schema_paths)
    ? migrations.schema_paths.filter((path): path is string => typeof path === 'string')
    : ['./schemas/*.sql'];
  const files: string[] = [];
  for (const pattern of patterns) {
    const matches = expand(resolve(projectDir, pattern));
    if (matches.length === 0) throw new Error(`config.toml's schema_paths: nothing matches ${pattern}`);
    for (const file of matches) if (!files.includes(file)) files.push(file);
  }
  return files;
}

/** Builds a database from the schema files: the stack's bootstrap, then each file in its own transaction. */
export async function applySchemaFiles(
  db: Db,
  options: { projectDir: string; bootstrapDir: string },
): Promise<string[]> {
  const bootstrap = readdirSync(options.bootstrapDir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  for (const file of bootstrap) {
    await db.transaction((tx) => tx.exec(readFileSync(join(options.bootstrapDir, file), 'utf8')));
  }
  const files = schemaFiles(options.projectDir);
  for (const file of files) {
    try {
      await db.transaction((tx) => tx.exec(readFileSync(file, 'utf8')));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`Schema file ${basename(file)} failed: ${message}`, { cause: error });
    }
  }
  return files;
}
