// The stack's one HTTP server: an API gateway like the hosted one (Kong in front of PostgREST, GoTrue
// and Storage). A request passes one middleware chain, top to bottom, in the order the hosted gateway
// applies them:
//
//   1. answerErrors  the last word on anything a later step throws: a JSON 500, never a stack trace
//   2. cors          the cors plugin: headers on every answer, preflights answered here
//   3. parseUrl      a request line that is not a URL is a 400
//   4. capBody       nginx's client_max_body_size: a declared body over the limit is a 413 before
//                    any route, key or service sees it
//   5. matchRoute    Kong's routes: /rest/v1, /auth/v1, /storage/v1, /functions/v1, /mailbox, and the
//                    stack's own /health and /pg/v1/dump; anything else is 404 "no Route matched"
//   6. checkApiKey   the key-auth plugin: an anon or service_role `apikey` (header or ?apikey=), except
//                    on the paths a browser opens without headers and on /functions/v1, which (as
//                    hosted) has no key-auth: the functions runtime checks the JWT itself (verify_jwt)
//   7. jwtRole       PostgREST's JWT step (for /rest/v1): `Authorization: Bearer` decides the role
//   8. dispatch      the upstream service
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createAuthHandler } from './auth/index.ts';
import { type FunctionsRunner, sendFunctionError } from './functions/runner.ts';
import type { DbRole, JwtClaims, RouteHandler, StackContext } from './context.ts';
import { pgDumpArgs } from './db-dump.ts';
import { applyCors, header, maxGatewayBodyBytes, sendJson } from './http.ts';
import { JwtError } from './keys.ts';
import { createMailboxHandler } from './mailbox/index.ts';
import { PgliteDb } from './pglite-engine.ts';
import type { RestHandler, RequestAuth } from './rest/handler.ts';
import { globalFileSizeLimit } from './storage/buckets.ts';
import { createStorageHandler } from './storage/index.ts';

export interface ServerOptions {
  ctx: StackContext;
  rest: RestHandler;
  corsOrigins: readonly string[];
  /** The Edge Functions runtime behind /functions/v1 (none: every function is 404). */
  functions?: FunctionsRunner | null;
}

type Area = 'rest' | 'auth' | 'storage' | 'functions' | 'mailbox' | 'health' | 'dump';

/** What the chain learns about a request as it passes. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  url: URL;
  area: Area;
  /** The role of the `apikey` (set by checkApiKey; null on open paths). */
  keyRole: DbRole | null;
  /** The database role and claims /rest/v1 runs with (set by jwtRole). */
  auth: RequestAuth | null;
}

type Next = () => Promise<void>;
type Middleware = (exchange: Exchange, next: Next) => Promise<void>;

const apiRoles: readonly DbRole[] = ['anon', 'authenticated', 'service_role'];

/** Multipart framing around an uploaded file (storage-api reads the file out of it). */
const multipartSlack = 64 * 1024;

function invalidApiKey(res: ServerResponse): void {
  sendJson(res, 401, {
    message: 'Invalid API key',
    hint: 'Double check your Supabase `anon` or `service_role` API key.',
  });
}

function noRoute(res: ServerResponse): void {
  sendJson(res, 404, { message: 'no Route matched with those values' });
}

/** Paths a browser opens without headers, like Supabase's gateway lets through. */
function isOpenPath(method: string, path: string): boolean {
  if (path === '/auth/v1/health' || path === '/auth/v1/settings') return true;
  if (path === '/auth/v1/verify' && (method === 'GET' || method === 'HEAD')) return true;
  if (path.startsWith('/storage/v1/object/public/') && (method === 'GET' || method === 'HEAD')) return true;
  return false;
}

/** An object upload (POST/PUT /storage/v1/object/<bucket>/<name>), whose limit is Storage's file size limit. */
function isUpload(method: string, path: string): boolean {
  if (method !== 'POST' && method !== 'PUT') return false;
  const rest = /^\/storage\/v1\/object\/([^/]+)\/(.+)$/.exec(path);
  return rest !== null && rest[1] !== 'list' && rest[1] !== 'public';
}

function areaOf(path: string): Area | null {
  if (path.startsWith('/rest/v1')) return 'rest';
  if (path.startsWith('/auth/v1')) return 'auth';
  if (path.startsWith('/storage/v1')) return 'storage';
  if (path.startsWith('/functions/v1/')) return 'functions';
  if (path.startsWith('/mailbox')) return 'mailbox';
  if (path === '/' || path === '/health') return 'health';
  if (path === '/pg/v1/dump') return 'dump';
  return null;
}

