// Stage 2 of /rest/v1, as in PostgREST's Plan: an ApiRequest resolved against the schema cache into a
// read, mutate or call plan. Tables, relationships, functions and body columns are looked up here;
// unknown names give PostgREST's errors. No SQL is written in this file.
import { RestError, unknownColumn, unknownTable, type RelationshipDetail } from './errors.ts';
import type { SelectItem } from './parse.ts';
import {
  applyRange,
  parseQuery,
  reservedParams,
  type ApiRequest,
  type MutateMethod,
  type ParsedQuery,
  type RequestNode,
} from './request.ts';
import {
  relationshipsFrom,
  type FunctionArg,
  type FunctionDef,
  type Relationship,
  type SchemaCache,
  type Table,
} from './schema.ts';

type EmbedItem = Extract<SelectItem, { kind: 'embed' }>;

/** A resource to read with its request node, and every embed resolved to a relationship. */
export interface ReadNode {
  table: Table;
  /**
   * The name PostgREST's SQL gives this level, which its column errors quote: the table's own name at
   * the top, `<table>_<depth>` for an embedded one (`column messages_1.sum does not exist`).
   */
  label: string;
  node: RequestNode;
  embeds: EmbedPlan[];
  /** For each `node.order` term: the to-one relationship of `rel(col)` terms, else null. */
  orderRelationships: (Relationship | null)[];
}

export interface EmbedPlan {
  /** The key in the JSON (alias or relation name). */
  name: string;
  item: EmbedItem;
  relationship: Relationship;
  /** Object (many-to-one, one-to-one) or array (one-to-many). */
  toOne: boolean;
  /** `rel()` with no columns: joined (for `!inner` and filters) but left out of the output. */
  hidden: boolean;
  child: ReadNode;
}

export interface ReadPlan {
  kind: 'read';
  root: ReadNode;
  /** Offset of the first row (for Content-Range). */
  offset: number;
  count: boolean;
  /** `planned` and `estimated` counts come from the planner's row estimate (see readStatement). */
  countMethod: 'exact' | 'planned' | 'estimated' | null;
  single: boolean;
  media: NonNullable<ApiRequest['media']>;
}

export interface MutatePlan {
  kind: 'mutate';
  method: MutateMethod;
  table: Table;
  /** Insert/upsert rows, or the PATCH object as the only row. */
  rows: Record<string, unknown>[];
  /** Body columns written (checked against the table). */
  columns: string[];
  /** Upsert: conflict target and how to resolve. */
  conflict: string[] | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missingDefault: boolean;
  /** The returned rows (select, order, embeds) over the written rows; filters of PATCH/DELETE too. */
  returning: ReadNode;
  representation: boolean;
  /** Nothing to write (an empty array, or a PATCH with `{}`). */
  empty: boolean;
  single: boolean;
}

export type CallResult = 'void' | 'scalar' | 'set-scalar' | 'row' | 'rows';

export interface CallPlan {
  kind: 'call';
  fn: FunctionDef;
  args: Record<string, unknown>;
  /** The function's parameters given in the request, in declaration order. */
  provided: FunctionArg[];
  result: CallResult;
  /** For row results: the rows as a resource (select, filters, order, range, embeds). */
  root: ReadNode | null;
  /** GET/HEAD always, POST for stable and immutable functions (PostgREST's access mode). */
  readOnly: boolean;
  offset: number;
  count: boolean;
  single: boolean;
}

export type Plan = ReadPlan | MutatePlan | CallPlan;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function findTable(cache: SchemaCache, name: string): Table {
  const table = cache.tables.get(name);
  if (!table) throw unknownTable(name);
  return table;
}

/** PostgREST names the embedding's source side first: `fk using <source>(cols) and <target>(cols)`. */
function relationshipDetail(source: string, target: string, rel: Relationship): RelationshipDetail {
  const fkSide = `${rel.fk.table}(${rel.fk.columns.join(', ')})`;
  const refSide = `${rel.fk.refTable}(${rel.fk.refColumns.join(', ')})`;
  return {
    cardinality: rel.cardinality,
    embedding: `${source} with ${target}`,
    relationship: `${rel.fk.name} using ${rel.sourceHoldsFk ? `${fkSide} and ${refSide}` : `${refSide} and ${fkSide}`}`,
  };
}

