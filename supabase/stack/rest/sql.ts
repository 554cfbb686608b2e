// Stage 3 of /rest/v1, as in PostgREST's Query: a plan becomes one SQL statement and its parameters.
// Postgres produces the JSON (json_agg over subqueries, embeds as lateral joins, a single object by
// the statement itself); every identifier was resolved by the plan or is checked against its table
// here, and every value is a bound parameter.
import { RestError, parseError, unknownColumn } from './errors.ts';
import type { Condition, FieldRef, Filter, OrderTerm } from './parse.ts';
import type { CallPlan, MutatePlan, ReadNode, ReadPlan } from './plan.ts';
import type { Relationship, SchemaCache, Table } from './schema.ts';

/** Collects bound values; `add` returns the placeholder. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** SQL spellings of catalog types (pg_type says int4, bool, ...). */
const sqlTypeAliases = new Set([
  'int',
  'integer',
  'smallint',
  'bigint',
  'real',
  'float',
  'double precision',
  'decimal',
  'boolean',
  'character varying',
  'varchar',
  'character',
  'timestamp with time zone',
  'timestamp without time zone',
  'time with time zone',
  'time without time zone',
]);

/** Quotes a name that has already been checked against the catalog. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(table: Pick<Table, 'name' | 'schema'>): string {
  return `${ident(table.schema ?? 'public')}.${ident(table.name)}`;
}

export class Builder {
  readonly params = new Params();
  private aliasCount = 0;
  /** SQL alias -> the level's name in PostgREST's column errors (ReadNode.label). */
  private readonly labels = new Map<string, string>();

  constructor(readonly cache: SchemaCache) {}

  nextAlias(): string {
    this.aliasCount += 1;
    return `pgrst_${this.aliasCount}`;
  }

  column(table: Table, name: string, alias?: string): string {
    if (!table.columns.has(name) && !(alias && table.computed?.has(name))) {
      throw unknownColumn((alias && this.labels.get(alias)) ?? table.name, name);
    }
    return ident(name);
  }

  /** `alias."col"` with JSON steps; key values are bound parameters. */
  fieldExpr(table: Table, alias: string, field: FieldRef): string {
    const computed = table.columns.has(field.column) ? undefined : table.computed?.get(field.column);
    // A computed field is its function applied to the row (cast, since the row may come from a subquery).
    let expr = computed
      ? `${ident(table.schema ?? 'public')}.${ident(computed)}(${ident(alias)}::${qualified(table)})`
      : `${ident(alias)}.${this.column(table, field.column, alias)}`;
    for (const step of field.json) {
      const key = /^-?\d+$/.test(step.key)
        ? `${this.params.add(step.key)}::int`
        : `${this.params.add(step.key)}::text`;
      expr = `(${expr} ${step.arrow} ${key})`;
    }
    return expr;
  }

  castType(cast: string): string {
    const base = cast.replace(/\[\]$/, '').trim().toLowerCase();
    const known = this.cache.types.has(base) || sqlTypeAliases.has(base);
    if (!known) throw new RestError(400, '42704', `type "${cast}" does not exist`);
    return cast.toLowerCase();
  }

  condition(table: Table, alias: string, filter: Filter): string {
    if (filter.kind === 'logic') {
      const parts = filter.children.map((child) => this.condition(table, alias, child));
      const joined = `(${parts.join(filter.op === 'and' ? ' AND ' : ' OR ')})`;
      return filter.negated ? `NOT ${joined}` : joined;
    }
    const sql = this.simpleCondition(table, alias, filter);
    return filter.negated ? `NOT (${sql})` : sql;
  }

  private simpleCondition(table: Table, alias: string, c: Condition): string {
    const expr = this.fieldExpr(table, alias, c.field);
    const binary: Record<string, string> = {
      eq: '=',
      neq: '<>',
      gt: '>',
      gte: '>=',
      lt: '<',
      lte: '<=',
      like: 'LIKE',
      ilike: 'ILIKE',
      match: '~',
      imatch: '~*',
      isdistinct: 'IS DISTINCT FROM',
      cs: '@>',
      cd: '<@',
      ov: '&&',
      sl: '<<',
      sr: '>>',
      nxr: '&<',
      nxl: '&>',
      adj: '-|-',
    };
    const pattern = (value: string): string =>
      c.operator === 'like' || c.operator === 'ilike' ? value.replace(/\*/g, '%') : value;
    if (c.operator === 'in') {
      const values = c.value as string[];
      if (values.length === 0) return 'FALSE';
      return `${expr} IN (${values.map((value) => this.params.add(value)).join(', ')})`;
    }
    if (c.quantifier) {
      const values = c.value as string[];
      const op = binary[c.operator];
      if (!op) throw parseError(`"failed to parse filter (${c.operator}(${c.quantifier}))"`);
      if (values.length === 0) return c.quantifier === 'any' ? 'FALSE' : 'TRUE';
      const parts = values.map((value) => `${expr} ${op} ${this.params.add(pattern(value))}`);
      return `(${parts.join(c.quantifier === 'any' ? ' OR ' : ' AND ')})`;
    }
    const value = c.value as string;
    if (c.operator === 'is') {
      const keyword = {
        null: 'NULL',
        not_null: 'NOT NULL',
        true: 'TRUE',
        false: 'FALSE',
        unknown: 'UNKNOWN',
      }[value.toLowerCase() as 'null'];
      return `${expr} IS ${keyword}`;
    }
    if (c.operator.endsWith('fts')) {
      const fn = {
        fts: 'to_tsquery',
        plfts: 'plainto_tsquery',
        phfts: 'phraseto_tsquery',
        wfts: 'websearch_to_tsquery',
      }[c.operator as 'fts'];
      const column = table.columns.get(c.field.column);
      const lang = c.language ? `${this.params.add(c.language)}::regconfig, ` : '';
      const vector =
        column?.typname === 'tsvector' && c.field.json.length === 0
          ? expr
          : `to_tsvector(${lang}${expr}::text)`;
      return `${vector} @@ ${fn}(${lang}${this.params.add(value)})`;
    }
    const op = binary[c.operator];
    if (!op) throw parseError(`"unknown operator ${c.operator}"`);
    return `${expr} ${op} ${this.params.add(pattern(value))}`;
  }

  private joinCondition(rel: Relationship, parentAlias: string, childAlias: string): string {
    return rel.fk.columns
      .map((column, i) => {
        const refColumn = rel.fk.refColumns[i]!;
        return rel.sourceHoldsFk
          ? `${ident(childAlias)}.${ident(refColumn)} = ${ident(parentAlias)}.${ident(column)}`
          : `${ident(childAlias)}.${ident(column)} = ${ident(parentAlias)}.${ident(refColumn)}`;
      })
      .join(' AND ');
  }

  /** The statement behind `Prefer: count=...`: the root level's filters, no page, no order, no columns. */
  countStatement(root: ReadNode, source: string): string {
    return this.level(root, source, 'pgrst_0', [], {
      paginate: false,
      order: false,
      rootFilters: true,
      countOnly: true,
    }).sql;
  }

  /**
   * One level: SELECT <items> FROM <source> AS alias [lateral embeds] WHERE ... ORDER BY ... LIMIT/OFFSET.
   * Returns the SQL and the names of its output columns. `countOnly` (the statement behind
   * `Prefer: count=...`) selects no columns and leaves out the embeds that cannot drop a row (all but
   * `!inner`), as PostgREST's count query does: the planner may then count from a narrow index alone.
   */
  level(
    plan: ReadNode,
    source: string,
    alias: string,
    extraWhere: string[],
    options: { paginate: boolean; order: boolean; rootFilters: boolean; countOnly?: boolean },
  ): { sql: string; outputs: string[] } {
    const { table, node } = plan;
    this.labels.set(alias, plan.label);
    const countOnly =
      options.countOnly === true &&
      !node.items.some(
        (item) =>
          item.kind === 'count' ||
          item.kind === 'aggregate' ||
          (item.kind === 'column' && item.field.column === 'count' && !table.columns.has('count')),
      );
    const selects: string[] = [];
    const outputs: string[] = [];
    const joins: string[] = [];
    const where = [...extraWhere];
    const groupBy: string[] = [];
    let aggregate = false;

    for (const item of countOnly ? [] : node.items) {
      if (item.kind === 'star') {
        for (const column of table.columnList) {
          selects.push(`${ident(alias)}.${ident(column.name)}`);
          groupBy.push(`${ident(alias)}.${ident(column.name)}`);
          outputs.push(column.name);
        }
      } else if (item.kind === 'column') {
        if (
          item.field.column === 'count' &&
          item.field.json.length === 0 &&
          !table.columns.has('count') &&
          !item.cast
        ) {
          aggregate = true;
          const name = item.alias ?? 'count';
          selects.push(`count(*) AS ${ident(name)}`);
          outputs.push(name);
          continue;
        }
        let expr = this.fieldExpr(table, alias, item.field);
        if (item.cast) expr = `CAST(${expr} AS ${this.castType(item.cast)})`;
        const last = item.field.json[item.field.json.length - 1];
        const name = item.alias ?? (last ? last.key : item.field.column);
        selects.push(`${expr} AS ${ident(name)}`);
        groupBy.push(expr);
        outputs.push(name);
      } else if (item.kind === 'count') {
        aggregate = true;
        const name = item.alias ?? 'count';
        selects.push(`count(*) AS ${ident(name)}`);
        outputs.push(name);
      } else if (item.kind === 'aggregate') {
        aggregate = true;
        let expr = `${item.fn}(${this.fieldExpr(table, alias, item.field)})`;
        if (item.cast) expr = `CAST(${expr} AS ${this.castType(item.cast)})`;
        const name = item.alias ?? item.fn;
        selects.push(`${expr} AS ${ident(name)}`);
        outputs.push(name);
      }
    }

    for (const embed of plan.embeds) {
      if (countOnly && embed.item.joinType !== 'inner') continue;
      const childAlias = this.nextAlias();
      const joinAlias = this.nextAlias();
      const child = this.level(
        embed.child,
        qualified(embed.child.table),
        childAlias,
        [this.joinCondition(embed.relationship, alias, childAlias)],
        { paginate: true, order: true, rootFilters: true },
      );
      if (embed.item.spread) {
        joins.push(`LEFT JOIN LATERAL (${child.sql}) AS ${ident(joinAlias)} ON TRUE`);
        for (const output of countOnly ? [] : child.outputs) {
          selects.push(`${ident(joinAlias)}.${ident(output)} AS ${ident(output)}`);
          groupBy.push(`${ident(joinAlias)}.${ident(output)}`);
          outputs.push(output);
        }
        if (embed.item.joinType === 'inner') where.push(`${ident(joinAlias)} IS NOT NULL`);
        continue;
      }
      const rowAlias = this.nextAlias();
      const body = embed.toOne
        ? `SELECT row_to_json(${ident(rowAlias)}.*) AS body FROM (${child.sql}) AS ${ident(rowAlias)}`
        : `SELECT coalesce(json_agg(${ident(rowAlias)}.*), '[]'::json) AS body FROM (${child.sql}) AS ${ident(rowAlias)}`;
      joins.push(`LEFT JOIN LATERAL (${body}) AS ${ident(joinAlias)} ON TRUE`);
      if (!embed.hidden && !countOnly) {
        selects.push(`${ident(joinAlias)}.body AS ${ident(embed.name)}`);
        groupBy.push(`${ident(joinAlias)}.body::text`);
        outputs.push(embed.name);
      }
      if (embed.item.joinType === 'inner') {
        where.push(
          embed.toOne
            ? `${ident(joinAlias)}.body IS NOT NULL`
            : `json_array_length(${ident(joinAlias)}.body) > 0`,
        );
      }
    }

    if (options.rootFilters) {
      for (const filter of node.filters) where.push(this.condition(table, alias, filter));
    }

    if (selects.length === 0) {
      // `select=` with only embeds that were all spread away, or nothing at all: PostgREST returns empty objects.
      selects.push('NULL AS "pgrst_empty"');
    }

    let sql = `SELECT ${selects.join(', ')} FROM ${source} AS ${ident(alias)}`;
    if (joins.length > 0) sql += ` ${joins.join(' ')}`;
    if (where.length > 0) sql += ` WHERE ${where.join(' AND ')}`;
    if (aggregate && groupBy.length > 0) sql += ` GROUP BY ${groupBy.join(', ')}`;
    if (options.order && node.order.length > 0) {
      const terms = node.order.map((term, i) =>
        this.orderTerm(table, alias, term, plan.orderRelationships[i] ?? null),
      );
      sql += ` ORDER BY ${terms.join(', ')}`;
    }
    if (options.paginate) {
      if (node.limit !== null) sql += ` LIMIT ${this.params.add(String(node.limit))}::bigint`;
      if (node.offset !== null && node.offset > 0)
        sql += ` OFFSET ${this.params.add(String(node.offset))}::bigint`;
    }
    return { sql, outputs: selects.length === 1 && selects[0] === 'NULL AS "pgrst_empty"' ? [] : outputs };
  }

  /** The root rows of one page, filtered, ordered and limited, without embeds (see pagesFirst). */
  rootPage(plan: ReadNode, source: string, alias: string): string {
    const { table, node } = plan;
    const columns = pageColumns(plan);
    const list = columns
      ? columns.map((column) => `${ident(alias)}.${ident(column)}`).join(', ')
      : `${ident(alias)}.*`;
    let sql = `SELECT ${list} FROM ${source} AS ${ident(alias)}`;
    const where = node.filters.map((filter) => this.condition(table, alias, filter));
    if (where.length > 0) sql += ` WHERE ${where.join(' AND ')}`;
    if (node.order.length > 0) {
      sql += ` ORDER BY ${node.order.map((term) => this.orderTerm(table, alias, term, null)).join(', ')}`;
    }
    if (node.limit !== null) sql += ` LIMIT ${this.params.add(String(node.limit))}::bigint`;
    if (node.offset !== null && node.offset > 0)
      sql += ` OFFSET ${this.params.add(String(node.offset))}::bigint`;
    return sql;
  }

  private orderTerm(table: Table, alias: string, term: OrderTerm, rel: Relationship | null): string {
    let expr: string;
    if (rel) {
      const target = this.cache.tables.get(rel.target);
      if (!target) throw new Error(`relationship to a table missing from the schema cache: ${rel.target}`);
      const childAlias = this.nextAlias();
      expr = `(SELECT ${this.fieldExpr(target, childAlias, term.field)} FROM ${qualified(target)} AS ${ident(childAlias)} WHERE ${this.joinCondition(rel, alias, childAlias)} LIMIT 1)`;
    } else {
      expr = this.fieldExpr(table, alias, term.field);
    }
    let sql = `${expr} ${term.direction === 'desc' ? 'DESC' : 'ASC'}`;
    if (term.nulls) sql += ` NULLS ${term.nulls === 'first' ? 'FIRST' : 'LAST'}`;
    return sql;
  }
}

