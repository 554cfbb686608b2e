// /rest/v1: PostgREST's HTTP interface over the schema cache and the query builder. Each request runs
// in one transaction as the JWT's role with its claims set, so row-level security decides.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db, DbRole, JwtClaims } from '../context.ts';
import { BodyError, header, readBody, sendJson, sendText } from '../http.ts';
import { RestError, parseError, toRestError } from './errors.ts';
import {
  parseColumns,
  parseCondition,
  parseField,
  parseLogic,
  parseNonNegative,
  parseOrder,
  parseSelect,
} from './parse.ts';
import {
  Builder,
  buildRequestTree,
  findNode,
  ident,
  qualified,
  wrapForResponse,
  type RequestNode,
} from './query.ts';
import { loadSchemaCache, type FunctionDef, type SchemaCache, type Table } from './schema.ts';

export interface RequestAuth {
  role: DbRole;
  claims: JwtClaims;
}

export interface RestHandler {
  handle(req: IncomingMessage, res: ServerResponse, url: URL, auth: RequestAuth): Promise<void>;
  /** Re-reads the catalog (after migrations or DDL). */
  reload(): Promise<void>;
}

interface Prefer {
  returnRepresentation: boolean;
  returnHeadersOnly: boolean;
  count: boolean;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missingDefault: boolean;
  applied: string[];
}

function parsePrefer(req: IncomingMessage): Prefer {
  const raw = req.headers.prefer;
  const tokens = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
  const prefer: Prefer = {
    returnRepresentation: false,
    returnHeadersOnly: false,
    count: false,
    resolution: null,
    missingDefault: false,
    applied: [],
  };
  for (const token of tokens) {
    if (token === 'return=representation') prefer.returnRepresentation = true;
    else if (token === 'return=headers-only') prefer.returnHeadersOnly = true;
    else if (token === 'return=minimal') prefer.returnRepresentation = false;
    else if (/^count=(exact|planned|estimated)$/.test(token)) prefer.count = true;
    else if (token === 'resolution=merge-duplicates') prefer.resolution = 'merge-duplicates';
    else if (token === 'resolution=ignore-duplicates') prefer.resolution = 'ignore-duplicates';
    else if (token === 'missing=default') prefer.missingDefault = true;
    else continue;
    prefer.applied.push(token);
  }
  return prefer;
}

/** Query parameters that are not filters. */
const reserved = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey']);

interface ParsedQuery {
  root: RequestNode;
  columns: string[] | null;
  onConflict: string[] | null;
}

/** Reads select, filters, logic trees, order and range from the query string (skipping `skip` keys). */
function parseQuery(url: URL, skip: ReadonlySet<string> = new Set()): ParsedQuery {
  const select = url.searchParams.getAll('select');
  if (select.length > 1) throw parseError('"select" may only be given once');
  const root = buildRequestTree(parseSelect(select[0] ?? '*'));
  let columns: string[] | null = null;
  let onConflict: string[] | null = null;
  for (const [key, value] of url.searchParams) {
    if (key === 'select' || key === 'apikey' || skip.has(key)) continue;
    if (key === 'columns') {
      columns = parseColumns(value);
      continue;
    }
    if (key === 'on_conflict') {
      onConflict = parseColumns(value);
      continue;
    }
    const segments = key.split('.');
    const last = segments.pop() ?? '';
    if (last === 'or' || last === 'and') {
      const negated = segments[segments.length - 1] === 'not';
      if (negated) segments.pop();
      findNode(root, segments).filters.push(parseLogic(last, negated, value));
      continue;
    }
    if (last === 'order') {
      findNode(root, segments).order.push(...parseOrder(value));
      continue;
    }
    if (last === 'limit') {
      findNode(root, segments).limit = parseNonNegative(value, 'limit');
      continue;
    }
    if (last === 'offset') {
      findNode(root, segments).offset = parseNonNegative(value, 'offset');
      continue;
    }
    if (last === '') throw parseError(`"failed to parse filter (${key})"`);
    const node = findNode(root, segments);
    node.filters.push(parseCondition(parseField(last, 'filter'), value));
  }
  return { root, columns, onConflict };
}

