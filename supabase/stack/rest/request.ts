// Stage 1 of /rest/v1, as in PostgREST's ApiRequest: the HTTP request (path, method, query string,
// headers, body) becomes a typed ApiRequest. Nothing here knows the schema or SQL.
import type { IncomingMessage } from 'node:http';
import { BodyError, header, jsonNestedDeeperThan, maxJsonDepth, readBody } from '../http.ts';
import { RestError, parseError } from './errors.ts';
import {
  parseColumns,
  parseCondition,
  parseField,
  parseLogic,
  parseNonNegative,
  parseOrder,
  parseSelect,
  type Filter,
  type OrderTerm,
  type SelectItem,
} from './parse.ts';

export type MutateMethod = 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/** What the request asks for. */
export type Action =
  | { kind: 'openapi' }
  | { kind: 'read'; resource: string }
  | { kind: 'mutate'; resource: string; method: MutateMethod }
  | { kind: 'call'; fn: string; method: 'GET' | 'HEAD' | 'POST' };

/** The `Prefer` header (RFC 7240) as PostgREST reads it. */
export interface Preferences {
  returnRepresentation: boolean;
  returnHeadersOnly: boolean;
  count: boolean;
  /** `count=exact|planned|estimated` (null without a count). */
  countMethod: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missingDefault: boolean;
  handling: 'strict' | 'lenient';
  /** `max-affected=N`; only enforced with `handling=strict`. */
  maxAffected: number | null;
  /** `tx=rollback`: run the request, answer as usual, then roll back. */
  txRollback: boolean;
  /** Tokens honoured, in order, for `Preference-Applied`. */
  applied: string[];
  /** Tokens not understood (refused under `handling=strict`). */
  invalid: string[];
}

/** One level of the request tree: a resource with its select items, filters, order and range. */
export interface RequestNode {
  items: SelectItem[];
  filters: Filter[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
  embeds: EmbedNode[];
}

export interface EmbedNode {
  item: Extract<SelectItem, { kind: 'embed' }>;
  /** The key the embed has in the JSON (alias or relation). */
  name: string;
  node: RequestNode;
}

/** select, filters, order and range from the query string, plus `columns` and `on_conflict`. */
export interface ParsedQuery {
  root: RequestNode;
  columns: string[] | null;
  onConflict: string[] | null;
}

export interface RangeRequest {
  from: number;
  to: number | null;
}

export interface ApiRequest {
  action: Action;
  prefer: Preferences;
  /** `Accept: application/vnd.pgrst.object+json`: one object, not an array. */
  single: boolean;
  /**
   * How the rows are written: JSON, `text/csv` (a header line and one line per row), or JSON without
   * null-valued keys (`application/vnd.pgrst.array+json;nulls=stripped`, also for a single object).
   */
  media?: 'json' | 'csv' | 'json-stripped';
  /** The exposed schema the request is for (default: the first exposed one). */
  schema?: string;
  /**
   * `Accept: application/vnd.pgrst.plan+json|text; options=analyze|verbose|...`: answer the statement's
   * EXPLAIN instead of running it (PostgREST's db-plan-enabled).
   */
  explain?: { format: 'json' | 'text'; options: ExplainOption[] };
  /** The `Range` header (items), if any. */
  range: RangeRequest | null;
  /** Query parameters other than `apikey`, in order (RPC GET arguments are picked from them later). */
  params: [string, string][];
  /** The parsed query, for everything but a GET/HEAD call (whose arguments need the schema). */
  query: ParsedQuery | null;
  /** The JSON body of a write or a POST call (undefined when empty). */
  payload: unknown;
}

export function buildRequestTree(items: SelectItem[]): RequestNode {
  const embeds: EmbedNode[] = [];
  for (const item of items) {
    if (item.kind === 'embed') {
      embeds.push({ item, name: item.alias ?? item.relation, node: buildRequestTree(item.select) });
    }
  }
  return { items, filters: [], order: [], limit: null, offset: null, embeds };
}

/** Finds the node for `a.b` in `a.b.column=...`; PGRST108 when it is not embedded. */
export function findNode(root: RequestNode, path: string[]): RequestNode {
  let node = root;
  for (const name of path) {
    const next =
      node.embeds.find((embed) => embed.name === name) ?? node.embeds.find((e) => e.item.relation === name);
    if (!next) {
      throw new RestError(
        400,
        'PGRST108',
        `'${name}' is not an embedded resource in this request`,
        null,
        `Verify that '${name}' is included in the select query parameter.`,
      );
    }
    node = next.node;
  }
  return node;
}

export function parsePrefer(raw: string | string[] | undefined): Preferences {
  const tokens = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
  const prefer: Preferences = {
    returnRepresentation: false,
    returnHeadersOnly: false,
    count: false,
    countMethod: null,
    resolution: null,
    missingDefault: false,
    handling: 'lenient',
    maxAffected: null,
    txRollback: false,
    applied: [],
    invalid: [],
  };
  let maxAffectedToken: string | null = null;
  for (const token of tokens) {
    if (token === 'return=representation') prefer.returnRepresentation = true;
    else if (token === 'return=headers-only') prefer.returnHeadersOnly = true;
    else if (token === 'return=minimal') prefer.returnRepresentation = false;
    else if (/^count=(exact|planned|estimated)$/.test(token)) {
      prefer.count = true;
      prefer.countMethod = token.slice('count='.length) as Preferences['countMethod'];
    } else if (token === 'resolution=merge-duplicates') prefer.resolution = 'merge-duplicates';
    else if (token === 'resolution=ignore-duplicates') prefer.resolution = 'ignore-duplicates';
    else if (token === 'missing=default') prefer.missingDefault = true;
    else if (token === 'handling=strict' || token === 'handling=lenient') {
      prefer.handling = token === 'handling=strict' ? 'strict' : 'lenient';
    } else if (token === 'tx=rollback') prefer.txRollback = true;
    else if (token === 'tx=commit') prefer.txRollback = false;
    else if (/^max-affected=\d{1,15}$/.test(token)) {
      prefer.maxAffected = Number(token.slice('max-affected='.length));
      maxAffectedToken = token;
      continue;
    } else if (/^(timezone|params)=/.test(token)) continue;
    else {
      prefer.invalid.push(token);
      continue;
    }
    prefer.applied.push(token);
  }
  // max-affected is only honoured (and reported) under handling=strict, like PostgREST.
  if (prefer.handling !== 'strict') prefer.maxAffected = null;
  else if (maxAffectedToken) prefer.applied.push(maxAffectedToken);
  return prefer;
}

/** Query parameters that are not filters. */
export const reservedParams = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);

