// The schema cache: exposed tables, columns, keys, foreign keys and functions of `public`, read from
// pg_catalog. Every identifier a request names is checked against it before any SQL is built.
import type { Queryable } from '../context.ts';

export interface Column {
  name: string;
  /** format_type(), e.g. "numeric(10,2)", "text[]". */
  type: string;
  /** pg_type.typname of the base type, e.g. "numeric", "_text". */
  typname: string;
  nullable: boolean;
  hasDefault: boolean;
  generated: boolean;
  position: number;
  /** The default takes a sequence's next value (identity or serial). */
  sequenceDefault?: boolean;
}

export interface Table {
  name: string;
  /** The schema it lives in (default public). */
  schema?: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  /** Columns in definition order. */
  columnList: Column[];
  primaryKey: string[];
  /** Column sets with a unique constraint or unique index (the primary key included). */
  uniqueKeys: string[][];
  /**
   * Computed fields: `f(<this table's row>)` functions returning one scalar, selectable (and usable in
   * filters and order) like a column but not part of `*`, as in PostgREST. Name -> function name.
   */
  computed?: Map<string, string>;
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface FunctionDef {
  name: string;
  /** The schema it lives in (default public). */
  schema?: string;
  args: FunctionArg[];
  returnType: string;
  returnsSet: boolean;
  /** The function returns rows (a table type, record or `returns table`). */
  returnsRows: boolean;
  /** Output columns for row-returning functions (table type columns or OUT/TABLE args). */
  outColumns: { name: string; type: string }[];
  /** The public table the function returns (`setof products`), so embeds work on its rows. */
  returnsTable: string | null;
  volatile: boolean;
  /**
   * The function's own `set statement_timeout` in milliseconds, if it has one: PostgREST hoists it
   * (db-hoisted-tx-settings) so it bounds the call instead of the request's default.
   */
  statementTimeoutMs?: number;
}

export interface SchemaCache {
  /** The exposed schema this cache describes (Accept-Profile / Content-Profile pick it). */
  schema?: string;
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  functions: Map<string, FunctionDef[]>;
  /** Type names usable in `::cast` (pg_type names of the catalog). */
  types: Set<string>;
}

interface ColumnRow {
  table_oid: string;
  table_name: string;
  relkind: string;
  column_name: string;
  type: string;
  typname: string;
  notnull: boolean;
  hasdefault: boolean;
  generated: boolean;
  position: number;
  sequence_default: boolean;
}

interface KeyRow {
  table_name: string;
  columns: string[];
  primary: boolean;
}

interface FkRow {
  name: string;
  table_name: string;
  columns: string[];
  ref_table: string;
  ref_columns: string[];
}

interface FunctionRow {
  name: string;
  arg_names: string[] | null;
  arg_types: string[] | null;
  arg_modes: string[] | null;
  n_defaults: number;
  return_type: string;
  returns_set: boolean;
  returns_rows: boolean;
  volatile: string;
  out_names: string[];
  out_types: string[];
  returns_table: string | null;
  config: string[] | null;
}

/** A `statement_timeout` setting (`120s`, `5min`, `2500ms`, `3000`) in milliseconds, else undefined. */
export function statementTimeoutMs(config: readonly string[] | null): number | undefined {
  const setting = config?.find((item) => item.startsWith('statement_timeout='));
  const match = setting?.slice('statement_timeout='.length).match(/^(\d+)\s*(ms|s|min|h)?$/);
  if (!match) return undefined;
  const factor = { ms: 1, s: 1_000, min: 60_000, h: 3_600_000 }[match[2] ?? 'ms'] ?? 1;
  return Number(match[1]) * factor;
}

export async function loadSchemaCache(db: Queryable, schema = 'public'): Promise<SchemaCache> {
  const columns = await db.query<ColumnRow>(
    `
    select c.oid::text as table_oid, c.relname as table_name, c.relkind::text as relkind, a.attname as column_name,
           format_type(a.atttypid, a.atttypmod) as type, t.typname::text as typname,
           a.attnotnull as notnull, a.atthasdef as hasdefault, a.attgenerated <> '' as generated,
           a.attnum::int as position,
           coalesce(a.attidentity <> '', false)
             or coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false) as sequence_default
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    join pg_type t on t.oid = a.atttypid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
    order by c.relname, a.attnum`,
    [schema],
  );
  const keys = await db.query<KeyRow>(
    `
    select c.relname as table_name, i.indisprimary as primary,
           array(select a.attname::text from unnest(i.indkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum order by k.ord) as columns
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = $1 and i.indisunique and i.indpred is null and i.indexprs is null`,
    [schema],
  );
  const fks = await db.query<FkRow>(
    `
    select con.conname as name, c.relname as table_name, rc.relname as ref_table,
           array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord) as columns,
           array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.ord) as ref_columns
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_class rc on rc.oid = con.confrelid
    join pg_namespace rn on rn.oid = rc.relnamespace
    where con.contype = 'f' and n.nspname = $1 and rn.nspname = $1
    order by con.conname`,
    [schema],
  );
  const functions = await db.query<FunctionRow>(
    `
    select p.proname as name, p.proargnames::text[] as arg_names, p.proargmodes::text[] as arg_modes,
           array(select format_type(t, null) from unnest(p.proargtypes) as t) as arg_types,
           p.pronargdefaults::int as n_defaults, format_type(p.prorettype, null) as return_type,
           p.proretset as returns_set, p.provolatile::text as volatile, p.proconfig::text[] as config,
           (rt.typtype = 'c' or p.prorettype = 'record'::regtype) as returns_rows,
           case when rt.typtype = 'c' and rtn.nspname = $1 then rc.relname::text end as returns_table,
           case when rt.typtype = 'c' then
             array(select a.attname::text from pg_attribute a
                   where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum)
           else
             array(select x.name from unnest(p.proargnames, p.proargmodes) with ordinality x(name, mode, ord)
                   where x.mode in ('o', 't', 'b') order by x.ord)
           end as out_names,
           case when rt.typtype = 'c' then
             array(select format_type(a.atttypid, a.atttypmod) from pg_attribute a
                   where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum)
           else
             array(select format_type(x.type, null) from unnest(p.proallargtypes, p.proargmodes) with ordinality x(type, mode, ord)
                   where x.mode in ('o', 't', 'b') order by x.ord)
           end as out_types
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type rt on rt.oid = p.prorettype
    left join pg_class rc on rc.oid = rt.typrelid
    left join pg_namespace rtn on rtn.oid = rc.relnamespace
    where n.nspname = $1 and p.prokind = 'f'`,
    [schema],
  );
  const views = await db.query<{ view_name: string; action: string }>(
    `
    select v.relname as view_name, r.ev_action::text as action
    from pg_rewrite r
    join pg_class v on v.oid = r.ev_class
    join pg_namespace n on n.oid = v.relnamespace
    where n.nspname = $1 and v.relkind in ('v', 'm') and r.rulename = '_RETURN'`,
    [schema],
  );
  const types = await db.query<{ name: string }>(
    `
    select distinct typname::text as name from pg_type
    where typnamespace in (select oid from pg_namespace where nspname in ('pg_catalog', $1)) and typname !~ '^(_|pg_)'`,
    [schema],
  );

  const tables = new Map<string, Table>();
  for (const row of columns.rows) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = {
        name: row.table_name,
        schema,
        kind: row.relkind === 'v' || row.relkind === 'm' ? 'view' : 'table',
        columns: new Map(),
        columnList: [],
        primaryKey: [],
        uniqueKeys: [],
      };
      tables.set(row.table_name, table);
    }
    const column: Column = {
      name: row.column_name,
      type: row.type,
      typname: row.typname,
      nullable: !row.notnull,
      hasDefault: row.hasdefault,
      generated: row.generated,
      position: row.position,
      ...(row.sequence_default ? { sequenceDefault: true } : {}),
    };
    table.columns.set(column.name, column);
    table.columnList.push(column);
  }
  for (const row of keys.rows) {
    const table = tables.get(row.table_name);
    if (!table) continue;
    table.uniqueKeys.push(row.columns);
    if (row.primary) table.primaryKey = row.columns;
  }

  const functionMap = new Map<string, FunctionDef[]>();
  for (const row of functions.rows) {
    const types = row.arg_types ?? [];
    const modes = row.arg_modes;
    const allNames = row.arg_names ?? [];
    // proargnames covers all args (in, out, table); proargtypes only the input ones.
    const inputNames = modes
      ? allNames.filter((_, i) => modes[i] === 'i' || modes[i] === 'b' || modes[i] === 'v')
      : allNames;
    const firstDefault = types.length - row.n_defaults;
    const args: FunctionArg[] = types.map((type, i) => ({
      name: inputNames[i] ?? '',
      type,
      hasDefault: i >= firstDefault,
    }));
    const def: FunctionDef = {
      name: row.name,
      schema,
      args,
      returnType: row.return_type,
      returnsSet: row.returns_set,
      returnsRows: row.returns_rows,
      outColumns: row.out_names.map((name, i) => ({ name, type: row.out_types[i] ?? 'text' })),
      returnsTable: row.returns_table,
      volatile: row.volatile === 'v',
    };
    const timeout = statementTimeoutMs(row.config);
    if (timeout !== undefined) def.statementTimeoutMs = timeout;
    const list = functionMap.get(row.name) ?? [];
    list.push(def);
    functionMap.set(row.name, list);
    const rowType = args.length === 1 ? args[0]!.type.replace(/^(public\.)?"?([^"]*)"?$/, '$2') : null;
    const owner = rowType === null ? undefined : tables.get(rowType);
    if (owner && !def.returnsSet && !def.returnsRows && def.returnType !== 'void') {
      owner.computed ??= new Map();
      owner.computed.set(row.name, row.name);
    }
  }

  const foreignKeys: ForeignKey[] = fks.rows.map((row) => ({
    name: row.name,
    table: row.table_name,
    columns: row.columns,
    refTable: row.ref_table,
    refColumns: row.ref_columns,
  }));
  const columnsByOid = new Map<string, { table: string; byNumber: Map<number, string> }>();
  for (const row of columns.rows) {
    const entry = columnsByOid.get(row.table_oid) ?? { table: row.table_name, byNumber: new Map() };
    entry.byNumber.set(Number(row.position), row.column_name);
    columnsByOid.set(row.table_oid, entry);
  }
  const viewSources = new Map<string, ViewColumnSource[]>();
  for (const row of views.rows) {
    const sources: ViewColumnSource[] = [];
    for (const entry of viewTargetEntries(row.action)) {
      const base = columnsByOid.get(entry.tableOid);
      const column = base?.byNumber.get(entry.column);
      if (base && column) sources.push({ viewColumn: entry.name, table: base.table, column });
    }
    viewSources.set(row.view_name, sources);
  }

  return {
    schema,
    tables,
    foreignKeys: [...foreignKeys, ...viewForeignKeys(foreignKeys, viewSources)],
    functions: functionMap,
    types: new Set(types.rows.map((row) => row.name)),
  };
}

