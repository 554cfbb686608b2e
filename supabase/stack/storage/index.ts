// /storage/v1/object/public/<bucket>/<path>: the project's shipped images (supabase/storage/<bucket>/...),
// served read-only like Supabase Storage's public objects. No path can leave the storage folder.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteHandler, StackContext } from '../context.ts';
import { header, sendJson } from '../http.ts';

export const defaultStorageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'storage');

const publicPrefix = '/storage/v1/object/public/';

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

async function serve(root: string, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendJson(res, 405, { statusCode: '405', error: 'Method Not Allowed', message: 'Method Not Allowed' });
    return;
  }
  if (!url.pathname.startsWith(publicPrefix)) {
    sendJson(res, 404, {
      statusCode: '404',
      error: 'Not Found',
      message: `Route ${req.method}:${url.pathname} not found`,
    });
    return;
  }
  const segments = safeSegments(url.pathname.slice(publicPrefix.length));
  if (!segments) return notFound(res);
  const rootReal = await realpath(root).catch(() => undefined);
  if (!rootReal) return notFound(res);
  const candidate = resolve(rootReal, join(...segments));
  if (!candidate.startsWith(rootReal + sep)) return notFound(res);
  const file = await realpath(candidate).catch(() => undefined);
  if (!file || !file.startsWith(rootReal + sep)) return notFound(res);
  const info = await stat(file).catch(() => undefined);
  if (!info || !info.isFile()) return notFound(res);

  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'Content-Type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': 'public, max-age=3600',
    ETag: etag,
    'Last-Modified': info.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
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

export function createStorageHandler(_ctx: StackContext, root: string = defaultStorageRoot): RouteHandler {
  return async (req, res, url) => {
    try {
      await serve(root, req, res, url);
    } catch (error) {
      console.error('[storage] unexpected error', error);
      if (!res.headersSent)
        sendJson(res, 500, { statusCode: '500', error: 'internal', message: 'Internal Server Error' });
      else res.destroy();
    }
  };
}