/** A statement and its bound values. */
export interface Statement {
  sql: string;
  params: unknown[];
  /**
   * `Prefer: count=planned|estimated`: the count statement whose `EXPLAIN` row estimate is the total,
   * as PostgREST reads it (the top plan node's "Plan Rows"). Planned replaces the exact count;
   * estimated keeps the exact one unless the estimate is above `estimateThreshold`.
   */
  estimate?: { sql: string; params: unknown[]; replacesExact: boolean };
}

/** `count=estimated` counts exactly up to this many rows (PostgREST's db-max-rows; config.toml's max_rows). */
export const estimateThreshold = 1000;

/**
 * The one row every statement answers: `total` (with a count), `page_total` (rows in the page or
 * written), `body` (the JSON text: an array, or for a single object the object itself or null) and
 * `inserted` (rows an upsert inserted rather than updated; null otherwise).
 */
export interface ResultRow {
  total: string | number | bigint | null;
  page_total: string | number | bigint;
  body: string | null;
  inserted?: string | number | bigint | null;
}

interface ResponseShape {
  /** Common table expressions that come before the page (e.g. the write). */
  ctes?: string[];
  page: string;
  count: string | null;
  outputs: string[];
  /** The body is the page's only row as an object (null when there is none). */
  single: boolean;
  /** SQL for the `inserted` column (over the CTEs), if any. */
  inserted?: string;
  /** The body's representation (default json). */
  media?: 'json' | 'csv' | 'json-stripped';
}

