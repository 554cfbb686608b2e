// Builds SQL from a parsed request, the way PostgREST does: one statement whose select list is
// turned into JSON by Postgres (json_agg over subqueries, embeds as lateral joins), every identifier
// checked against the schema cache and every value bound as a parameter.
import { RestError, parseError, unknownColumn } from './errors.ts';
import type { Condition, FieldRef, Filter, OrderTerm, SelectItem } from './parse.ts';
import { relationshipsFrom, type Relationship, type SchemaCache, type Table } from './schema.ts';

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

export function qualified(table: string): string {
  return `"public".${ident(table)}`;
}

/** One level of the request tree: a table with its select items, filters, order and range. */
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

export class Builder {
  readonly params = new Params();
  private aliasCount = 0;

  constructor(readonly cache: SchemaCache) {}

  nextAlias(): string {
    this.aliasCount += 1;
    return `pgrst_${this.aliasCount}`;
  }

  table(name: string): Table {
    const table = this.cache.tables.get(name);
    if (!table)
      throw new RestError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);
    return table;
  }

  column(table: Table, name: string): string {
    if (!table.columns.has(name)) throw unknownColumn(table.name, name);
    return ident(name);
  }

  /** `alias."col"` with JSON steps; key values are bound parameters. */
  fieldExpr(table: Table, alias: string, field: FieldRef): string {
    let expr = `${ident(alias)}.${this.column(table, field.column)}`;
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
      nxl: '&<',
      nxr: '&>',
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

  /** Resolves `relation` (table, FK column or constraint name, with an optional hint) from `source`. */
  relationship(source: Table, item: Extract<SelectItem, { kind: 'embed' }>): Relationship {
    const all = relationshipsFrom(this.cache, source.name);
    let candidates = all.filter((rel) => rel.target === item.relation);
    if (candidates.length === 0) {
      candidates = all.filter(
        (rel) =>
          rel.fk.name === item.relation ||
          (rel.sourceHoldsFk && rel.fk.columns.length === 1 && rel.fk.columns[0] === item.relation),
      );
    }
    if (item.hint) {
      const hint = item.hint;
      candidates = candidates.filter(
        (rel) =>
          rel.fk.name === hint ||
          (rel.fk.columns.length === 1 && rel.fk.columns[0] === hint) ||
          (rel.fk.refColumns.length === 1 && rel.fk.refColumns[0] === hint && rel.sourceHoldsFk === false),
      );
    }
    const label = item.hint ? `${item.relation}!${item.hint}` : item.relation;
    if (candidates.length === 0) {
      throw new RestError(
        400,
        'PGRST200',
        `Could not find a relationship between '${source.name}' and '${item.relation}' in the schema cache`,
        `Searched for a foreign key relationship between '${source.name}' and '${label}' in the schema 'public', but no matches were found.`,
        null,
      );
    }
    if (candidates.length > 1) {
      throw new RestError(
        300,
        'PGRST201',
        `Could not embed because more than one relationship was found for '${source.name}' and '${item.relation}'`,
        candidates
          .map(
            (rel) =>
              `${rel.cardinality} via ${rel.fk.name} using ${rel.fk.table}(${rel.fk.columns.join(', ')})`,
          )
          .join('; '),
        `Try changing '${item.relation}' to one of the following: ${candidates
          .map((rel) => `'${rel.target}!${rel.fk.name}'`)
          .join(', ')}. Find the desired relationship in the 'details' key.`,
      );
    }
    return candidates[0]!;
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

  /**
   * One level: SELECT <items> FROM <source> AS alias [lateral embeds] WHERE ... ORDER BY ... LIMIT/OFFSET.
   * Returns the SQL and the names of its output columns.
   */
  level(
    node: RequestNode,
    table: Table,
    source: string,
    alias: string,
    extraWhere: string[],
    options: { paginate: boolean; order: boolean; rootFilters: boolean },
  ): { sql: string; outputs: string[] } {
    const selects: string[] = [];
    const outputs: string[] = [];
    const joins: string[] = [];
    const where = [...extraWhere];
    const groupBy: string[] = [];
    let aggregate = false;

    for (const item of node.items) {
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
      }
    }

    for (const embed of node.embeds) {
      const rel = this.relationship(table, embed.item);
      const target = this.table(rel.target);
      const childAlias = this.nextAlias();
      const joinAlias = this.nextAlias();
      const child = this.level(
        embed.node,
        target,
        qualified(target.name),
        childAlias,
        [this.joinCondition(rel, alias, childAlias)],
        { paginate: true, order: true, rootFilters: true },
      );
      const toOne = rel.cardinality !== 'one-to-many';
      if (embed.item.spread) {
        if (!toOne) {
          throw new RestError(
            400,
            'PGRST118',
            `A spread operation on '${embed.item.relation}' is not possible`,
            `'${table.name}' and '${embed.item.relation}' do not form a many-to-one or one-to-one relationship`,
          );
        }
        joins.push(`LEFT JOIN LATERAL (${child.sql}) AS ${ident(joinAlias)} ON TRUE`);
        for (const output of child.outputs) {
          selects.push(`${ident(joinAlias)}.${ident(output)} AS ${ident(output)}`);
          groupBy.push(`${ident(joinAlias)}.${ident(output)}`);
          outputs.push(output);
        }
        if (embed.item.joinType === 'inner') where.push(`${ident(joinAlias)} IS NOT NULL`);
        continue;
      }
      const rowAlias = this.nextAlias();
      const body = toOne
        ? `SELECT row_to_json(${ident(rowAlias)}.*) AS body FROM (${child.sql}) AS ${ident(rowAlias)}`
        : `SELECT coalesce(json_agg(${ident(rowAlias)}.*), '[]'::json) AS body FROM (${child.sql}) AS ${ident(rowAlias)}`;
      joins.push(`LEFT JOIN LATERAL (${body}) AS ${ident(joinAlias)} ON TRUE`);
      selects.push(`${ident(joinAlias)}.body AS ${ident(embed.name)}`);
      groupBy.push(`${ident(joinAlias)}.body::text`);
      outputs.push(embed.name);
      if (embed.item.joinType === 'inner') {
        where.push(
          toOne ? `${ident(joinAlias)}.body IS NOT NULL` : `json_array_length(${ident(joinAlias)}.body) > 0`,
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
      sql += ` ORDER BY ${node.order.map((term) => this.orderTerm(table, alias, term)).join(', ')}`;
    }
    if (options.paginate) {
      if (node.limit !== null) sql += ` LIMIT ${this.params.add(String(node.limit))}::bigint`;
      if (node.offset !== null && node.offset > 0)
        sql += ` OFFSET ${this.params.add(String(node.offset))}::bigint`;
    }
    return { sql, outputs: selects.length === 1 && selects[0] === 'NULL AS "pgrst_empty"' ? [] : outputs };
  }

  private orderTerm(table: Table, alias: string, term: OrderTerm): string {
    let expr: string;
    if (term.relation) {
      const rel = this.relationship(table, {
        kind: 'embed',
        relation: term.relation,
        alias: null,
        hint: term.hint,
        joinType: null,
        spread: false,
        select: [],
      });
      if (rel.cardinality === 'one-to-many') {
        throw new RestError(
          400,
          'PGRST118',
          `A related order on '${term.relation}' is not possible`,
          `'${table.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
        );
      }
      const target = this.table(rel.target);
      const childAlias = this.nextAlias();
      expr = `(SELECT ${this.fieldExpr(target, childAlias, term.field)} FROM ${qualified(target.name)} AS ${ident(childAlias)} WHERE ${this.joinCondition(rel, alias, childAlias)} LIMIT 1)`;
    } else {
      expr = this.fieldExpr(table, alias, term.field);
    }
    let sql = `${expr} ${term.direction === 'desc' ? 'DESC' : 'ASC'}`;
    if (term.nulls) sql += ` NULLS ${term.nulls === 'first' ? 'FIRST' : 'LAST'}`;
    return sql;
  }
}

/** The outer statement for a set of rows: page count, optional total and the JSON body (as text). */
export function wrapForResponse(pageSql: string, countSql: string | null, outputs: string[]): string {
  const total = countSql ? `(SELECT count(*) FROM (${countSql}) AS pgrst_count)` : 'NULL::bigint';
  const body =
    outputs.length === 0
      ? `coalesce(json_agg('{}'::json), '[]')::text`
      : `coalesce(json_agg(pgrst_source.*), '[]')::text`;
  return `WITH pgrst_source AS (${pageSql}) SELECT ${total} AS total, count(*) AS page_total, ${body} AS body FROM pgrst_source`;
}
