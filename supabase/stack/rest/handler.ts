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
import { requestHeaders } from './request-headers.ts';
import { readApiRequest, type ApiRequest } from './request.ts';
import { checkResponseSize, limitStatement, type LimitedRow } from './response-limit.ts';
import { callResponse, mutateResponse, readResponse, type RestResponse } from './response.ts';
import { loadSchemaCache, type SchemaCache } from './schema.ts';
import {
  callStatement,
  estimateThreshold,
  mutateStatement,
  readStatement,
  type ResultRow,
  type Statement,
} from './sql.ts';

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
  return callResponse(plan, request.prefer, row);
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

/** The planner's row estimate for a statement (PostgREST's `count=planned`). */
async function plannedRows(tx: Queryable, statement: { sql: string; params: unknown[] }): Promise<number> {
  const result = await tx.query<{ 'QUERY PLAN': unknown }>(
    `EXPLAIN (FORMAT JSON) ${statement.sql}`,
    statement.params,
  );
  const raw = result.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(plan[0].Plan['Plan Rows']);
}

/** Thrown to end a `Prefer: tx=rollback` transaction with a rollback, carrying the answer. */
class RollbackRequested extends Error {
  constructor(readonly response: RestResponse) {
    super('rolled back on request (Prefer: tx=rollback)');
  }
}

/**
 * `schemas`: the exposed schemas (config.toml's [api] schemas); the first is the default, the others are
 * chosen with Accept-Profile (reads) or Content-Profile (writes), as in PostgREST.
 */
export function createRestHandler(db: Db, schemas: readonly string[] = ['public']): RestHandler {
  let caches: Map<string, SchemaCache> | null = null;
  let lastReload = 0;

  async function reload(): Promise<void> {
    caches = await db.transaction(async (tx) => {
      const loaded = new Map<string, SchemaCache>();
      for (const schema of schemas) loaded.set(schema, await loadSchemaCache(tx, schema));
      return loaded;
    });
    lastReload = Date.now();
  }

  async function getCache(schema: string): Promise<SchemaCache> {
    if (!caches) await reload();
    return caches!.get(schema)!;
  }

  /** Plans and builds with the cache; on an unknown name, reloads once (DDL since the last load) and retries. */
  async function build(request: ApiRequest): Promise<{ plan: Plan; statement: Statement }> {
    const attempt = (c: SchemaCache) => {
      const plan = planRequest(c, request);
      return { plan, statement: statementFor(c, plan) };
    };
    const schema = request.schema ?? schemas[0] ?? 'public';
    try {
      return attempt(await getCache(schema));
    } catch (error) {
      const stale = error instanceof RestError && staleCodes.includes(error.code);
      if (!stale || Date.now() - lastReload < 1000) throw error;
      await reload();
      return attempt(await getCache(schema));
    }
  }

  /** The statement's plan instead of its rows; rolled back always, since `analyze` runs it. */
  async function explain(
    request: ApiRequest,
    auth: RequestAuth,
    statement: Statement,
    readOnly: boolean,
  ): Promise<RestResponse> {
    const wanted = request.explain!;
    const options = [`FORMAT ${wanted.format.toUpperCase()}`, ...wanted.options.map((o) => o.toUpperCase())];
    try {
      await db.withRequestContext(
        auth.claims,
        auth.role,
        async (tx: Queryable) => {
          const result = await tx.query<{ 'QUERY PLAN': unknown }>(
            `EXPLAIN (${options.join(', ')}) ${statement.sql}`,
            statement.params,
          );
          const lines = result.rows.map((row) => row['QUERY PLAN']);
          const body =
            wanted.format === 'json'
              ? typeof lines[0] === 'string'
                ? lines[0]
                : JSON.stringify(lines[0])
              : lines.join('\n');
          throw new RollbackRequested({
            status: 200,
            body,
            headers: {
              'Content-Type': `application/vnd.pgrst.plan+${wanted.format}; charset=utf-8`,
            },
          });
        },
        { readOnly },
      );
    } catch (error) {
      if (error instanceof RollbackRequested) return error.response;
      throw error;
    }
    throw new Error('EXPLAIN answered nothing');
  }

  async function run(
    request: ApiRequest,
    auth: RequestAuth,
    headers: Record<string, string>,
  ): Promise<RestResponse> {
    const { plan, statement } = await build(request);
    if (request.explain) {
      return explain(
        request,
        auth,
        statement,
        plan.kind === 'read' || (plan.kind === 'call' && plan.readOnly),
      );
    }
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
          if (statement.estimate && result.rows[0]) {
            const estimate = await plannedRows(tx, statement.estimate);
            if (statement.estimate.replacesExact || estimate > estimateThreshold) {
              result.rows[0].total = estimate;
            }
          }
          // Errors raised while answering (single object, range, size, max-affected) roll the transaction back.
          const response = respond(plan, request, result.rows[0]);
          if (request.prefer.txRollback) throw new RollbackRequested(response);
          return response;
        },
        {
          readOnly,
          headers,
          ...(plan.kind === 'call' && plan.fn.statementTimeoutMs !== undefined
            ? { statementTimeoutMs: plan.fn.statementTimeoutMs }
            : {}),
        },
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
      const request = await readApiRequest(req, url, schemas);
      if (request.action.kind === 'openapi') {
        sendJson(res, 200, {
          swagger: '2.0',
          info: { title: 'local PostgREST-compatible API', version: '12' },
          paths: {},
        });
        return;
      }
      send(res, await run(request, auth, requestHeaders(req)));
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