/** Runs the middlewares in order; each decides whether to call the next. */
function compose(chain: readonly Middleware[]): (exchange: Exchange) => Promise<void> {
  return (exchange) => {
    const step = (index: number): Promise<void> =>
      index < chain.length ? chain[index]!(exchange, () => step(index + 1)) : Promise.resolve();
    return step(0);
  };
}

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** The gateway's request listener; index.ts mounts it on the loopback servers. */
export function createStackListener(options: ServerOptions): RequestListener {
  const { ctx, rest } = options;
  const origins = new Set(options.corsOrigins);
  const services: Record<'auth' | 'storage' | 'mailbox', RouteHandler> = {
    auth: createAuthHandler(ctx),
    storage: createStorageHandler(ctx),
    mailbox: createMailboxHandler(ctx),
  };
  const uploadLimit = globalFileSizeLimit(ctx.config) + multipartSlack;

  async function keyRoleOf(req: IncomingMessage, url: URL): Promise<DbRole | null> {
    const key = header(req, 'apikey') ?? url.searchParams.get('apikey') ?? undefined;
    if (!key) return null;
    try {
      const claims = await ctx.keys.verifyJwt(key);
      return claims.role === 'anon' || claims.role === 'service_role' ? claims.role : null;
    } catch {
      return null;
    }
  }

  const answerErrors: Middleware = async ({ res }, next) => {
    try {
      await next();
    } catch (error) {
      console.error('[stack] request failed', error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      else res.end();
    }
  };

  const cors: Middleware = async ({ req, res }, next) => {
    if (applyCors(req, res, origins)) return;
    await next();
  };

  const parseUrl: Middleware = async (exchange, next) => {
    try {
      exchange.url = new URL(exchange.req.url ?? '/', 'http://localhost');
    } catch {
      sendJson(exchange.res, 400, { message: 'Bad request' });
      return;
    }
    await next();
  };

  // Only the declared length can be judged before reading; a chunked body is counted by the service's
  // own bounded reader (http.ts readBody, Storage's upload reader), with the same limits.
  const capBody: Middleware = async ({ req, res, method, url }, next) => {
    const declared = Number(header(req, 'content-length') ?? '0');
    const limit = isUpload(method, url.pathname) ? uploadLimit : maxGatewayBodyBytes;
    if (Number.isFinite(declared) && declared > limit) {
      // Kong's own answer; the connection closes, so the unread body does not linger.
      res.setHeader('Connection', 'close');
      sendJson(res, 413, {
        message: 'Payload too large',
        hint: `Request bodies are limited to ${limit} bytes (${declared} declared).`,
      });
      req.resume();
      return;
    }
    await next();
  };

  const matchRoute: Middleware = async (exchange, next) => {
    const area = areaOf(exchange.url.pathname);
    if (area === null) {
      noRoute(exchange.res);
      return;
    }
    exchange.area = area;
    await next();
  };

  const checkApiKey: Middleware = async (exchange, next) => {
    const { req, res, method, url, area } = exchange;
    if (area === 'health' || area === 'functions' || isOpenPath(method, url.pathname)) {
      await next();
      return;
    }
    exchange.keyRole = await keyRoleOf(req, url);
    if (exchange.keyRole === null) {
      invalidApiKey(res);
      return;
    }
    await next();
  };

  const jwtRole: Middleware = async (exchange, next) => {
    if (exchange.area !== 'rest' || exchange.keyRole === null) {
      await next();
      return;
    }
    const { req, res, keyRole } = exchange;
    let claims: JwtClaims = { role: keyRole };
    let role: DbRole = keyRole;
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
    exchange.auth = { role, claims };
    await next();
  };

  const dispatch: Middleware = async ({ req, res, url, area, keyRole, auth }) => {
    switch (area) {
      case 'health':
        sendJson(res, 200, { status: 'ok', url: ctx.publicUrl });
        return;
      case 'functions':
        if (options.functions) await options.functions.handle(req, res, url);
        else sendFunctionError(res, 404, 'NOT_FOUND', 'Requested function was not found');
        return;
      case 'dump':
        await dumpDatabase(req, res, url, keyRole);
        return;
      case 'rest':
        // /rest/v1 has no open path: without a key the chain stopped at checkApiKey.
        if (!auth) invalidApiKey(res);
        else await rest.handle(req, res, url, auth);
        return;
      default:
        await services[area](req, res, url);
    }
  };

  /** GET /pg/v1/dump[?schema_only=true]: pg_dump's SQL of the PGlite database (service_role key only). */
  async function dumpDatabase(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    keyRole: DbRole | null,
  ): Promise<void> {
    if (keyRole !== 'service_role') {
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

  const gateway = compose([
    answerErrors,
    cors,
    parseUrl,
    capBody,
    matchRoute,
    checkApiKey,
    jwtRole,
    dispatch,
  ]);

  return (req, res) => {
    const exchange: Exchange = {
      req,
      res,
      method: req.method ?? 'GET',
      url: new URL('http://localhost/'),
      area: 'health',
      keyRole: null,
      auth: null,
    };
    void gateway(exchange);
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