/** The outer statement for a set of rows: page count, optional total and the JSON body (as text). */
export function wrapForResponse(shape: ResponseShape): string {
  const total = shape.count ? `(SELECT count(*) FROM (${shape.count}) AS pgrst_count)` : 'NULL::bigint';
  const row = shape.outputs.length === 0 ? `'{}'::json` : 'pgrst_source.*';
  let body = shape.single ? `(json_agg(${row}) -> 0)::text` : `coalesce(json_agg(${row}), '[]')::text`;
  if (shape.media === 'json-stripped') {
    body = shape.single
      ? `json_strip_nulls(json_agg(${row}) -> 0)::text`
      : `json_strip_nulls(coalesce(json_agg(${row}), '[]'))::text`;
  } else if (shape.media === 'csv') {
    // PostgREST's CSV: the column names, then each row's record text without its parentheses
    // (Postgres quotes what needs quoting), one line per row.
    const header = `(SELECT coalesce(string_agg(pgrst_key, ','), '') FROM json_object_keys((SELECT row_to_json(pgrst_first) FROM pgrst_source AS pgrst_first LIMIT 1)) AS pgrst_key)`;
    const lines = `coalesce(string_agg(substring(pgrst_source::text, 2, length(pgrst_source::text) - 2), chr(10)), '')`;
    body = `${header} || chr(10) || ${lines}`;
  }
  const ctes = [...(shape.ctes ?? []), `pgrst_source AS (${shape.page})`];
  const inserted = shape.inserted ? `, (${shape.inserted}) AS inserted` : '';
  return `WITH ${ctes.join(', ')} SELECT ${total} AS total, count(*) AS page_total, ${body} AS body${inserted} FROM pgrst_source`;
}

