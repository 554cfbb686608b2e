// `gen-types`: the `Database` TypeScript types from the live schema, in the shape
// `supabase gen types typescript` writes (tables, views, functions, enums, composite types and the
// Tables / TablesInsert / TablesUpdate / Enums / CompositeTypes helpers), into @prepper/shared.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { projectDir } from './config.ts';
import type { Queryable } from './context.ts';

export const defaultTypesFile = resolve(projectDir, '..', 'shared', 'src', 'database.types.ts');

interface TypeRow {
  oid: number;
  typname: string;
  typtype: string;
  typelem: number;
  typrelid: number;
  typcategory: string;
  typbasetype: number;
  nspname: string;
}

interface RelationRow {
  oid: number;
  relname: string;
  relkind: string;
  is_updatable: boolean;
}

interface ColumnRow {
  attrelid: number;
  attname: string;
  attnum: number;
  atttypid: number;
  attnotnull: boolean;
  atthasdef: boolean;
  attidentity: string;
  attgenerated: string;
}

interface ForeignKeyRow {
  conname: string;
  conrelid: number;
  columns: string[];
  ref_table: string;
  ref_columns: string[];
  one_to_one: boolean;
}

interface FunctionRow {
  oid: number;
  proname: string;
  proretset: boolean;
  prorettype: number;
  proargnames: string[] | null;
  proargmodes: string[] | null;
  allargtypes: number[];
  pronargdefaults: number;
  pronargs: number;
}

interface EnumRow {
  typname: string;
  enumlabel: string;
}

interface Column {
  name: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  identity: string;
  generated: boolean;
  /** Assigned by a BEFORE INSERT trigger (NEW.col := ...), so an insert may leave it out. */
  filledByTrigger: boolean;
}

export interface SchemaModel {
  tables: { name: string; columns: Column[]; relationships: ForeignKeyRow[] }[];
  views: { name: string; columns: Column[]; updatable: boolean; relationships: ForeignKeyRow[] }[];
  functions: { name: string; args: { name: string; type: string; optional: boolean }[]; returns: string }[];
  enums: { name: string; values: string[] }[];
  composites: { name: string; columns: Column[] }[];
}

/** Postgres arrays come back parsed or as '{a,b}' text depending on the driver; both become string[]. */
function textArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.startsWith('{') && value.endsWith('}')) {
    const inner = value.slice(1, -1);
    return inner === '' ? [] : inner.split(',').map((item) => item.replace(/^"(.*)"$/, '$1'));
  }
  return [];
}

function numberArray(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string')
    return value
      .replace(/[{}]/g, '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
  return [];
}

const scalarTypes: Record<string, string> = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  oid: 'number',
  json: 'Json',
  jsonb: 'Json',
  void: 'undefined',
  record: 'Record<string, unknown>',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  char: 'string',
  name: 'string',
  citext: 'string',
  uuid: 'string',
  date: 'string',
  time: 'string',
  timetz: 'string',
  timestamp: 'string',
  timestamptz: 'string',
  interval: 'string',
  inet: 'string',
  cidr: 'string',
  macaddr: 'string',
  bytea: 'string',
  tsvector: 'string',
  tsquery: 'string',
  money: 'string',
  bit: 'string',
  varbit: 'string',
  xml: 'string',
};

