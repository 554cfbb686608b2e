// Small HTTP helpers shared by the stack's handlers: bounded bodies, JSON answers, CORS.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Largest request body accepted (1 MiB is plenty for a shop's admin forms). */
export const maxBodyBytes = 1024 * 1024;

/**
 * The gateway's cap on a declared body (server.ts capBody), for every route but Storage uploads (which
 * have Storage's file size limit). The same as the services' own readers, so the gateway refuses early
 * what they would refuse late.
 */
export const maxGatewayBodyBytes = maxBodyBytes;

/**
 * Deepest JSON nesting a body may have. Parsing is iterative, but re-serialising (JSON.stringify, the
 * SQL parameters) recurses and overflows the stack a few thousand levels down; no real body comes
 * near this.
 */
export const maxJsonDepth = 1000;

/** Whether `text` nests arrays or objects deeper than `limit` (a scan, no recursion, strings skipped). */
export function jsonNestedDeeperThan(text: string, limit: number = maxJsonDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* backslash */) i += 1;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) depth -= 1;
  }
  return false;
}

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'BodyError';
  }
}

/** Reads the whole body as UTF-8, refusing more than `limit` bytes (413). */
export function readBody(req: IncomingMessage, limit = maxBodyBytes): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > limit) {
      req.resume();
      reject(new BodyError(413, 'Payload Too Large'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new BodyError(413, 'Payload Too Large'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (error) => {
      if (!failed) {
        failed = true;
        reject(error);
      }
    });
  });
}

/** Parses a JSON body; an empty body gives undefined; broken JSON throws BodyError(400). */
export async function readJsonBody(req: IncomingMessage, limit = maxBodyBytes): Promise<unknown> {
  const text = await readBody(req, limit);
  if (text.trim() === '') return undefined;
  if (jsonNestedDeeperThan(text)) {
    throw new BodyError(400, `Empty or invalid json: nested deeper than ${maxJsonDepth} levels`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'invalid JSON';
    throw new BodyError(400, `Empty or invalid json: ${detail}`);
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendText(res, status, JSON.stringify(body), {
    'Content-Type': 'application/json; charset=utf-8',
    ...headers,
  });
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'Content-Length': String(Buffer.byteLength(text)), ...headers });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

export const corsAllowHeaders = [
  'authorization',
  'apikey',
  'content-type',
  'prefer',
  'range',
  'range-unit',
  'x-client-info',
  'accept-profile',
  'content-profile',
  'x-supabase-api-version',
  'accept',
];

export const corsExposeHeaders = ['Content-Range', 'Range', 'X-Total-Count', 'Content-Location', 'Location'];

/** Sets CORS headers when the request's Origin is allowed; answers preflights. Returns true when it answered. */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  allowedOrigins: ReadonlySet<string>,
): boolean {
  const origin = req.headers.origin;
  const allowed = typeof origin === 'string' && (allowedOrigins.has(origin) || allowedOrigins.has('*'));
  if (allowed) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Expose-Headers', corsExposeHeaders.join(', '));
  }
  res.setHeader('Vary', 'Origin');
  if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
    if (allowed) {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      // The documented list plus whatever else the browser asks for (Supabase's gateway allows any header).
      const requested = (header(req, 'access-control-request-headers') ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter((name) => /^[a-z0-9-]+$/.test(name) && !corsAllowHeaders.includes(name));
      res.setHeader('Access-Control-Allow-Headers', [...corsAllowHeaders, ...requested].join(', '));
      res.setHeader('Access-Control-Max-Age', '86400');
    }
    res.writeHead(allowed ? 204 : 403, { 'Content-Length': '0' });
    res.end();
    return true;
  }
  return false;
}

/** Reads a single header value (the first when repeated). */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