/** How `target` can be embedded from `source`. */
export interface Relationship {
  fk: ForeignKey;
  /** many-to-one (source holds the FK): the embed is an object; one-to-many: an array. */
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one';
  /** True when `source` holds the foreign key columns. */
  sourceHoldsFk: boolean;
  target: string;
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((column) => b.includes(column));
}

/** Every relationship from `source` to any table, in both directions. */
export function relationshipsFrom(cache: SchemaCache, source: string): Relationship[] {
  const result: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    if (fk.table === source) {
      result.push({ fk, cardinality: 'many-to-one', sourceHoldsFk: true, target: fk.refTable });
    }
    if (fk.refTable === source) {
      const holder = cache.tables.get(fk.table);
      const unique = holder?.uniqueKeys.some((key) => sameColumns(key, fk.columns)) ?? false;
      result.push({
        fk,
        cardinality: unique ? 'one-to-one' : 'one-to-many',
        sourceHoldsFk: false,
        target: fk.table,
      });
    }
  }
  return result;
}

/** A view column that is a plain column of a table (or of another view). */
interface ViewColumnSource {
  viewColumn: string;
  table: string;
  column: string;
}

/** Splits a pg_node_tree text into tokens: braces and parentheses, and words (backslash escapes). */
function nodeTokens(text: string): string[] {
  const tokens: string[] = [];
  let current = '';
  const flush = (): void => {
    if (current !== '') tokens.push(current);
    current = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length) {
      current += text[i + 1]!;
      i += 1;
    } else if (ch === '{' || ch === '}' || ch === '(' || ch === ')') {
      flush();
      tokens.push(ch);
    } else if (/\s/.test(ch)) flush();
    else current += ch;
  }
  flush();
  return tokens;
}