function rootSource(table: Table): string {
  return qualified(table);
}

/**
 * The root columns the level above a page reads (its columns, order and the embeds' join columns), so
 * the page selects only those, as PostgREST's query does: a role allowed some columns of a table only
 * (column privileges) can then read it with embeds. Null when the whole row is needed (`*`, a computed
 * field), which fails for such a role exactly as it does on PostgREST.
 */
function pageColumns(plan: ReadNode): string[] | null {
  const { table, node } = plan;
  const columns = new Set<string>();
  const fields = [
    ...node.items
      .filter((item) => item.kind !== 'embed')
      .map((item) => (item.kind === 'column' ? item.field.column : null)),
    ...node.order.map((term) => term.field.column),
  ];
  for (const column of fields) {
    if (column === null || !table.columns.has(column)) return null;
    columns.add(column);
  }
  for (const { relationship } of plan.embeds) {
    const own = relationship.sourceHoldsFk ? relationship.fk.columns : relationship.fk.refColumns;
    for (const column of own) columns.add(column);
  }
  return columns.size > 0 ? [...columns] : null;
}

/**
 * Whether a read may pick its page of root rows before it builds the embeds: it has embeds, none of
 * them can drop a root row (`!inner`), its order uses no embed, it aggregates nothing, and it asks for
 * a page. Then the embeds are built for the page's rows only, whatever plan the database picks for the
 * filter and order (a price filter estimated at 1 row under RLS built the embeds of 22,000).
 */