/** Resolves `relation` (table, FK column or constraint name, with an optional hint) from `source`. */
export function resolveRelationship(
  cache: SchemaCache,
  source: Table,
  embed: { relation: string; hint: string | null },
): Relationship {
  const all = relationshipsFrom(cache, source.name);
  let candidates = all.filter((rel) => rel.target === embed.relation);
  if (candidates.length === 0) {
    candidates = all.filter(
      (rel) =>
        rel.fk.name === embed.relation ||
        (rel.sourceHoldsFk && rel.fk.columns.length === 1 && rel.fk.columns[0] === embed.relation),
    );
    // Through a column or constraint name, the key's own table wins over the views that inherit the
    // key from it (PostgREST embeds `user_profiles?select=username(*)` from `users`, not its views).
    const toTables = candidates.filter((rel) => cache.tables.get(rel.target)?.kind === 'table');
    if (candidates.length > 1 && toTables.length === 1) candidates = toTables;
  }
  if (embed.hint) {
    const hint = embed.hint;
    candidates = candidates.filter(
      (rel) =>
        rel.fk.name === hint ||
        (rel.fk.columns.length === 1 && rel.fk.columns[0] === hint) ||
        (rel.fk.refColumns.length === 1 && rel.fk.refColumns[0] === hint && rel.sourceHoldsFk === false),
    );
  }
  if (candidates.length > 1 && candidates.every((rel) => rel.fk.table === rel.fk.refTable)) {
    // A self-referencing foreign key gives the same key in both directions: PostgREST takes the
    // children (one-to-many); the parent is embedded by the FK column or constraint name.
    const children = candidates.filter((rel) => !rel.sourceHoldsFk);
    if (children.length === 1) candidates = children;
  }
  const label = embed.hint ? `${embed.relation}!${embed.hint}` : embed.relation;
  if (candidates.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source.name}' and '${embed.relation}' in the schema cache`,
      `Searched for a foreign key relationship between '${source.name}' and '${label}' in the schema 'public', but no matches were found.`,
      null,
    );
  }
  if (candidates.length > 1) {
    throw new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${source.name}' and '${embed.relation}'`,
      candidates.map((rel) => relationshipDetail(source.name, embed.relation, rel)),
      `Try changing '${embed.relation}' to one of the following: ${candidates
        .map((rel) => `'${rel.target}!${rel.fk.name}'`)
        .join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  return candidates[0]!;
}

/** Resolves every embed (and related order term) of `node` on `table`, recursively. */
export function planReadNode(cache: SchemaCache, table: Table, node: RequestNode, depth = 0): ReadNode {
  const embeds: EmbedPlan[] = [];
  const seen = new Set<string>();
  for (const embed of node.embeds) {
    if (!embed.item.spread) {
      // Two embeds under one key would make a JSON object with a duplicated key.
      // PostgREST's SQL joins each embed as `<table>_<relation>_<depth>`; Postgres names the clash.
      if (seen.has(embed.name)) {
        throw new RestError(
          400,
          '42712',
          `table name "${table.name}_${embed.name}_${depth + 1}" specified more than once`,
        );
      }
      seen.add(embed.name);
    }
    const relationship = resolveRelationship(cache, table, embed.item);
    const target = findTable(cache, relationship.target);
    const toOne = relationship.cardinality !== 'one-to-many';
    if (embed.item.spread && !toOne) {
      throw new RestError(
        400,
        'PGRST118',
        `A spread operation on '${embed.item.relation}' is not possible`,
        `'${table.name}' and '${embed.item.relation}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    embeds.push({
      name: embed.name,
      item: embed.item,
      relationship,
      toOne,
      hidden: embed.item.select.length === 0,
      child: planReadNode(cache, target, embed.node, depth + 1),
    });
  }
  const orderRelationships = node.order.map((term) => {
    if (!term.relation) return null;
    const rel = resolveRelationship(cache, table, { relation: term.relation, hint: term.hint });
    if (rel.cardinality === 'one-to-many') {
      throw new RestError(
        400,
        'PGRST118',
        `A related order on '${term.relation}' is not possible`,
        `'${table.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    return rel;
  });
  const label = depth === 0 ? table.name : `${table.name}_${depth}`;
  return { table, label, node, embeds, orderRelationships };
}

function requireQuery(request: ApiRequest): ParsedQuery {
  if (!request.query) throw new Error('request without a parsed query');
  return request.query;
}

export function planRead(cache: SchemaCache, request: ApiRequest, resource: string): ReadPlan {
  const query = requireQuery(request);
  applyRange(query.root, request.range);
  const table = findTable(cache, resource);
  return {
    kind: 'read',
    root: planReadNode(cache, table, query.root),
    offset: query.root.offset ?? 0,
    count: request.prefer.count,
    countMethod: request.prefer.countMethod,
    single: request.single,
    media: request.media ?? 'json',
  };
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

export function planMutate(
  cache: SchemaCache,
  request: ApiRequest,
  resource: string,
  method: MutateMethod,
): MutatePlan {
  const query = requireQuery(request);
  const table = findTable(cache, resource);
  const payload = request.payload;
  let rows: Record<string, unknown>[] = [];
  let columns: string[] = [];
  let conflict: string[] | null = null;
  let resolution: MutatePlan['resolution'] = null;
  let empty = false;
  if (method === 'POST' || method === 'PUT') {
    const list = Array.isArray(payload) ? (payload as unknown[]) : [payload];
    if (!list.every(isObject)) throw new RestError(400, 'PGRST102', 'All object keys must match');
    rows = list;
    if (rows.length === 0) empty = true;
    columns = payloadColumns(table, rows, query.columns);
    if (columns.length === 0 && rows.length > 1) {
      throw new RestError(400, 'PGRST102', 'All object keys must match');
    }
    for (const column of query.onConflict ?? []) {
      if (!table.columns.has(column)) throw unknownColumn(table.name, column);
    }
    resolution = method === 'PUT' ? 'merge-duplicates' : request.prefer.resolution;
    if (resolution) {
      conflict = query.onConflict ?? table.primaryKey;
      if (conflict.length === 0) {
        throw new RestError(400, 'PGRST100', `Table '${table.name}' has no primary key; use on_conflict`);
      }
    }
  } else if (method === 'PATCH') {
    if (!isObject(payload)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    rows = [payload];
    columns = payloadColumns(table, rows, null);
    if (columns.length === 0) empty = true;
  }
  return {
    kind: 'mutate',
    method,
    table,
    rows,
    columns,
    conflict,
    resolution,
    missingDefault: request.prefer.missingDefault,
    returning: planReadNode(cache, table, query.root),
    representation: request.prefer.returnRepresentation || request.single,
    empty,
    single: request.single,
  };
}

/** The overload whose parameters match the argument names (every name known, every required one given). */
export function pickFunction(cache: SchemaCache, name: string, argNames: string[]): FunctionDef {
  const overloads = cache.functions.get(name) ?? [];
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

/** A function's result rows seen as a table, so select, filters and order apply to them. */
function resultTable(cache: SchemaCache, fn: FunctionDef): Table {
  const known = fn.returnsTable ? cache.tables.get(fn.returnsTable) : undefined;
  if (known) return known;
  const columnList = fn.outColumns.map((col, i) => ({
    name: col.name,
    type: col.type,
    typname: col.type,
    nullable: true,
    hasDefault: false,
    generated: false,
    position: i + 1,
  }));
  return {
    name: fn.name,
    kind: 'view',
    columns: new Map(columnList.map((column) => [column.name, column])),
    columnList,
    primaryKey: [],
    uniqueKeys: [],
  };
}

export function planCall(
  cache: SchemaCache,
  request: ApiRequest,
  name: string,
  method: 'GET' | 'HEAD' | 'POST',
): CallPlan {
  const isGet = method !== 'POST';
  let args: Record<string, unknown> = {};
  let query: ParsedQuery;
  if (isGet) {
    // GET arguments are the query parameters named like a parameter of the function.
    const known = new Set(
      (cache.functions.get(name) ?? [])
        .flatMap((fn) => fn.args.map((a) => a.name))
        .filter((arg) => arg !== ''),
    );
    for (const [key, value] of request.params) {
      if (known.has(key) && !reservedParams.has(key)) args[key] = value;
    }
    query = parseQuery(request.params, new Set(Object.keys(args)));
  } else {
    const payload = request.payload;
    if (payload === undefined) args = {};
    else if (isObject(payload)) args = payload;
    else throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    if (Object.keys(args).includes('')) {
      throw new RestError(
        400,
        'PGRST102',
        'Empty or invalid json',
        'Every function argument needs a name; an empty name was given',
      );
    }
    query = requireQuery(request);
  }
  const fn = pickFunction(cache, name, Object.keys(args));
  applyRange(query.root, request.range);
  const provided = fn.args.filter((a) => a.name in args);
  const readOnly = isGet || !fn.volatile;
  const base = { kind: 'call' as const, fn, args, provided, readOnly, count: request.prefer.count };
  if (!fn.returnsRows) {
    const result: CallResult = fn.returnsSet ? 'set-scalar' : fn.returnType === 'void' ? 'void' : 'scalar';
    return { ...base, result, root: null, offset: 0, single: request.single && result === 'set-scalar' };
  }
  const table = resultTable(cache, fn);
  return {
    ...base,
    result: fn.returnsSet ? 'rows' : 'row',
    root: planReadNode(cache, table, query.root),
    offset: query.root.offset ?? 0,
    single: request.single && fn.returnsSet,
  };
}

/** The plan for any table or function request. */
export function planRequest(cache: SchemaCache, request: ApiRequest): Plan {
  const action = request.action;
  switch (action.kind) {
    case 'read':
      return planRead(cache, request, action.resource);
    case 'mutate':
      return planMutate(cache, request, action.resource, action.method);
    case 'call':
      return planCall(cache, request, action.fn, action.method);
    default:
      throw new Error('no plan for ' + action.kind);
  }
}