/**
 * The top-level target list of a view's `_RETURN` rule (pg_rewrite.ev_action): for each output
 * column, the table and column it comes from (resorigtbl/resorigcol), when it is a plain column.
 * This is how PostgREST infers relationships of views from their base tables.
 */
export function viewTargetEntries(action: string): { name: string; tableOid: string; column: number }[] {
  const tokens = nodeTokens(action);
  const entries: { name: string; tableOid: string; column: number }[] = [];
  let depth = 0;
  let inTargetList = false;
  let entry: Record<string, string> | null = null;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token === '{') {
      depth += 1;
      if (inTargetList && depth === 2 && tokens[i + 1] === 'TARGETENTRY') entry = {};
      continue;
    }
    if (token === '}') {
      if (entry && depth === 2) {
        const column = Number(entry.resorigcol ?? 0);
        if (
          entry.resjunk !== 'true' &&
          entry.resname &&
          entry.resorigtbl &&
          entry.resorigtbl !== '0' &&
          column > 0
        ) {
          entries.push({ name: entry.resname, tableOid: entry.resorigtbl, column });
        }
        entry = null;
      }
      depth -= 1;
      // Only the first (outermost) query of the rule counts.
      if (depth === 0 && entries.length > 0) break;
      continue;
    }
    if (depth === 1 && token.startsWith(':')) inTargetList = token === ':targetList';
    else if (entry && depth === 2 && token.startsWith(':')) entry[token.slice(1)] = tokens[i + 1] ?? '';
  }
  return entries;
}

