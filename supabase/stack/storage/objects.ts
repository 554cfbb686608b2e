// Authenticated object writes, along Supabase Storage API's routes and answers:
//   POST   /storage/v1/object/<bucket>/<name>   upload (x-upsert: true replaces an existing object)
//   PUT    /storage/v1/object/<bucket>/<name>   replace an existing object
//   DELETE /storage/v1/object/<bucket>/<name>   delete one object
//   DELETE /storage/v1/object/<bucket>          { prefixes: [names] }: delete several, answers the deleted rows
//   POST   /storage/v1/object/list/<bucket>     { prefix, limit, offset, search, sortBy }: one folder level
// The body is multipart/form-data (supabase-js sends a Blob/File that way) or the raw file with its
// Content-Type. Size and type are checked first (the bucket's limits; the type from the content's first
// bytes). The storage.objects row is then written as the caller's role with the JWT claims set, so the
// policies on storage.objects decide, and only after the row is in does the file replace the old one.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { dirname, join, resolve, sep } from 'node:path';
import type { DbRole, JwtClaims, StackContext } from '../context.ts';
import { header } from '../http.ts';
import { bucketsFromConfig, objectsDir, type BucketConfig } from './buckets.ts';
import { sniffContentType } from './content.ts';
import { StorageError, storageErrors } from './errors.ts';

export interface Caller {
  role: DbRole;
  claims: JwtClaims;
}

interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

/** Keys storage-api accepts (its isValidKey), without empty, dot or dot-dot segments. */
const validKey = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

export function validObjectName(name: string): boolean {
  if (!name || name.length > 1024 || !validKey.test(name)) return false;
  return name.split('/').every((segment) => segment !== '' && !segment.startsWith('.'));
}

/** Reads up to `limit` bytes; beyond it keeps draining (up to 64 MiB) so the client gets the answer. */
function readLimited(req: IncomingMessage, limit: number): Promise<{ body: Buffer; tooLarge: boolean }> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        if (size > 64 * 1024 * 1024) req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolveBody({ body: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge }));
    req.on('error', reject);
  });
}

/** The file and its declared type from a multipart form (the first file part) or a raw body. */
async function readUpload(
  req: IncomingMessage,
  limit: number,
): Promise<{ data: Uint8Array; declared: string; cacheControl: string }> {
  const contentType = header(req, 'content-type') ?? '';
  const multipart = /^multipart\/form-data/i.test(contentType);
  const { body, tooLarge } = await readLimited(req, multipart ? limit + 64 * 1024 : limit);
  if (tooLarge) throw storageErrors.tooLarge();
  if (!multipart) {
    return {
      data: body,
      declared: contentType.split(';')[0]!.trim().toLowerCase() || 'application/octet-stream',
      cacheControl: header(req, 'cache-control')?.replace(/^max-age=/, '') ?? '3600',
    };
  }
  let form: FormData;
  try {
    // A copy on its own ArrayBuffer: the DOM typings of the packages that import this (e2e) take no
    // Buffer, whose memory may be shared, as a fetch body. Bodies are capped at the upload limit.
    const bytes = new Uint8Array(body);
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw storageErrors.badRequest('The multipart body could not be read');
  }
  let file: File | undefined;
  form.forEach((value) => {
    if (!file && typeof value !== 'string') file = value;
  });
  if (!file) throw storageErrors.badRequest('No file in the multipart body');
  if (file.size > limit) throw storageErrors.tooLarge();
  const cacheControl = form.get('cacheControl');
  return {
    data: new Uint8Array(await file.arrayBuffer()),
    declared: (file.type.split(';')[0] ?? '').trim().toLowerCase() || 'application/octet-stream',
    cacheControl: typeof cacheControl === 'string' ? cacheControl : '3600',
  };
}

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  search: string;
  order: 'asc' | 'desc';
}

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: unknown;
}

function isRlsError(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === '42501';
}

export class ObjectStore {
  constructor(private readonly ctx: StackContext) {}

  private configFor(bucket: string): BucketConfig | undefined {
    return bucketsFromConfig(this.ctx.config).find((b) => b.id === bucket);
  }

  /** The folder of a configured bucket's uploads (undefined for buckets config.toml does not declare). */
  dirFor(bucket: string): string | undefined {
    const config = this.configFor(bucket);
    return config ? resolve(objectsDir(config, this.ctx.storageDir)) : undefined;
  }

  private async bucket(id: string): Promise<BucketRow & { dir: string }> {
    const rows = (
      await this.ctx.db.query<BucketRow>(
        `select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`,
        [id],
      )
    ).rows;
    const dir = this.dirFor(id);
    if (!rows[0] || !dir) throw storageErrors.noBucket();
    return { ...rows[0], dir };
  }

  private fileFor(dir: string, name: string): string {
    const file = resolve(dir, ...name.split('/'));
    if (!file.startsWith(dir + sep)) throw storageErrors.invalidKey(name);
    return file;
  }

