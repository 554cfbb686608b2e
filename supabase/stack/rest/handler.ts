// /rest/v1: PostgREST's HTTP interface in its four stages — request (request.ts: HTTP to a typed
// ApiRequest), plan (plan.ts: resolved against the schema cache), SQL (sql.ts: one statement) and
// response (response.ts: status and headers). Each request runs in one transaction as the JWT's role
// with its claims set, so row-level security decides.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db, DbRole, JwtClaims, Queryable } from '../context.ts';
import { isStatementTimeout } from '../db-transaction.ts';
import { sendJson, sendText } from '../http.ts';
import { RestError, toRestError } from './errors.ts';
import { planRequest, type Plan } from './plan.ts';
import { readApiRequest, type ApiRequest } from './request.ts';
import { checkResponseSize, limitStatement, type LimitedRow } from './response-limit.ts';
import { callResponse, mutateResponse, readResponse, type RestResponse } from './response.ts';
import { loadSchemaCache, type SchemaCache } from './schema.ts';
import { callStatement, mutateStatement, readStatement, type ResultRow, type Statement } from './sql.ts';

export interface RequestAuth {
  role: DbRole;
  claims: JwtClaims;
}

export interface RestHandler {
  handle(req: IncomingMessage, res: ServerResponse, url: URL, auth: RequestAuth): Promise<void>;
  /** Re-reads the catalog (after migrations or DDL). */
  reload(): Promise<void>;
}

/** Codes of errors that may come from a stale schema cache (DDL since the last load). */
const staleCodes = ['PGRST205', 'PGRST202', 'PGRST200', '42703', 'PGRST204'];

function statementFor(cache: SchemaCache, plan: Plan): Statement {
  if (plan.kind === 'read') return readStatement(cache, plan);
  if (plan.kind === 'mutate') return mutateStatement(cache, plan);
  return callStatement(cache, plan);
}

function respond(plan: Plan, request: ApiRequest, row: ResultRow | undefined): RestResponse {
  if (plan.kind === 'read') return readResponse(plan, row);
  if (plan.kind === 'mutate') return mutateResponse(plan, request.prefer, row);
  return callResponse(plan, row);
}

function send(res: ServerResponse, response: RestResponse): void {
  if (response.body === null) {
    res.writeHead(response.status, response.headers);
    res.end();
    return;
  }
  sendText(res, response.status, response.body, {
    'Content-Type': 'application/json; charset=utf-8',
    ...response.headers,
  });
}

/** Thrown to end a `Prefer: tx=rollback` transaction with a rollback, carrying the answer. */
class RollbackRequested extends Error {
  constructor(readonly response: RestResponse) {
    super('rolled back on request (Prefer: tx=rollback)');
  }
}

export function createRestHandler(db: Db): RestHandler {
  let cache: SchemaCache | null = null;
  let lastReload = 0;

  async function reload(): Promise<void> {
    cache = await db.transaction((tx) => loadSchemaCache(tx));
    lastReload = Date.now();
  }

  async function getCache(): Promise<SchemaCache> {
    if (!cache) await reload();
    return cache!;
  }

  /** Plans and builds with the cache; on an unknown name, reloads once (DDL since the last load) and retries. */
  async function build(request: ApiRequest): Promise<{ plan: Plan; statement: Statement }> {
    const attempt = (c: SchemaCache) => {
      const plan = planRequest(c, request);
      return { plan, statement: statementFor(c, plan) };
    };
    try {
      return attempt(await getCache());
    } catch (error) {
      const stale = error instanceof RestError && staleCodes.includes(error.code);
      if (!stale || Date.now() - lastReload < 1000) throw error;
      await reload();
      return attempt(await getCache());
    }
  }

  async function run(request: ApiRequest, auth: RequestAuth): Promise<RestResponse> {
    const { plan, statement } = await build(request);
    if (plan.kind === 'mutate' && plan.empty && plan.method === 'POST') {
      return respond(plan, request, { total: null, page_total: 0, body: plan.single ? null : '[]' });
    }
    // GET and HEAD (tables, views and calls) and POST calls of stable or immutable functions run in a
    // read-only transaction, like PostgREST: a write, also one hidden in a view or function, is 405 25006.
    const readOnly = plan.kind === 'read' || (plan.kind === 'call' && plan.readOnly);
    try {
      return await db.withRequestContext(
        auth.claims,
        auth.role,
        async (tx: Queryable) => {
          // Reads and calls measure their body in the database (response-limit.ts); writes after the fact.
          const limited = plan.kind === 'mutate' ? statement : limitStatement(statement);
          const result = await tx.query<LimitedRow>(limited.sql, limited.params);
          checkResponseSize(result.rows[0]);
          // Errors raised while answering (single object, range, size, max-affected) roll the transaction back.
          const response = respond(plan, request, result.rows[0]);
          if (request.prefer.txRollback) throw new RollbackRequested(response);
          return response;
        },
        { readOnly },
      );
    } catch (error) {
      // Prefer: tx=rollback: the answer stands, the transaction does not.
      if (error instanceof RollbackRequested) return error.response;
      throw error;
    }
  }

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    auth: RequestAuth,
  ): Promise<void> {
    try {
      const request = await readApiRequest(req, url);
      if (request.action.kind === 'openapi') {
        sendJson(res, 200, {
          swagger: '2.0',
          info: { title: 'local PostgREST-compatible API', version: '12' },
          paths: {},
        });
        return;
      }
      send(res, await run(request, auth));
    } catch (error) {
      const restError = toRestError(error, auth.role);
      if (isStatementTimeout(error)) {
        // Expected under hostile or heavy requests: one line, not a stack trace.
        console.warn(`[rest] ${req.method} ${url.pathname}: canceled by the statement timeout`);
      } else if (restError.status >= 500 && !(error instanceof RestError)) {
        console.error('[rest] unexpected error', error);
      }
      const headers: Record<string, string> = {};
      if (restError.status === 401) headers['WWW-Authenticate'] = 'Bearer';
      sendJson(res, restError.status, restError.toBody(), headers);
    }
  }

  return { handle, reload };
}