export async function introspect(db: Queryable, schema = 'public'): Promise<SchemaModel> {
  const types = new Map<number, TypeRow>();
  for (const row of (
    await db.query<TypeRow>(
      `select t.oid::int as oid, t.typname, t.typtype::text as typtype, t.typelem::int as typelem,
              t.typrelid::int as typrelid, t.typcategory::text as typcategory,
              t.typbasetype::int as typbasetype, n.nspname
       from pg_type t join pg_namespace n on n.oid = t.typnamespace`,
    )
  ).rows) {
    types.set(Number(row.oid), row);
  }
  const relations = (
    await db.query<RelationRow>(
      `select c.oid::int as oid, c.relname, c.relkind::text as relkind,
              (pg_relation_is_updatable(c.oid::regclass, false) & 12) = 12 as is_updatable
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c')
       order by c.relname`,
      [schema],
    )
  ).rows;
  const relationNames = new Map(relations.map((r) => [Number(r.oid), r.relname]));
  const columnsByRelation = new Map<number, ColumnRow[]>();
  if (relations.length > 0) {
    const { rows } = await db.query<ColumnRow>(
      `select a.attrelid::int as attrelid, a.attname, a.attnum::int as attnum, a.atttypid::int as atttypid,
              a.attnotnull, a.atthasdef, a.attidentity::text as attidentity, a.attgenerated::text as attgenerated
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and a.attnum > 0 and not a.attisdropped
       order by a.attrelid, a.attnum`,
      [schema],
    );
    for (const row of rows) {
      const list = columnsByRelation.get(Number(row.attrelid)) ?? [];
      list.push(row);
      columnsByRelation.set(Number(row.attrelid), list);
    }
  }
  const enums = new Map<string, string[]>();
  for (const row of (
    await db.query<EnumRow>(
      `select t.typname, e.enumlabel from pg_enum e join pg_type t on t.oid = e.enumtypid
       join pg_namespace n on n.oid = t.typnamespace where n.nspname = $1 order by t.typname, e.enumsortorder`,
      [schema],
    )
  ).rows) {
    enums.set(row.typname, [...(enums.get(row.typname) ?? []), row.enumlabel]);
  }

  const tsType = (oid: number): string => {
    const type = types.get(oid);
    if (!type) return 'unknown';
    if (type.typcategory === 'A' && type.typelem !== 0) return `${tsType(Number(type.typelem))}[]`;
    if (type.typtype === 'e') {
      return type.nspname === schema ? `Database["${schema}"]["Enums"]["${type.typname}"]` : 'string';
    }
    if (type.typtype === 'd') return tsType(Number(type.typbasetype));
    if (type.typtype === 'c' && type.nspname === schema && relationNames.has(Number(type.typrelid))) {
      const relation = relations.find((r) => Number(r.oid) === Number(type.typrelid));
      if (relation?.relkind === 'c') return `Database["${schema}"]["CompositeTypes"]["${type.typname}"]`;
      const group = relation?.relkind === 'v' || relation?.relkind === 'm' ? 'Views' : 'Tables';
      return `Database["${schema}"]["${group}"]["${type.typname}"]["Row"]`;
    }
    return scalarTypes[type.typname] ?? 'unknown';
  };

  const triggerSources = new Map<number, string>();
  for (const row of (
    await db.query<{ tgrelid: number; prosrc: string }>(
      `select t.tgrelid::int as tgrelid, p.prosrc
       from pg_trigger t join pg_proc p on p.oid = t.tgfoid
       join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and not t.tgisinternal and t.tgenabled <> 'D'
         and (t.tgtype & 7) = 7`,
      [schema],
    )
  ).rows) {
    const relid = Number(row.tgrelid);
    triggerSources.set(relid, `${triggerSources.get(relid) ?? ''}\n${row.prosrc}`);
  }
  const assignedByTrigger = (oid: number, column: string): boolean => {
    const source = triggerSources.get(oid);
    if (!source) return false;
    const name = column.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`\\bnew\\s*\\.\\s*"?${name}"?\\s*:?=`, 'i').test(source);
  };

  const columnsOf = (oid: number, forceNullable: boolean): Column[] =>
    (columnsByRelation.get(oid) ?? [])
      .map((row) => ({
        name: row.attname,
        type: tsType(Number(row.atttypid)),
        nullable: forceNullable || !row.attnotnull,
        hasDefault: row.atthasdef,
        identity: row.attidentity ?? '',
        generated: (row.attgenerated ?? '') !== '',
        filledByTrigger: assignedByTrigger(oid, row.attname),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));

  const foreignKeys = (
    await db.query<ForeignKeyRow>(
      `select con.conname, con.conrelid::int as conrelid,
              array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, ord)
                    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord) as columns,
              rc.relname as ref_table,
              array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, ord)
                    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.ord) as ref_columns,
              exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')
                      and (select array_agg(x order by x) from unnest(u.conkey) x)
                        = (select array_agg(y order by y) from unnest(con.conkey) y)) as one_to_one
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_class rc on rc.oid = con.confrelid
       where con.contype = 'f' and n.nspname = $1
       order by con.conname`,
      [schema],
    )
  ).rows.map((row) => ({
    ...row,
    columns: textArray(row.columns),
    ref_columns: textArray(row.ref_columns),
  }));
  const relationshipsOf = (oid: number) =>
    foreignKeys
      .filter((fk) => Number(fk.conrelid) === oid)
      .sort((a, b) => a.conname.localeCompare(b.conname) || a.ref_table.localeCompare(b.ref_table));

  const functionRows = (
    await db.query<FunctionRow>(
      `select p.oid::int as oid, p.proname, p.proretset, p.prorettype::int as prorettype, p.proargnames,
              p.proargmodes::text[] as proargmodes,
              coalesce(p.proallargtypes::int[], p.proargtypes::int[]) as allargtypes,
              p.pronargdefaults::int as pronargdefaults, p.pronargs::int as pronargs
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
       where n.nspname = $1 and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
         and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid
                         and d.deptype = 'e')
       order by p.proname, p.oid`,
      [schema],
    )
  ).rows;

  const functions = functionRows.map((fn) => {
    const names = fn.proargnames ? textArray(fn.proargnames) : [];
    const modes = fn.proargmodes ? textArray(fn.proargmodes) : [];
    const argTypes = numberArray(fn.allargtypes);
    const inputs: { name: string; type: string }[] = [];
    const tableColumns: { name: string; type: string }[] = [];
    argTypes.forEach((typeOid, index) => {
      const mode = modes[index] ?? 'i';
      const entry = { name: names[index] ?? '', type: tsType(typeOid) };
      if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push(entry);
      if (mode === 't') tableColumns.push(entry);
    });
    const firstOptional = inputs.length - Number(fn.pronargdefaults);
    const args = inputs.map((input, index) => ({ ...input, optional: index >= firstOptional }));
    let returns: string;
    const retType = types.get(Number(fn.prorettype));
    if (tableColumns.length > 0) {
      returns = `${objectType(
        tableColumns.map((c) => ({ name: c.name, type: c.type })),
        8,
      )}[]`;
    } else if (retType && retType.typtype === 'c' && relationNames.has(Number(retType.typrelid))) {
      const cols = columnsOf(Number(retType.typrelid), false);
      const row = objectType(
        cols.map((c) => ({ name: c.name, type: c.nullable ? `${c.type} | null` : c.type })),
        8,
      );
      returns = fn.proretset ? `${row}[]` : row;
    } else {
      const scalar = tsType(Number(fn.prorettype));
      returns = fn.proretset ? `${scalar}[]` : scalar;
    }
    return { name: fn.proname, args, returns };
  });

  return {
    tables: relations
      .filter((r) => r.relkind === 'r' || r.relkind === 'p' || r.relkind === 'f')
      .map((r) => ({
        name: r.relname,
        columns: columnsOf(Number(r.oid), false),
        relationships: relationshipsOf(Number(r.oid)),
      })),
    views: relations
      .filter((r) => r.relkind === 'v' || r.relkind === 'm')
      .map((r) => ({
        name: r.relname,
        columns: columnsOf(Number(r.oid), true),
        updatable: r.relkind === 'v' && r.is_updatable,
        relationships: relationshipsOf(Number(r.oid)),
      })),
    functions,
    enums: [...enums.entries()].map(([name, values]) => ({ name, values })),
    composites: relations
      .filter((r) => r.relkind === 'c')
      .map((r) => ({ name: r.relname, columns: columnsOf(Number(r.oid), true) })),
  };
}