  async upload(
    caller: Caller,
    bucketId: string,
    name: string,
    req: IncomingMessage,
    mode: 'create' | 'upsert' | 'update',
  ): Promise<{ Id: string; Key: string }> {
    if (!validObjectName(name)) throw storageErrors.invalidKey(name);
    const bucket = await this.bucket(bucketId);
    const limit = bucket.file_size_limit === null ? Number.MAX_SAFE_INTEGER : Number(bucket.file_size_limit);
    const upload = await readUpload(req, limit);
    const allowed = bucket.allowed_mime_types ?? [];
    if (allowed.length > 0 && !allowed.includes(upload.declared)) throw storageErrors.mime(upload.declared);
    const sniffed = sniffContentType(upload.data.subarray(0, 1024));
    if (sniffed === 'image/svg+xml' && !allowed.includes(sniffed)) throw storageErrors.mime(sniffed);
    if (allowed.length > 0 && (!sniffed || !allowed.includes(sniffed)))
      throw storageErrors.content(upload.declared);
    const mimetype = sniffed ?? upload.declared;

    const file = this.fileFor(bucket.dir, name);
    await mkdir(dirname(file), { recursive: true });
    const temp = join(dirname(file), `.upload-${randomUUID()}`);
    await writeFile(temp, upload.data);
    const version = randomUUID();
    const metadata = {
      eTag: `"${version}"`,
      size: upload.data.length,
      mimetype,
      cacheControl: `max-age=${upload.cacheControl}`,
      lastModified: new Date().toUTCString(),
      contentLength: upload.data.length,
      httpStatusCode: 200,
    };
    const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
    const owner = sub && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null;
    try {
      const id = await this.ctx.db.withRequestContext(caller.claims, caller.role, async (tx) => {
        const values = [bucketId, name, owner, sub, JSON.stringify(metadata), version];
        const sql =
          mode === 'update'
            ? `update storage.objects set owner = $3, owner_id = $4, metadata = $5::jsonb, version = $6,
                 updated_at = now(), last_accessed_at = now()
               where bucket_id = $1 and name = $2 returning id`
            : `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
               values ($1, $2, $3, $4, $5::jsonb, $6)
               ${
                 mode === 'upsert'
                   ? `on conflict (bucket_id, name) do update set owner = excluded.owner,
                        owner_id = excluded.owner_id, metadata = excluded.metadata, version = excluded.version,
                        updated_at = now(), last_accessed_at = now()`
                   : ''
               }
               returning id`;
        const rows = (await tx.query<{ id: string }>(sql, values)).rows;
        if (!rows[0]) throw mode === 'update' ? storageErrors.notFound() : storageErrors.rls();
        // The file replaces the old one only once the row is in; a failed commit removes it below.
        await rename(temp, file);
        return rows[0].id;
      });
      return { Id: id, Key: `${bucketId}/${name}` };
    } catch (error) {
      await rm(temp, { force: true });
      if (error instanceof StorageError) throw error;
      if (isRlsError(error)) throw storageErrors.rls();
      if ((error as { code?: string }).code === '23505') throw storageErrors.duplicate();
      throw error;
    }
  }

  /**
   * One folder level under `prefix`, as storage-api's list answers it: a sub-folder as `{ name, id: null }`,
   * a file with its row. The rows are read as the caller, so the select policies decide what is seen.
   */
  async list(caller: Caller, bucketId: string, options: ListOptions): Promise<ListEntry[]> {
    await this.bucket(bucketId);
    const folder = options.prefix.replace(/^\/+|\/+$/g, '');
    const base = folder ? `${folder}/` : '';
    const pattern = `${base.replace(/[\\%_]/g, '\\$&')}%`;
    const rows = await this.ctx.db.withRequestContext(caller.claims, caller.role, async (tx) => {
      return (
        await tx.query<ListEntry>(
          `select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects
           where bucket_id = $1 and name like $2 order by name`,
          [bucketId, pattern],
        )
      ).rows;
    });
    const entries: ListEntry[] = [];
    const folders = new Set<string>();
    for (const row of rows) {
      const rest = row.name.slice(base.length);
      const slash = rest.indexOf('/');
      const name = slash === -1 ? rest : rest.slice(0, slash);
      if (options.search && !name.toLowerCase().includes(options.search.toLowerCase())) continue;
      if (slash === -1) entries.push({ ...row, name });
      else if (!folders.has(name)) {
        folders.add(name);
        entries.push({
          name,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        });
      }
    }
    const descending = options.order === 'desc';
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) * (descending ? -1 : 1));
    return entries.slice(options.offset, options.offset + options.limit);
  }

  /** Deletes the named objects the caller's policies let it delete; answers their rows (others are left). */
  async remove(caller: Caller, bucketId: string, names: string[]): Promise<Record<string, unknown>[]> {
    const bucket = await this.bucket(bucketId);
    const valid = names.filter(validObjectName);
    if (valid.length === 0) return [];
    const rows = await this.ctx.db.withRequestContext(caller.claims, caller.role, async (tx) => {
      try {
        return (
          await tx.query<Record<string, unknown>>(
            `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
             returning name, id, bucket_id, owner, owner_id, version, created_at, updated_at, last_accessed_at, metadata`,
            [bucketId, valid],
          )
        ).rows;
      } catch (error) {
        if (isRlsError(error)) return [];
        throw error;
      }
    });
    for (const row of rows) {
      await rm(this.fileFor(bucket.dir, String(row.name)), { force: true });
    }
    return rows;
  }
}
