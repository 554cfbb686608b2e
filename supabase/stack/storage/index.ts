// /storage/v1: Supabase Storage's object routes.
// - GET/HEAD /object/public/<bucket>/<path>: public reads, from the bucket's uploads folder and then the
//   project's shipped images (supabase/storage/<bucket>/...). No path can leave the storage folders.
// - POST/PUT/DELETE /object/<bucket>/...: authenticated uploads and deletes (objects.ts), decided by the
//   policies on storage.objects; POST /object/list/<bucket> lists one folder level (what the caller may see).
import { createReadStream } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbRole, JwtClaims, RouteHandler, StackContext } from '../context.ts';
import { BodyError, header, readJsonBody, sendJson } from '../http.ts';
import { JwtError } from '../keys.ts';
import { sniffContentType } from './content.ts';
import { sendStorageError, StorageError, storageErrors } from './errors.ts';
import { ObjectStore, type Caller, type ListOptions } from './objects.ts';

export const defaultStorageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'storage');

const publicPrefix = '/storage/v1/object/public/';
const objectPrefix = '/storage/v1/object/';

const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

function notFound(res: ServerResponse): void {
  sendJson(res, 404, { statusCode: '404', error: 'not_found', message: 'Object not found' });
}

/** Splits the object path into safe segments, or undefined when any segment could escape or is odd. */
export function safeSegments(rawPath: string): string[] | undefined {
  const segments = rawPath.split('/');
  const decoded: string[] = [];
  for (const segment of segments) {
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    if (value === '' || value === '.' || value === '..' || /[\\/\0]/.test(value) || value.startsWith('.')) {
      return undefined;
    }
    decoded.push(value);
  }
  return decoded.length >= 2 ? decoded : undefined;
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = new Uint8Array(1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The first existing regular file for the object in one of the bucket's folders. */
async function findFile(roots: readonly string[], segments: string[]): Promise<string | undefined> {
  for (const root of roots) {
    const rootReal = await realpath(root).catch(() => undefined);
    if (!rootReal) continue;
    const candidate = resolve(rootReal, join(...segments));
    if (!candidate.startsWith(rootReal + sep)) continue;
    const file = await realpath(candidate).catch(() => undefined);
    if (!file || !file.startsWith(rootReal + sep)) continue;
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile()) return file;
  }
  return undefined;
}

async function servePublic(
  roots: (bucket: string) => string[],
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const segments = safeSegments(url.pathname.slice(publicPrefix.length));
  if (!segments) return notFound(res);
  const [bucket, ...rest] = segments;
  const file = await findFile(roots(bucket!), rest);
  if (!file) return notFound(res);
  const info = await stat(file);

  // An uploaded image is served as what its bytes are (uploads are checked by content); other files by name.
  const sniffed = sniffContentType(await readHead(file));
  const byName = contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'Content-Type': sniffed && sniffed !== 'image/svg+xml' ? sniffed : byName,
    'Cache-Control': 'public, max-age=3600',
    ETag: etag,
    'Last-Modified': info.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    // Opened on its own (not as an <img>), a file can run nothing: no script, no plugin, a sandboxed page.
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  };
  if (header(req, 'if-none-match') === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': String(info.size) });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((resolveStream, reject) => {
    const stream = createReadStream(file);
    stream.on('error', reject);
    res.on('close', () => resolveStream());
    stream.pipe(res);
  });
}

/** The caller as Supabase's storage sees it: the Bearer JWT's role and claims, else the apikey's role. */
async function callerOf(ctx: StackContext, req: IncomingMessage, url: URL): Promise<Caller> {
  const authorization = header(req, 'authorization');
  const token = authorization
    ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1]
    : (header(req, 'apikey') ?? url.searchParams.get('apikey') ?? undefined);
  if (!token) throw storageErrors.jwt("headers must have required property 'authorization'");
  let claims: JwtClaims;
  try {
    claims = await ctx.keys.verifyJwt(token);
  } catch (error) {
    throw storageErrors.jwt(
      error instanceof JwtError && error.reason === 'expired' ? 'jwt expired' : 'invalid signature',
    );
  }
  const role = claims.role;
  if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') {
    throw storageErrors.jwt(`role "${String(role)}" is not allowed`);
  }
  return { role: role as DbRole, claims };
}