function pagesFirst(root: ReadNode): boolean {
  const { node } = root;
  return (
    root.embeds.length > 0 &&
    root.embeds.every((embed) => embed.item.joinType !== 'inner') &&
    root.orderRelationships.every((relationship) => relationship === null) &&
    !node.items.some(
      (item) =>
        item.kind === 'count' ||
        item.kind === 'aggregate' ||
        (item.kind === 'column' && item.field.column === 'count'),
    ) &&
    (node.limit !== null || (node.offset ?? 0) > 0)
  );
}

export function readStatement(cache: SchemaCache, plan: ReadPlan): Statement {
  const b = new Builder(cache);
  const source = rootSource(plan.root.table);
  const page = pagesFirst(plan.root)
    ? b.level(plan.root, `(${b.rootPage(plan.root, source, 'pgrst_0')})`, 'pgrst_0', [], {
        paginate: false,
        order: true,
        rootFilters: false,
      })
    : b.level(plan.root, source, 'pgrst_0', [], { paginate: true, order: true, rootFilters: true });
  const planned = plan.countMethod === 'planned';
  const count = plan.count && !planned ? b.countStatement(plan.root, source) : null;
  const sql = wrapForResponse({
    page: page.sql,
    count,
    outputs: page.outputs,
    single: plan.single,
    media: plan.media,
  });
  if (plan.countMethod !== 'planned' && plan.countMethod !== 'estimated') {
    return { sql, params: b.params.values };
  }
  const e = new Builder(cache);
  const estimate = {
    sql: e.countStatement(plan.root, source),
    params: e.params.values,
    replacesExact: planned,
  };
  return { sql, params: b.params.values, estimate };
}