function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

function pad(depth: number): string {
  return ' '.repeat(depth);
}

function objectType(fields: { name: string; type: string; optional?: boolean }[], depth: number): string {
  if (fields.length === 0) return '{}';
  const lines = fields.map((f) => `${pad(depth + 2)}${key(f.name)}${f.optional ? '?' : ''}: ${f.type}`);
  return `{\n${lines.join('\n')}\n${pad(depth)}}`;
}

const never = '{\n      [_ in never]: never\n    }';

function relationshipsBlock(relationships: ForeignKeyRow[], depth: number): string {
  if (relationships.length === 0) return '[]';
  const items = relationships.map(
    (fk) =>
      `${pad(depth + 2)}{\n` +
      `${pad(depth + 4)}foreignKeyName: ${JSON.stringify(fk.conname)}\n` +
      `${pad(depth + 4)}columns: ${JSON.stringify(fk.columns)}\n` +
      `${pad(depth + 4)}isOneToOne: ${fk.one_to_one ? 'true' : 'false'}\n` +
      `${pad(depth + 4)}referencedRelation: ${JSON.stringify(fk.ref_table)}\n` +
      `${pad(depth + 4)}referencedColumns: ${JSON.stringify(fk.ref_columns)}\n` +
      `${pad(depth + 2)}},`,
  );
  return `[\n${items.join('\n')}\n${pad(depth)}]`;
}

function rowType(columns: Column[], depth: number): string {
  return objectType(
    columns.map((c) => ({ name: c.name, type: c.nullable ? `${c.type} | null` : c.type })),
    depth,
  );
}

function insertType(columns: Column[], depth: number): string {
  return objectType(
    columns.map((c) => {
      if (c.generated || c.identity === 'a') return { name: c.name, type: 'never', optional: true };
      const type = c.nullable ? `${c.type} | null` : c.type;
      return {
        name: c.name,
        type,
        optional: c.nullable || c.hasDefault || c.identity === 'd' || c.filledByTrigger,
      };
    }),
    depth,
  );
}

function updateType(columns: Column[], depth: number): string {
  return objectType(
    columns.map((c) => {
      if (c.generated || c.identity === 'a') return { name: c.name, type: 'never', optional: true };
      return { name: c.name, type: c.nullable ? `${c.type} | null` : c.type, optional: true };
    }),
    depth,
  );
}

const helpers = `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never
`;