/** Reads select, filters, logic trees, order and range from the query string (skipping `skip` keys). */
export function parseQuery(params: [string, string][], skip: ReadonlySet<string> = new Set()): ParsedQuery {
  const select = params.filter(([key]) => key === 'select');
  if (select.length > 1) throw parseError('"select" may only be given once');
  const root = buildRequestTree(parseSelect(select[0]?.[1] ?? '*'));
  let columns: string[] | null = null;
  let onConflict: string[] | null = null;
  for (const [key, value] of params) {
    if (key === 'select' || skip.has(key)) continue;
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

/** `Range: 0-9` (items); an unreadable header is ignored, a reversed one is 416. */
export function parseRange(range: string | undefined): RangeRequest | null {
  if (!range) return null;
  const match = /^(?:items=)?\s*(\d{1,15})-(\d{1,15})?\s*$/.exec(range);
  if (!match) return null;
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
  return { from, to };
}

/** Applies the Range header to the root node (offset, and a limit no larger than the range). */
export function applyRange(root: RequestNode, range: RangeRequest | null): void {
  if (!range) return;
  if (root.offset === null) root.offset = range.from;
  if (range.to !== null) {
    const size = range.to - range.from + 1;
    root.limit = root.limit === null ? size : Math.min(root.limit, size);
  }
}

const acceptedTypes = [
  '*/*',
  'application/*',
  'application/json',
  'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.object',
  'application/vnd.pgrst.plan+json',
  'application/vnd.pgrst.plan+text',
  'application/vnd.pgrst.plan',
  'application/vnd.pgrst.array+json',
  'text/csv',
];

function checkAccept(accept: string | undefined): void {
  if (!accept) return;
  const ok = accept
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .some((type) => acceptedTypes.includes(type));
  if (!ok) {
    throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`);
  }
}

/** The schema the request names (Accept-Profile for reads, Content-Profile for writes), if exposed. */
function requestedSchema(req: IncomingMessage, schemas: readonly string[]): string {
  const method = req.method ?? 'GET';
  const name = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = header(req, name);
  if (profile && !schemas.includes(profile)) {
    throw new RestError(
      406,
      'PGRST106',
      'Invalid schema: ' + profile,
      null,
      `Only the following schemas are exposed: ${schemas.join(', ')}`,
    );
  }
  return profile ?? schemas[0] ?? 'public';
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
  if (jsonNestedDeeperThan(text)) {
    throw new RestError(
      400,
      'PGRST102',
      'Empty or invalid json',
      `The body is nested deeper than ${maxJsonDepth} levels`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
}

/** The route: `/rest/v1/`, `/rest/v1/<table>` or `/rest/v1/rpc/<function>`, with its method. */
function routeAction(url: URL, method: string): Action {
  const path = url.pathname.replace(/^\/rest\/v1\/?/, '');
  if (path === '') return { kind: 'openapi' };
  const segments = path.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      throw parseError('"failed to parse path"', 'malformed percent-encoding');
    }
  });
  if (segments[0] === 'rpc' && segments.length === 2 && segments[1]) {
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      throw new RestError(405, 'PGRST101', 'Cannot use the ' + method + ' method on RPC');
    }
    return { kind: 'call', fn: segments[1], method };
  }
  if (segments.length !== 1 || !segments[0]) {
    throw new RestError(404, 'PGRST125', `Invalid path specified in request URL`);
  }
  const resource = segments[0];
  if (method === 'GET' || method === 'HEAD') return { kind: 'read', resource };
  if (method === 'POST' || method === 'PATCH' || method === 'DELETE' || method === 'PUT') {
    return { kind: 'mutate', resource, method };
  }
  throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

export const explainOptions = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;
export type ExplainOption = (typeof explainOptions)[number];

/** `application/vnd.pgrst.plan[+json|+text]; for="..."; options=a|b`, if that is what `Accept` asks for. */
export function explainOf(accept: string | undefined): ApiRequest['explain'] {
  const [type = '', ...parameters] = (accept ?? '').split(';').map((piece) => piece.trim());
  const match = /^application\/vnd\.pgrst\.plan(?:\+(json|text))?$/i.exec(type);
  if (!match) return undefined;
  const optionList = parameters.find((parameter) => parameter.toLowerCase().startsWith('options='));
  const options = (optionList?.slice('options='.length) ?? '')
    .split('|')
    .map((option) => option.trim().toLowerCase())
    .filter((option): option is ExplainOption => (explainOptions as readonly string[]).includes(option));
  return { format: match[1]?.toLowerCase() === 'json' ? 'json' : 'text', options };
}

/** The representation the first acceptable media type of `Accept` asks for. */
export function mediaOf(accept: string | undefined): NonNullable<ApiRequest['media']> {
  for (const part of (accept ?? '').split(',')) {
    const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (type === 'text/csv') return 'csv';
    if (type === 'application/vnd.pgrst.array+json' || type === 'application/vnd.pgrst.object+json') {
      return parameters.includes('nulls=stripped') ? 'json-stripped' : 'json';
    }
    if (acceptedTypes.includes(type)) return 'json';
  }
  return 'json';
}

/** Reads the whole HTTP request into an ApiRequest (the body too, for writes and POST calls). */
export async function readApiRequest(
  req: IncomingMessage,
  url: URL,
  schemas: readonly string[] = ['public'],
): Promise<ApiRequest> {
  const schema = requestedSchema(req, schemas);
  checkAccept(header(req, 'accept'));
  const params: [string, string][] = [];
  for (const [key, value] of url.searchParams) {
    // Postgres text cannot hold NUL; refuse it before it reaches the wire protocol.
    if (key.includes('\u0000') || value.includes('\u0000')) {
      throw parseError('"failed to parse query string"', 'NUL characters are not allowed');
    }
    if (key !== 'apikey') params.push([key, value]);
  }
  const action = routeAction(url, req.method ?? 'GET');
  const prefer = parsePrefer(req.headers.prefer);
  if (prefer.handling === 'strict' && prefer.invalid.length > 0) {
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefer.invalid.join(', ')}`,
    );
  }
  const single = (header(req, 'accept') ?? '').includes('application/vnd.pgrst.object');
  const request: ApiRequest = {
    action,
    prefer,
    single,
    media: mediaOf(header(req, 'accept')),
    schema,
    explain: explainOf(header(req, 'accept')),
    range: null,
    params,
    query: null,
    payload: undefined,
  };
  if (action.kind === 'openapi') return request;
  if (action.kind === 'mutate') {
    if (action.method !== 'DELETE') {
      request.payload = await readPayload(req);
      if (request.payload === undefined) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    }
    request.query = parseQuery(params);
    return request;
  }
  if (action.kind === 'call' && action.method === 'POST') {
    request.payload = await readPayload(req);
    request.query = parseQuery(params);
  } else if (action.kind === 'read') {
    request.query = parseQuery(params);
  }
  request.range = parseRange(header(req, 'range'));
  return request;
}