function upsertCountsInserts(plan: MutatePlan): boolean {
  return plan.resolution !== null && plan.method === 'POST' && plan.table.kind === 'table' && !plan.empty;
}

/**
 * What a write returns, like PostgREST: only the columns the response reads, so a role that may read
 * some columns of a table only (column privileges) can still write it and read those back. Without a
 * representation nothing is read; `*`, embeds, computed fields and ordering by a relation need the
 * whole row.
 */
function returningSql(plan: MutatePlan): string {
  const node = plan.returning.node;
  if (!plan.representation) return ' RETURNING 1 AS "pgrst_one"';
  const columns = new Set<string>();
  const plain = (column: string): boolean => plan.table.columns.has(column) && columns.add(column) !== null;
  const narrow =
    node.embeds.length === 0 &&
    node.items.every((item) => item.kind === 'column' && plain(item.field.column)) &&
    node.order.every((term) => term.relation === null && plain(term.field.column));
  if (!narrow || columns.size === 0) return ' RETURNING "pgrst_0".*';
  return ` RETURNING ${[...columns].map((column) => `"pgrst_0".${ident(column)}`).join(', ')}`;
}

/** INSERT/UPDATE/DELETE ... RETURNING, to run as the `pgrst_mutation` CTE. */
function mutationSql(b: Builder, plan: MutatePlan): string {
  const table = plan.table;
  const target = `${qualified(table)} AS "pgrst_0"`;
  const columns = plan.columns;
  const list = columns.map(ident).join(', ');
  const returning = returningSql(plan);
  if (plan.method === 'POST' || plan.method === 'PUT') {
    let sql: string;
    if (columns.length === 0) {
      sql = `INSERT INTO ${target} DEFAULT VALUES`;
    } else if (plan.missingDefault) {
      // Keys a row leaves out take the column default (Prefer: missing=default). PostgREST evaluates a
      // sequence default for every row, also one that names the column, so each row uses up a value;
      // the unused `nextval` (kept by OFFSET 0, being volatile) does the same here.
      const values = plan.rows.map((row) => {
        const rowJson = b.params.add(JSON.stringify(row));
        const cells = columns.map((column) => {
          if (!(column in row)) return 'DEFAULT';
          const value = `(SELECT ${ident(column)} FROM json_populate_record(NULL::${qualified(table)}, ${rowJson}::json))`;
          if (!table.columns.get(column)?.sequenceDefault) return value;
          const sequence = `pg_get_serial_sequence(${b.params.add(qualified(table))}, ${b.params.add(column)})`;
          return `(SELECT pgrst_cell.v FROM (SELECT ${value} AS v, nextval(${sequence}) AS unused OFFSET 0) AS pgrst_cell)`;
        });
        return `(${cells.join(', ')})`;
      });
      sql = `INSERT INTO ${target} (${list}) VALUES ${values.join(', ')}`;
    } else {
      const json = b.params.add(JSON.stringify(plan.rows));
      sql = `INSERT INTO ${target} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${qualified(table)}, ${json}::json) AS pgrst_body`;
    }
    if (plan.resolution && plan.conflict) {
      const conflict = plan.conflict;
      const conflictList = conflict.map((column) => b.column(table, column)).join(', ');
      const others = columns.filter((column) => !conflict.includes(column));
      // A body of only the conflict columns still updates (and so returns) the row, like PostgREST.
      const updates = others.length > 0 ? others : columns;
      sql +=
        plan.resolution === 'ignore-duplicates' || updates.length === 0
          ? ` ON CONFLICT (${conflictList}) DO NOTHING`
          : ` ON CONFLICT (${conflictList}) DO UPDATE SET ${updates.map((column) => `${ident(column)} = EXCLUDED.${ident(column)}`).join(', ')}`;
    }
    // xmax = 0 marks a row the upsert inserted (not updated): 201 or 200.
    return sql + returning + (upsertCountsInserts(plan) ? ', ("pgrst_0".xmax = 0) AS "pgrst_inserted"' : '');
  }
  const where = plan.returning.node.filters.map((filter) => b.condition(table, 'pgrst_0', filter));
  const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  if (plan.method === 'PATCH') {
    const json = b.params.add(JSON.stringify(plan.rows[0] ?? {}));
    const sets = columns.map((column) => `${ident(column)} = pgrst_body.${ident(column)}`).join(', ');
    return `UPDATE ${target} SET ${sets} FROM (SELECT * FROM json_populate_record(NULL::${qualified(table)}, ${json}::json)) AS pgrst_body${whereSql}${returning}`;
  }
  return `DELETE FROM ${target}${whereSql}${returning}`;
}