/**
 * Renders a schema model as `supabase gen types typescript` does (its layout, quotes and helpers). One
 * deliberate difference: function arguments are typed `T | null`, because SQL functions accept NULL
 * (the shop passes p_id: null to admin_save_category to insert); the CLI types them as plain `T`. And a
 * NOT NULL column that a BEFORE INSERT trigger assigns (products.slug) is optional in Insert.
 */
export function renderTypes(model: SchemaModel): string {
  const tables = model.tables.length
    ? `{\n${model.tables
        .map(
          (t) =>
            `      ${key(t.name)}: {\n` +
            `        Row: ${rowType(t.columns, 8)}\n` +
            `        Insert: ${insertType(t.columns, 8)}\n` +
            `        Update: ${updateType(t.columns, 8)}\n` +
            `        Relationships: ${relationshipsBlock(t.relationships, 8)}\n` +
            `      }`,
        )
        .join('\n')}\n    }`
    : never;
  const views = model.views.length
    ? `{\n${model.views
        .map(
          (v) =>
            `      ${key(v.name)}: {\n` +
            `        Row: ${rowType(v.columns, 8)}\n` +
            (v.updatable
              ? `        Insert: ${updateType(v.columns, 8)}\n        Update: ${updateType(v.columns, 8)}\n`
              : '') +
            `        Relationships: ${relationshipsBlock(v.relationships, 8)}\n` +
            `      }`,
        )
        .join('\n')}\n    }`
    : never;
  const byName = new Map<string, SchemaModel['functions']>();
  for (const fn of model.functions) byName.set(fn.name, [...(byName.get(fn.name) ?? []), fn]);
  const functions = byName.size
    ? `{\n${[...byName.entries()]
        .map(([name, overloads]) => {
          const variants = overloads.map((fn) => {
            const args = fn.args.length
              ? objectType(
                  fn.args.map((a) => ({ name: a.name, type: `${a.type} | null`, optional: a.optional })),
                  overloads.length === 1 ? 8 : 10,
                )
              : 'Record<PropertyKey, never>';
            const inner = overloads.length === 1 ? 8 : 10;
            return `{\n${pad(inner)}Args: ${args}\n${pad(inner)}Returns: ${fn.returns}\n${pad(inner - 2)}}`;
          });
          return variants.length === 1
            ? `      ${key(name)}: ${variants[0] ?? ''}`
            : `      ${key(name)}:\n${variants.map((v) => `        | ${v}`).join('\n')}`;
        })
        .join('\n')}\n    }`
    : never;
  const enums = model.enums.length
    ? `{\n${model.enums
        .map((e) => `      ${key(e.name)}: ${e.values.map((v) => JSON.stringify(v)).join(' | ')}`)
        .join('\n')}\n    }`
    : never;
  const composites = model.composites.length
    ? `{\n${model.composites.map((c) => `      ${key(c.name)}: ${rowType(c.columns, 6)}`).join('\n')}\n    }`
    : never;
  const constants = model.enums.length
    ? `{\n${model.enums
        .map((e) => `      ${key(e.name)}: [${e.values.map((v) => JSON.stringify(v)).join(', ')}],`)
        .join('\n')}\n    }`
    : '{}';

  return `// Generated by \`pnpm --filter @prepper/supabase gen-types\` from the local stack's schema
// (the same shape as \`supabase gen types typescript\`). Do not edit by hand.
export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12"
  }
  public: {
    Tables: ${tables}
    Views: ${views}
    Functions: ${functions}
    Enums: ${enums}
    CompositeTypes: ${composites}
  }
}

${helpers}
export const Constants = {
  public: {
    Enums: ${constants},
  },
} as const
`;
}

export async function generateTypes(db: Queryable): Promise<string> {
  return renderTypes(await introspect(db, 'public'));
}

/**
 * CLI entry (`gen-types [output] [--stdout]`): builds a throwaway database from the migrations (or uses
 * DATABASE_URL as it is) and writes the types, by default to shared/src/database.types.ts.
 */
export async function main(argv: string[] = []): Promise<void> {
  const toStdout = argv.includes('--stdout');
  const output = resolve(argv.find((arg) => !arg.startsWith('--')) ?? defaultTypesFile);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  let text: string;
  if (databaseUrl) {
    const { openDb } = await import('./db.ts');
    const db = await openDb({ pgDataDir: '', databaseUrl });
    try {
      text = await generateTypes(db);
    } finally {
      await db.close();
    }
  } else {
    const { startStack } = await import('./index.ts');
    const dataDir = mkdtempSync(join(tmpdir(), 'supabase-gen-types-'));
    try {
      const stack = await startStack({ port: 0, dataDir, seed: false, log: () => undefined });
      try {
        text = await generateTypes(stack.db);
      } finally {
        await stack.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (toStdout) {
    process.stdout.write(text);
    return;
  }
  writeFileSync(output, text);
  console.log(`[supabase] types written to ${output}`);
}