/**
 * Foreign keys of views, inferred from their base tables: a view that shows all the columns of a
 * table's foreign key (or all the referenced columns) takes part in that relationship, under the same
 * constraint name. Views of views follow the chain.
 */
function viewForeignKeys(
  foreignKeys: ForeignKey[],
  viewSources: Map<string, ViewColumnSource[]>,
): ForeignKey[] {
  /** The base table and column behind a view column, following views of views. */
  const resolve = (
    view: string,
    column: string,
    seen = new Set<string>(),
  ): { table: string; column: string } | null => {
    const source = viewSources.get(view)?.find((entry) => entry.viewColumn === column);
    if (!source) return null;
    if (viewSources.has(source.table) && !seen.has(source.table)) {
      seen.add(source.table);
      return resolve(source.table, source.column, seen);
    }
    return { table: source.table, column: source.column };
  };
  /** Each relation (the table itself and every view over it) that shows all `columns` of `table`. */
  const holders = (table: string, columns: string[]): { relation: string; columns: string[] }[] => {
    const result = [{ relation: table, columns }];
    for (const [view, sources] of viewSources) {
      const mapped = columns.map(
        (column) =>
          sources.find((entry) => {
            const base = resolve(view, entry.viewColumn);
            return base?.table === table && base.column === column;
          })?.viewColumn,
      );
      if (mapped.every((name): name is string => name !== undefined))
        result.push({ relation: view, columns: mapped });
    }
    return result;
  };
  const inferred: ForeignKey[] = [];
  for (const fk of foreignKeys) {
    for (const from of holders(fk.table, fk.columns)) {
      for (const to of holders(fk.refTable, fk.refColumns)) {
        if (from.relation === fk.table && to.relation === fk.refTable) continue;
        inferred.push({
          name: fk.name,
          table: from.relation,
          columns: from.columns,
          refTable: to.relation,
          refColumns: to.columns,
        });
      }
    }
  }
  return inferred;
}
