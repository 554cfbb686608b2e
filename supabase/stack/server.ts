// The stack's one HTTP server: an API gateway like Supabase's (apikey check, CORS, JWT -> role) in front
// of /rest/v1 and the handlers the auth colleague provides (/auth/v1, /storage/v1, /mailbox).
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stackDir } from './config.ts';
import type { DbRole, HandlerFactory, JwtClaims, RouteHandler, StackContext } from './context.ts';
import { applyCors, header, sendJson } from './http.ts';
import { JwtError } from './keys.ts';
import { pgDumpArgs } from './db-dump.ts';
import { PgliteDb } from './pglite-engine.ts';
import type { RestHandler } from './rest/handler.ts';

export interface ServerOptions {
  ctx: StackContext;
  rest: RestHandler;
  corsOrigins: readonly string[];
  /** Where ./auth, ./storage, ./mailbox live (tests may point elsewhere). */
  handlersDir?: string;
}

const apiRoles: readonly DbRole[] = ['anon', 'authenticated', 'service_role'];

/** Loads `<dir>/<name>/index.ts` and calls its factory; missing or broken modules give null (404). */
async function loadHandler(
  dir: string,
  name: string,
  exportName: string,
  ctx: StackContext,
): Promise<RouteHandler | null> {
  const file = join(dir, name, 'index.ts');
  if (!existsSync(file)) return null;
  try {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const factory = module[exportName];
    if (typeof factory !== 'function') {
      console.error(`[stack] ${file} does not export ${exportName}`);
      return null;
    }
    return (factory as HandlerFactory)(ctx);
  } catch (error) {
    console.error(`[stack] could not load ${file}:`, error);
    return null;
  }
}

function invalidApiKey(res: ServerResponse): void {
  sendJson(res, 401, {
    message: 'Invalid API key',
    hint: 'Double check your Supabase `anon` or `service_role` API key.',
  });
}

/** Paths a browser opens without headers, like Supabase's gateway lets through. */
function isOpenPath(method: string, path: string): boolean {
  if (path === '/auth/v1/health' || path === '/auth/v1/settings') return true;
  if (path === '/auth/v1/verify' && (method === 'GET' || method === 'HEAD')) return true;
  if (path.startsWith('/storage/v1/object/public/') && (method === 'GET' || method === 'HEAD')) return true;
  return false;
}

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** The gateway's request listener; index.ts mounts it on the loopback servers. */
export async function createStackListener(options: ServerOptions): Promise<RequestListener> {
  const { ctx, rest } = options;
  const dir = options.handlersDir ?? stackDir;
  const origins = new Set(options.corsOrigins);
  const handlers = {
    auth: await loadHandler(dir, 'auth', 'createAuthHandler', ctx),
    storage: await loadHandler(dir, 'storage', 'createStorageHandler', ctx),
    mailbox: await loadHandler(dir, 'mailbox', 'createMailboxHandler', ctx),
  };

  async function apiKeyRole(req: IncomingMessage, url: URL): Promise<DbRole | null> {
    const key = header(req, 'apikey') ?? url.searchParams.get('apikey') ?? undefined;
    if (!key) return null;
    try {
      const claims = await ctx.keys.verifyJwt(key);
      return claims.role === 'anon' || claims.role === 'service_role' ? claims.role : null;
    } catch {
      return null;
    }
  }

  /** GET /pg/v1/dump[?schema_only=true]: pg_dump's SQL of the PGlite database (service_role key only). */
  async function dumpDatabase(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if ((await apiKeyRole(req, url)) !== 'service_role') {
      invalidApiKey(res);
      return;
    }
    if (req.method !== 'GET') {
      sendJson(res, 405, { message: 'Use GET' }, { Allow: 'GET' });
      return;
    }
    if (!(ctx.db instanceof PgliteDb)) {
      sendJson(res, 400, {
        message:
          'This stack runs on PostgreSQL (DATABASE_URL): run pg_dump against that server or port 54322',
      });
      return;
    }
    const sql = await ctx.db.dump(pgDumpArgs({ schemaOnly: url.searchParams.get('schema_only') === 'true' }));
    res.writeHead(200, { 'Content-Type': 'application/sql; charset=utf-8' });
    res.end(sql);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (applyCors(req, res, origins)) return;
    const method = req.method ?? 'GET';
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      sendJson(res, 400, { message: 'Bad request' });
      return;
    }
    const path = url.pathname;
    const area = path.startsWith('/rest/v1')
      ? 'rest'
      : path.startsWith('/auth/v1')
        ? 'auth'
        : path.startsWith('/storage/v1')
          ? 'storage'
          : path.startsWith('/mailbox')
            ? 'mailbox'
            : null;
    if (area === null) {
      if (path === '/pg/v1/dump') {
        await dumpDatabase(req, res, url);
        return;
      }
      if (path === '/' || path === '/health') {
        sendJson(res, 200, { status: 'ok', url: ctx.publicUrl });
        return;
      }
      sendJson(res, 404, { message: 'no Route matched with those values' });
      return;
    }

    if (!isOpenPath(method, path)) {
      const keyRole = await apiKeyRole(req, url);
      if (keyRole === null) {
        invalidApiKey(res);
        return;
      }
      if (area === 'rest') {
        let role: DbRole = keyRole;
        let claims: JwtClaims = { role: keyRole };
        const authorization = header(req, 'authorization');
        if (authorization !== undefined) {
          const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
          if (!match) {
            sendJson(res, 401, {
              code: 'PGRST301',
              details: null,
              hint: null,
              message: 'No suitable key or wrong key type',
            });
            return;
          }
          try {
            claims = await ctx.keys.verifyJwt(match[1]!);
          } catch (error) {
            const expired = error instanceof JwtError && error.reason === 'expired';
            sendJson(
              res,
              401,
              {
                code: expired ? 'PGRST303' : 'PGRST301',
                details: null,
                hint: null,
                message: expired ? 'JWT expired' : error instanceof Error ? error.message : 'invalid JWT',
              },
              {
                'WWW-Authenticate': `Bearer error="invalid_token", error_description="${expired ? 'JWT expired' : 'invalid JWT'}"`,
              },
            );
            return;
          }
          const claimed = typeof claims.role === 'string' ? claims.role : keyRole;
          if (!(apiRoles as readonly string[]).includes(claimed)) {
            sendJson(res, 401, {
              code: 'PGRST301',
              details: null,
              hint: null,
              message: `permission denied to set role "${claimed}"`,
            });
            return;
          }
          role = claimed as DbRole;
        }
        await rest.handle(req, res, url, { role, claims });
        return;
      }
    }

    if (area === 'rest') {
      invalidApiKey(res);
      return;
    }
    const handler = handlers[area];
    if (!handler) {
      sendJson(res, 404, { message: 'no Route matched with those values' });
      return;
    }
    await handler(req, res, url);
  }

  return (req, res) => {
    route(req, res).catch((error: unknown) => {
      console.error('[stack] request failed', error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      else res.end();
    });
  };
}

/** A node:http server around the listener that never lets a broken client crash the process. */
export function createHttpServer(listener: RequestListener): Server {
  const server = createServer(listener);
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  server.keepAliveTimeout = 5000;
  return server;
}