/** storage-api's list body: { prefix, limit (default 100), offset, search, sortBy: { column, order } }. */
function listOptions(body: unknown): ListOptions {
  const value = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const number = (raw: unknown, fallback: number, max: number) =>
    typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 ? Math.min(raw, max) : fallback;
  const sortBy = (typeof value.sortBy === 'object' && value.sortBy !== null ? value.sortBy : {}) as {
    order?: unknown;
  };
  return {
    prefix: typeof value.prefix === 'string' ? value.prefix : '',
    limit: number(value.limit, 100, 1000),
    offset: number(value.offset, 0, Number.MAX_SAFE_INTEGER),
    search: typeof value.search === 'string' ? value.search : '',
    order: sortBy.order === 'desc' ? 'desc' : 'asc',
  };
}

function routeNotFound(req: IncomingMessage, res: ServerResponse, url: URL): void {
  sendJson(res, 404, {
    statusCode: '404',
    error: 'Not Found',
    message: `Route ${req.method}:${url.pathname} not found`,
  });
}

async function serveObjects(
  ctx: StackContext,
  store: ObjectStore,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  const rest = url.pathname.slice(objectPrefix.length);
  const slash = rest.indexOf('/');
  let bucket: string;
  let name: string;
  try {
    bucket = decodeURIComponent(slash === -1 ? rest : rest.slice(0, slash));
    name = slash === -1 ? '' : decodeURIComponent(rest.slice(slash + 1));
  } catch {
    throw storageErrors.badRequest('Invalid path');
  }
  if (!bucket) return routeNotFound(req, res, url);
  if (method === 'POST' && bucket === 'list' && name !== '' && !name.includes('/')) {
    const caller = await callerOf(ctx, req, url);
    sendJson(res, 200, await store.list(caller, name, listOptions(await readOptionsBody(req))));
    return;
  }
  if (method === 'DELETE' && name === '') {
    const caller = await callerOf(ctx, req, url);
    const body = (await readOptionsBody(req)) as { prefixes?: unknown } | undefined;
    const prefixes = body?.prefixes;
    if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000) {
      throw storageErrors.badRequest('body/prefixes must be a list of 1 to 1000 object names');
    }
    const names = prefixes.filter((p): p is string => typeof p === 'string');
    sendJson(res, 200, await store.remove(caller, bucket, names));
    return;
  }
  if (name === '') return routeNotFound(req, res, url);
  if (method === 'POST' || method === 'PUT') {
    const caller = await callerOf(ctx, req, url);
    const mode = method === 'PUT' ? 'update' : header(req, 'x-upsert') === 'true' ? 'upsert' : 'create';
    sendJson(res, 200, await store.upload(caller, bucket, name, req, mode));
    return;
  }
  if (method === 'DELETE') {
    const caller = await callerOf(ctx, req, url);
    const removed = await store.remove(caller, bucket, [name]);
    if (removed.length === 0) throw storageErrors.notFound();
    sendJson(res, 200, { message: 'Successfully deleted' });
    return;
  }
  routeNotFound(req, res, url);
}

/**
 * A JSON body of options (list, remove): unreadable JSON counts as none, as storage-api's defaults
 * apply, but a body over the size limit is refused, never silently read as empty.
 */
async function readOptionsBody(req: IncomingMessage): Promise<unknown> {
  try {
    return await readJsonBody(req);
  } catch (error) {
    if (error instanceof BodyError && error.status === 413) throw storageErrors.tooLarge();
    return undefined;
  }
}

/**
 * `root`: the shipped images (a folder of bucket folders, default supabase/storage). Uploads go to each
 * bucket's folder (ctx.storageDir/<bucket>, or config.toml's objects_path), which public reads try first.
 */
export function createStorageHandler(ctx: StackContext, root: string = defaultStorageRoot): RouteHandler {
  const store = new ObjectStore(ctx);
  const roots = (bucket: string): string[] => {
    const uploads = store.dirFor(bucket);
    return uploads ? [uploads, join(root, bucket)] : [join(root, bucket)];
  };
  return async (req, res, url) => {
    try {
      const method = req.method ?? 'GET';
      if (url.pathname.startsWith(publicPrefix)) {
        if (method !== 'GET' && method !== 'HEAD') {
          sendJson(res, 405, {
            statusCode: '405',
            error: 'Method Not Allowed',
            message: 'Method Not Allowed',
          });
          return;
        }
        await servePublic(roots, req, res, url);
        return;
      }
      if (url.pathname.startsWith(objectPrefix)) {
        await serveObjects(ctx, store, req, res, url);
        return;
      }
      routeNotFound(req, res, url);
    } catch (error) {
      if (error instanceof StorageError) {
        if (!res.headersSent) sendStorageError(res, error);
        return;
      }
      console.error('[storage] unexpected error', error);
      if (!res.headersSent)
        sendJson(res, 500, { statusCode: '500', error: 'internal', message: 'Internal Server Error' });
      else res.destroy();
    }
  };
}
