// Buckets as config.toml declares them ([storage], [storage.buckets.<id>]): sizes, mime types and where
// each bucket's files live. `syncBuckets` writes them into storage.buckets on every start, as
// `supabase start` seeds buckets from the same file, so config.toml decides locally.
import { isAbsolute, join, resolve } from 'node:path';
import { projectDir } from '../config.ts';
import type { Queryable, StackConfig } from '../context.ts';

export interface BucketConfig {
  id: string;
  public: boolean;
  /** Bytes; the smaller of the bucket's and [storage]'s limit. */
  fileSizeLimit: number;
  /** Lower-case mime types; empty: any. */
  allowedMimeTypes: string[];
  /** Absolute folder of the bucket's files (config's objects_path, default storage/<id>). */
  objectsPath: string;
}

/** Supabase's default [storage] file_size_limit. */
const defaultGlobalLimit = 50 * 1024 * 1024;

const units: Record<string, number> = {
  '': 1,
  b: 1,
  kb: 1000,
  kib: 1024,
  mb: 1e6,
  mib: 1024 ** 2,
  gb: 1e9,
  gib: 1024 ** 3,
};

/** "1MiB" → 1048576, "500KB" → 500000, 2048 → 2048; undefined for anything else. */
export function parseSize(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const factor = match ? units[match[2]!.toLowerCase()] : undefined;
  return match && factor !== undefined ? Math.floor(Number(match[1]) * factor) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** [storage]'s file_size_limit: no upload may be larger, whatever its bucket says. */
export function globalFileSizeLimit(config: StackConfig): number {
  const storage = isRecord(config.raw.storage) ? config.raw.storage : {};
  return parseSize(storage.file_size_limit) ?? defaultGlobalLimit;
}

export function bucketsFromConfig(config: StackConfig, baseDir: string = projectDir): BucketConfig[] {
  const storage = isRecord(config.raw.storage) ? config.raw.storage : {};
  const globalLimit = globalFileSizeLimit(config);
  const buckets = isRecord(storage.buckets) ? storage.buckets : {};
  return Object.entries(buckets)
    .filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]))
    .map(([id, raw]) => {
      const own = parseSize(raw.file_size_limit);
      const path = typeof raw.objects_path === 'string' ? raw.objects_path : `./storage/${id}`;
      return {
        id,
        public: raw.public === true,
        fileSizeLimit: own === undefined ? globalLimit : Math.min(own, globalLimit),
        allowedMimeTypes: Array.isArray(raw.allowed_mime_types)
          ? raw.allowed_mime_types
              .filter((t): t is string => typeof t === 'string')
              .map((t) => t.toLowerCase())
          : [],
        objectsPath: isAbsolute(path) ? path : resolve(baseDir, path),
      };
    });
}

/** Where uploads of `bucket` are kept: `<storageDir>/<bucket>` when the stack has its own folder, else objects_path. */
export function objectsDir(bucket: BucketConfig, storageDir: string | undefined): string {
  return storageDir ? join(storageDir, bucket.id) : bucket.objectsPath;
}

/** Creates or updates each configured bucket's row (as the database owner). */
export async function syncBuckets(db: Queryable, config: StackConfig): Promise<void> {
  for (const bucket of bucketsFromConfig(config)) {
    await db.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ($1, $1, $2, $3, $4)
       on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
         allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
      [
        bucket.id,
        bucket.public,
        bucket.fileSizeLimit,
        bucket.allowedMimeTypes.length > 0 ? bucket.allowedMimeTypes : null,
      ],
    );
  }
}