/** `Range: 0-9` (items). */
function applyRangeHeader(req: IncomingMessage, root: RequestNode): void {
  const range = header(req, 'range');
  if (!range) return;
  const match = /^(?:items=)?\s*(\d{1,15})-(\d{1,15})?\s*$/.exec(range);
  if (!match) return;
  const from = Number(match[1]);
  const to = match[2] === undefined ? null : Number(match[2]);
  if (to !== null && to < from) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  if (root.offset === null) root.offset = from;
  if (to !== null) {
    const size = to - from + 1;
    root.limit = root.limit === null ? size : Math.min(root.limit, size);
  }
}

function wantsSingleObject(req: IncomingMessage): boolean {
  const accept = header(req, 'accept') ?? '';
  return accept.includes('application/vnd.pgrst.object');
}

function checkAccept(req: IncomingMessage): void {
  const accept = header(req, 'accept');
  if (!accept) return;
  const ok = accept
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .some((type) =>
      [
        '*/*',
        'application/*',
        'application/json',
        'application/vnd.pgrst.object+json',
        'application/vnd.pgrst.object',
        'application/vnd.pgrst.plan+json',
      ].includes(type),
    );
  if (!ok) {
    throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`);
  }
}

function checkProfile(req: IncomingMessage): void {
  for (const name of ['accept-profile', 'content-profile']) {
    const profile = header(req, name);
    if (profile && profile !== 'public') {
      throw new RestError(
        406,
        'PGRST106',
        'Invalid schema: ' + profile,
        null,
        'Only the following schemas are exposed: public',
      );
    }
  }
}

function singularError(rows: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );
}

function contentRange(offset: number, pageTotal: number, total: number | null): string {
  const upper = offset + pageTotal - 1;
  const range = total !== 0 && offset <= upper ? `${offset}-${upper}` : '*';
  return `${range}/${total === null ? '*' : total}`;
}

function rangeStatus(offset: number, pageTotal: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total) return 416;
  if (pageTotal < total) return 206;
  return 200;
}

async function readPayload(req: IncomingMessage): Promise<unknown> {
  const type = header(req, 'content-type') ?? 'application/json';
  if (!/^application\/(json|vnd\.pgrst\.object\+json)|^text\/plain/i.test(type)) {
    throw new RestError(415, 'PGRST107', `The request's Content-Type is not acceptable: ${type}`);
  }
  let text: string;
  try {
    text = await readBody(req);
  } catch (error) {
    if (error instanceof BodyError) {
      throw new RestError(
        error.status,
        'PGRST102',
        error.status === 413 ? 'Payload Too Large' : error.message,
      );
    }
    throw error;
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface ReadRow {
  total: string | number | bigint | null;
  page_total: string | number | bigint;
  body: string;
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

  /** Builds with the cache; on an unknown name, reloads once (DDL since the last load) and retries. */
  async function withCache<T>(build: (cache: SchemaCache) => T): Promise<T> {
    try {
      return build(await getCache());
    } catch (error) {
      const stale =
        error instanceof RestError &&
        ['PGRST205', 'PGRST202', 'PGRST200', '42703', 'PGRST204'].includes(error.code);
      if (!stale || Date.now() - lastReload < 1000) throw error;
      await reload();
      return build(await getCache());
    }
  }

  function send(
    res: ServerResponse,
    status: number,
    body: string | null,
    headers: Record<string, string>,
  ): void {
    if (body === null) {
      res.writeHead(status, headers);
      res.end();
      return;
    }
    sendText(res, status, body, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  }

  async function read(req: IncomingMessage, res: ServerResponse, url: URL, auth: RequestAuth, name: string) {
    const prefer = parsePrefer(req);
    const single = wantsSingleObject(req);
    const statement = await withCache((c) => {
      const query = parseQuery(url);
      applyRangeHeader(req, query.root);
      const b = new Builder(c);
      const table = b.table(name);
      const page = b.level(query.root, table, qualified(table.name), 'pgrst_0', [], {
        paginate: true,
        order: true,
        rootFilters: true,
      });
      const count = prefer.count
        ? b.level(query.root, table, qualified(table.name), 'pgrst_0', [], {
            paginate: false,
            order: false,
            rootFilters: true,
          }).sql
        : null;
      return {
        sql: wrapForResponse(page.sql, count, page.outputs),
        params: b.params.values,
        offset: query.root.offset ?? 0,
      };
    });
    const result = await db.withRequestContext(auth.claims, auth.role, (tx) =>
      tx.query<ReadRow>(statement.sql, statement.params),
    );
    const row = result.rows[0];
    const pageTotal = Number(row?.page_total ?? 0);
    const total = row?.total === null || row?.total === undefined ? null : Number(row.total);
    if (single && pageTotal !== 1) throw singularError(pageTotal);
    const status = rangeStatus(statement.offset, pageTotal, total);
    if (status === 416) {
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${statement.offset} was requested, but there are only ${total} rows.`,
      );
    }
    const body = row?.body ?? '[]';
    send(res, status, single ? body.slice(1, -1).trim() : body, {
      'Content-Range': contentRange(statement.offset, pageTotal, total),
      ...(single ? { 'Content-Type': 'application/vnd.pgrst.object+json; charset=utf-8' } : {}),
    });
  }

  function payloadColumns(table: Table, rows: Record<string, unknown>[], columns: string[] | null): string[] {
    let names: string[];
    if (columns) names = columns;
    else {
      const first = Object.keys(rows[0] ?? {});
      for (const row of rows) {
        const keys = Object.keys(row);
        if (keys.length !== first.length || keys.some((key) => !first.includes(key))) {
          throw new RestError(400, 'PGRST102', 'All object keys must match');
        }
      }
      names = first;
    }
    for (const name of names) {
      if (!table.columns.has(name)) {
        throw new RestError(
          400,
          'PGRST204',
          `Could not find the '${name}' column of '${table.name}' in the schema cache`,
        );
      }
    }
    return names;
  }

  async function mutate(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    auth: RequestAuth,
    name: string,
    method: 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  ) {
    const prefer = parsePrefer(req);
    const single = wantsSingleObject(req);
    const payload = method === 'DELETE' ? undefined : await readPayload(req);
    if (method !== 'DELETE' && payload === undefined)
      throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    const statement = await withCache((c) => {
      const query = parseQuery(url);
      const b = new Builder(c);
      const table = b.table(name);
      const target = `${qualified(table.name)} AS "pgrst_0"`;
      let mutation: string;
      let empty = false;
      if (method === 'POST' || method === 'PUT') {
        const rows = Array.isArray(payload) ? payload : [payload];
        if (!rows.every(isObject)) throw new RestError(400, 'PGRST102', 'All object keys must match');
        if (rows.length === 0) empty = true;
        const columns = payloadColumns(table, rows, query.columns);
        const list = columns.map(ident).join(', ');
        if (columns.length === 0) {
          if (rows.length > 1) throw new RestError(400, 'PGRST102', 'All object keys must match');
          mutation = `INSERT INTO ${target} DEFAULT VALUES`;
        } else if (prefer.missingDefault) {
          // Keys a row leaves out take the column default (Prefer: missing=default).
          const values = rows.map((row) => {
            const rowJson = b.params.add(JSON.stringify(row));
            const cells = columns.map((column) =>
              column in row
                ? `(SELECT ${ident(column)} FROM json_populate_record(NULL::${qualified(table.name)}, ${rowJson}::json))`
                : 'DEFAULT',
            );
            return `(${cells.join(', ')})`;
          });
          mutation = `INSERT INTO ${target} (${list}) VALUES ${values.join(', ')}`;
        } else {
          const json = b.params.add(JSON.stringify(rows));
          mutation = `INSERT INTO ${target} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${qualified(table.name)}, ${json}::json) AS pgrst_body`;
        }
        for (const column of query.onConflict ?? []) b.column(table, column);
        const resolution = method === 'PUT' ? 'merge-duplicates' : prefer.resolution;
        if (resolution) {
          const conflict = query.onConflict ?? table.primaryKey;
          if (conflict.length === 0)
            throw new RestError(400, 'PGRST100', `Table '${table.name}' has no primary key; use on_conflict`);
          const target = conflict.map((column) => b.column(table, column)).join(', ');
          const updates = columns.filter((column) => !conflict.includes(column));
          mutation +=
            resolution === 'ignore-duplicates' || updates.length === 0
              ? ` ON CONFLICT (${target}) DO NOTHING`
              : ` ON CONFLICT (${target}) DO UPDATE SET ${updates.map((column) => `${ident(column)} = EXCLUDED.${ident(column)}`).join(', ')}`;
        }
      } else if (method === 'PATCH') {
        if (!isObject(payload)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
        const columns = payloadColumns(table, [payload], null);
        const where = query.root.filters.map((filter) => b.condition(table, 'pgrst_0', filter));
        if (columns.length === 0) {
          empty = true;
          mutation = `SELECT "pgrst_0".* FROM ${target} WHERE FALSE`;
        } else {
          const json = b.params.add(JSON.stringify(payload));
          mutation = `UPDATE ${target} SET ${columns.map((column) => `${ident(column)} = pgrst_body.${ident(column)}`).join(', ')} FROM (SELECT * FROM json_populate_record(NULL::${qualified(table.name)}, ${json}::json)) AS pgrst_body`;
          if (where.length > 0) mutation += ` WHERE ${where.join(' AND ')}`;
        }
      } else {
        const where = query.root.filters.map((filter) => b.condition(table, 'pgrst_0', filter));
        mutation = `DELETE FROM ${target}`;
        if (where.length > 0) mutation += ` WHERE ${where.join(' AND ')}`;
      }
      if (!mutation.startsWith('SELECT')) mutation += ' RETURNING "pgrst_0".*';
      const representation = prefer.returnRepresentation || single;
      const selectLevel = b.level(query.root, table, 'pgrst_mutation', 'pgrst_r', [], {
        paginate: false,
        order: true,
        rootFilters: false,
      });
      const pageSql = representation ? selectLevel.sql : 'SELECT 1 AS "pgrst_one" FROM pgrst_mutation';
      const outer = wrapForResponse(
        pageSql,
        null,
        representation ? selectLevel.outputs : ['pgrst_one'],
      ).replace(/^WITH /, `WITH pgrst_mutation AS (${mutation}), `);
      return { sql: outer, params: b.params.values, representation, empty };
    });
    const result = await db.withRequestContext(auth.claims, auth.role, async (tx) => {
      if (statement.empty && method === 'POST')
        return { total: null, page_total: 0, body: '[]' } satisfies ReadRow;
      const rows = await tx.query<ReadRow>(statement.sql, statement.params);
      const row = rows.rows[0] ?? { total: null, page_total: 0, body: '[]' };
      // PostgREST rolls back when a single object was asked for and the write touched 0 or several rows.
      if (single && Number(row.page_total) !== 1) throw singularError(Number(row.page_total));
      return row;
    });
    const affected = Number(result.page_total);
    const headers: Record<string, string> = {
      'Content-Range':
        affected > 0 ? `0-${affected - 1}/${prefer.count ? affected : '*'}` : `*/${prefer.count ? 0 : '*'}`,
    };
    if (prefer.applied.length > 0) headers['Preference-Applied'] = prefer.applied.join(', ');
    const created = method === 'POST' || method === 'PUT';
    if (statement.representation) {
      const body = single ? result.body.slice(1, -1).trim() : result.body;
      send(res, created ? 201 : 200, body, {
        ...headers,
        ...(single ? { 'Content-Type': 'application/vnd.pgrst.object+json; charset=utf-8' } : {}),
      });
    } else {
      send(res, created ? 201 : 204, null, headers);
    }
  }

  function pickFunction(c: SchemaCache, name: string, argNames: string[]): FunctionDef {
    const overloads = c.functions.get(name) ?? [];
    const match = overloads.find(
      (fn) =>
        argNames.every((arg) => fn.args.some((a) => a.name === arg)) &&
        fn.args.every((a) => a.hasDefault || argNames.includes(a.name)),
    );
    if (!match) {
      const list = [...argNames].sort().join(', ');
      throw new RestError(
        404,
        'PGRST202',
        `Could not find the function public.${name}${list ? `(${list})` : ' without parameters'} in the schema cache`,
        `Searched for the function public.${name}${list ? ` with parameters ${list}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
        null,
      );
    }
    return match;
  }

  async function rpc(req: IncomingMessage, res: ServerResponse, url: URL, auth: RequestAuth, name: string) {
    const prefer = parsePrefer(req);
    const single = wantsSingleObject(req);
    const isGet = req.method === 'GET' || req.method === 'HEAD';
    let args: Record<string, unknown> = {};
    if (isGet) {
      const c = await getCache();
      const known = new Set((c.functions.get(name) ?? []).flatMap((fn) => fn.args.map((a) => a.name)));
      for (const [key, value] of url.searchParams) {
        if (known.has(key) && !reserved.has(key)) args[key] = value;
      }
    } else {
      const payload = await readPayload(req);
      if (payload === undefined) args = {};
      else if (isObject(payload)) args = payload;
      else throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    }
    const statement = await withCache((c) => {
      const fn = pickFunction(c, name, Object.keys(args));
      const query = parseQuery(url, new Set(isGet ? Object.keys(args) : []));
      applyRangeHeader(req, query.root);
      const b = new Builder(c);
      const provided = fn.args.filter((a) => a.name in args);
      const json = provided.length > 0 ? b.params.add(JSON.stringify(args)) : '';
      const recordDef = provided.map((a) => `${ident(a.name)} ${a.type}`).join(', ');
      const call = `"public".${ident(fn.name)}(${provided.map((a) => `${ident(a.name)} => pgrst_args.${ident(a.name)}`).join(', ')})`;
      const from =
        provided.length > 0 ? `json_to_record(${json}::json) AS pgrst_args(${recordDef}), LATERAL ` : '';
      if (!fn.returnsRows) {
        if (fn.returnsSet) {
          const sql = `SELECT NULL::bigint AS total, count(*) AS page_total, coalesce(json_agg(pgrst_call), '[]')::text AS body FROM ${from}${call} AS pgrst_call`;
          return { sql, params: b.params.values, kind: 'set-scalar' as const, offset: 0 };
        }
        const sql = `SELECT NULL::bigint AS total, 1 AS page_total, to_json(pgrst_call)::text AS body FROM ${from}${call} AS pgrst_call`;
        return {
          sql,
          params: b.params.values,
          kind: fn.returnType === 'void' ? ('void' as const) : ('scalar' as const),
          offset: 0,
        };
      }
      const table: Table = (fn.returnsTable ? c.tables.get(fn.returnsTable) : undefined) ?? {
        name: fn.name,
        kind: 'view',
        columns: new Map(
          fn.outColumns.map((col, i) => [
            col.name,
            {
              name: col.name,
              type: col.type,
              typname: col.type,
              nullable: true,
              hasDefault: false,
              generated: false,
              position: i + 1,
            },
          ]),
        ),
        columnList: fn.outColumns.map((col, i) => ({
          name: col.name,
          type: col.type,
          typname: col.type,
          nullable: true,
          hasDefault: false,
          generated: false,
          position: i + 1,
        })),
        primaryKey: [],
        uniqueKeys: [],
      };
      const source = `(SELECT pgrst_call.* FROM ${from}${call} AS pgrst_call)`;
      const page = b.level(query.root, table, source, 'pgrst_0', [], {
        paginate: true,
        order: true,
        rootFilters: true,
      });
      const count = prefer.count
        ? b.level(query.root, table, source, 'pgrst_0', [], {
            paginate: false,
            order: false,
            rootFilters: true,
          }).sql
        : null;
      return {
        sql: wrapForResponse(page.sql, count, page.outputs),
        params: b.params.values,
        kind: fn.returnsSet ? ('rows' as const) : ('row' as const),
        offset: query.root.offset ?? 0,
      };
    });
    const result = await db.withRequestContext(auth.claims, auth.role, async (tx) => {
      const rows = await tx.query<ReadRow>(statement.sql, statement.params);
      const row = rows.rows[0] ?? { total: null, page_total: 0, body: '[]' };
      if (single && statement.kind === 'rows' && Number(row.page_total) !== 1)
        throw singularError(Number(row.page_total));
      return row;
    });
    if (statement.kind === 'void') {
      send(res, 204, null, {});
      return;
    }
    if (statement.kind === 'scalar') {
      send(res, 200, result.body ?? 'null', {});
      return;
    }
    if (statement.kind === 'row') {
      const body = result.body.slice(1, -1).trim();
      send(res, 200, body === '' ? 'null' : body, {});
      return;
    }
    const pageTotal = Number(result.page_total);
    const total = result.total === null ? null : Number(result.total);
    const body = single ? result.body.slice(1, -1).trim() : result.body;
    send(res, rangeStatus(statement.offset, pageTotal, total) === 206 ? 206 : 200, body, {
      'Content-Range': contentRange(statement.offset, pageTotal, total),
    });
  }

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    auth: RequestAuth,
  ): Promise<void> {
    try {
      checkProfile(req);
      checkAccept(req);
      for (const [key, value] of url.searchParams) {
        // Postgres text cannot hold NUL; refuse it before it reaches the wire protocol.
        if (key.includes('\u0000') || value.includes('\u0000')) {
          throw parseError('"failed to parse query string"', 'NUL characters are not allowed');
        }
      }
      const path = url.pathname.replace(/^\/rest\/v1\/?/, '');
      const method = req.method ?? 'GET';
      if (path === '') {
        sendJson(res, 200, {
          swagger: '2.0',
          info: { title: 'local PostgREST-compatible API', version: '12' },
          paths: {},
        });
        return;
      }
      const segments = path.split('/').map((segment) => decodeURIComponent(segment));
      if (segments[0] === 'rpc' && segments.length === 2 && segments[1]) {
        if (!['GET', 'HEAD', 'POST'].includes(method)) {
          throw new RestError(405, 'PGRST101', 'Cannot use the ' + method + ' method on RPC');
        }
        await rpc(req, res, url, auth, segments[1]);
        return;
      }
      if (segments.length !== 1 || !segments[0]) {
        throw new RestError(404, 'PGRST125', `Invalid path specified in request URL`);
      }
      const table = segments[0];
      if (method === 'GET' || method === 'HEAD') await read(req, res, url, auth, table);
      else if (method === 'POST' || method === 'PATCH' || method === 'DELETE' || method === 'PUT') {
        await mutate(req, res, url, auth, table, method);
      } else throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    } catch (error) {
      const restError = toRestError(error, auth.role);
      if (restError.status >= 500 && !(error instanceof RestError)) {
        console.error('[rest] unexpected error', error);
      }
      const headers: Record<string, string> = {};
      if (restError.status === 401) headers['WWW-Authenticate'] = 'Bearer';
      sendJson(res, restError.status, restError.toBody(), headers);
    }
  }

  return { handle, reload };
}