export function mutateStatement(cache: SchemaCache, plan: MutatePlan): Statement {
  const b = new Builder(cache);
  // A PATCH with `{}` writes nothing but still checks its filters against the table.
  const write = plan.empty
    ? `SELECT "pgrst_0".* FROM ${qualified(plan.table)} AS "pgrst_0" WHERE FALSE AND ${['TRUE', ...plan.returning.node.filters.map((filter) => b.condition(plan.table, 'pgrst_0', filter))].join(' AND ')}`
    : mutationSql(b, plan);
  const selectLevel = b.level(plan.returning, 'pgrst_mutation', 'pgrst_r', [], {
    paginate: false,
    order: true,
    rootFilters: false,
  });
  const sql = wrapForResponse({
    ctes: [`pgrst_mutation AS (${write})`],
    page: plan.representation ? selectLevel.sql : 'SELECT 1 AS "pgrst_one" FROM pgrst_mutation',
    count: null,
    outputs: plan.representation ? selectLevel.outputs : ['pgrst_one'],
    single: plan.single,
    ...(upsertCountsInserts(plan)
      ? { inserted: 'SELECT count(*) FROM pgrst_mutation WHERE "pgrst_inserted"' }
      : {}),
  });
  return { sql, params: b.params.values };
}

export function callStatement(cache: SchemaCache, plan: CallPlan): Statement {
  const b = new Builder(cache);
  const { fn, provided } = plan;
  const json = provided.length > 0 ? b.params.add(JSON.stringify(plan.args)) : '';
  const recordDef = provided.map((a) => `${ident(a.name)} ${a.type}`).join(', ');
  const call = `${ident(fn.schema ?? 'public')}.${ident(fn.name)}(${provided.map((a) => `${ident(a.name)} => pgrst_args.${ident(a.name)}`).join(', ')})`;
  const from =
    provided.length > 0 ? `json_to_record(${json}::json) AS pgrst_args(${recordDef}), LATERAL ` : '';
  if (plan.result === 'set-scalar') {
    const body = plan.single
      ? `(json_agg(pgrst_call) -> 0)::text`
      : `coalesce(json_agg(pgrst_call), '[]')::text`;
    const total = plan.count ? 'count(*)' : 'NULL::bigint';
    const sql = `SELECT ${total} AS total, count(*) AS page_total, ${body} AS body FROM ${from}${call} AS pgrst_call`;
    return { sql, params: b.params.values };
  }
  if (plan.result === 'void' || plan.result === 'scalar') {
    const sql = `SELECT NULL::bigint AS total, 1 AS page_total, to_json(pgrst_call)::text AS body FROM ${from}${call} AS pgrst_call`;
    return { sql, params: b.params.values };
  }
  const root = plan.root!;
  const source = `(SELECT pgrst_call.* FROM ${from}${call} AS pgrst_call)`;
  const page = b.level(root, source, 'pgrst_0', [], { paginate: true, order: true, rootFilters: true });
  const count = plan.count ? b.countStatement(root, source) : null;
  const sql = wrapForResponse({
    page: page.sql,
    count,
    outputs: page.outputs,
    single: plan.result === 'row' || plan.single,
  });
  return { sql, params: b.params.values };
}
