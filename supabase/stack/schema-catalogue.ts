// What a database's catalogue says about its schema, as one flat map, so two databases can be compared:
// one built from migrations/ and one from schemas/ must come out equal (schema-equality test, and
// `pnpm db:schema-diff`). Each entry is keyed by what it describes ("function public.place_order(...)",
// "column public.orders.status", ...) and holds a normalised description, so a difference names the
// object and shows both sides. Function bodies are compared without comments and with whitespace
// collapsed: reformatting a body is no change, altering a single token is.
import type { Queryable } from './context.ts';
import { quotedEnd } from './migrate.ts';

export type Catalogue = Map<string, string>;

/** Schemas that describe the project (the stack's bootstrap ones too: a migration may touch them). */
const ignoredSchemas = `('pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations')`;
const userSchema = (column: string) =>
  `${column} not in ${ignoredSchemas} and ${column} !~ '^pg_(temp|toast)'`;

/** SQL (a function body) without comments and with every run of whitespace outside quotes made one space. */
export function normaliseSql(sql: string): string {
  let out = '';
  let space = false;
  const emit = (text: string) => {
    if (space && out !== '') out += ' ';
    space = false;
    out += text;
  };
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    const next = sql[i + 1];
    if (/\s/.test(ch)) {
      space = true;
      i += 1;
      continue;
    }
    if (ch === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end;
      space = true;
      continue;
    }
    if (ch === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? sql.length : end + 2;
      space = true;
      continue;
    }
    if (ch === "'" || ch === '"') {
      const end = quotedEnd(sql, i);
      emit(sql.slice(i, end));
      i = end;
      continue;
    }
    if (ch === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i));
      if (tag) {
        // A nested dollar-quoted string (a body inside a body) is kept as written.
        const end = sql.indexOf(tag[0], i + tag[0].length);
        const stop = end === -1 ? sql.length : end + tag[0].length;
        emit(sql.slice(i, stop));
        i = stop;
        continue;
      }
    }
    emit(ch);
    i += 1;
  }
  return out;
}

interface Row {
  key: string;
  value: unknown;
}

/** Each query returns (key, value) rows; value is a string or a JSON object made one string. */
const queries: Record<string, string> = {
  schemas: `
    select 'schema ' || n.nspname as key,
      json_build_object(
        'comment', obj_description(n.oid, 'pg_namespace'),
        'acl', (select coalesce(json_agg(a order by a), '[]') from (
          select case when grantee = 0 then 'public' else grantee::regrole::text end || ':' || privilege_type as a
          from aclexplode(n.nspacl) where grantee <> n.nspowner) grants)
      ) as value
    from pg_namespace n where ${userSchema('n.nspname')}`,
  extensions: `
    select 'extension ' || e.extname as key, n.nspname as value
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname <> 'plpgsql'`,
  relations: `
    select 'relation ' || n.nspname || '.' || c.relname as key,
      json_build_object(
        'kind', c.relkind,
        'rls', c.relrowsecurity,
        'force_rls', c.relforcerowsecurity,
        'options', c.reloptions,
        'owner_is_table_owner', pg_get_userbyid(c.relowner) = current_user,
        'comment', obj_description(c.oid, 'pg_class'),
        'columns', (select json_agg(a.attname order by a.attnum) from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
        'view', case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end,
        'acl', (select coalesce(json_agg(a order by a), '[]') from (
          select case when grantee = 0 then 'public' else grantee::regrole::text end || ':' || privilege_type
            || case when is_grantable then ' with grant option' else '' end as a
          from aclexplode(coalesce(c.relacl, acldefault((case when c.relkind = 'S' then 's' else 'r' end)::"char", c.relowner)))
          where grantee <> c.relowner) grants)
      ) as value
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where ${userSchema('n.nspname')} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
  columns: `
    select 'column ' || n.nspname || '.' || c.relname || '.' || a.attname as key,
      json_build_object(
        'type', format_type(a.atttypid, a.atttypmod),
        'not_null', a.attnotnull,
        'default', pg_get_expr(d.adbin, d.adrelid),
        'identity', nullif(a.attidentity, ''),
        'generated', nullif(a.attgenerated, ''),
        'collation', case when a.attcollation <> t.typcollation then a.attcollation::regcollation::text end,
        'comment', col_description(c.oid, a.attnum),
        'acl', (select coalesce(json_agg(x order by x), '[]') from (
          select case when grantee = 0 then 'public' else grantee::regrole::text end || ':' || privilege_type as x
          from aclexplode(a.attacl)) grants)
      ) as value
    from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_type t on t.oid = a.atttypid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where ${userSchema('n.nspname')} and c.relkind in ('r', 'p', 'v', 'm', 'f')
      and a.attnum > 0 and not a.attisdropped`,
  constraints: `
    select 'constraint ' || n.nspname || '.' || c.relname || '.' || k.conname as key,
      pg_get_constraintdef(k.oid) || coalesce(' -- ' || obj_description(k.oid, 'pg_constraint'), '') as value
    from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_namespace n on n.oid = c.relnamespace
    where ${userSchema('n.nspname')}`,
  indexes: `
    select 'index ' || n.nspname || '.' || i.relname as key,
      pg_get_indexdef(i.oid) || coalesce(' -- ' || obj_description(i.oid, 'pg_class'), '') as value
    from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_namespace n on n.oid = i.relnamespace
    where ${userSchema('n.nspname')}`,
  policies: `
    select 'policy ' || schemaname || '.' || tablename || '.' || policyname as key,
      json_build_object(
        'permissive', permissive, 'roles', (select json_agg(r order by r) from unnest(roles) r),
        'command', cmd, 'using', qual, 'with_check', with_check
      ) as value
    from pg_policies where ${userSchema('schemaname')}`,
  functions: `
    select 'function ' || n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as key,
      json_build_object(
        'kind', p.prokind,
        'arguments', pg_get_function_arguments(p.oid),
        'returns', pg_get_function_result(p.oid),
        'language', l.lanname,
        'security_definer', p.prosecdef,
        'volatility', p.provolatile,
        'strict', p.proisstrict,
        'leakproof', p.proleakproof,
        'parallel', p.proparallel,
        'cost', p.procost,
        'rows', p.prorows,
        'config', p.proconfig,
        'owner_is_current_user', pg_get_userbyid(p.proowner) = current_user,
        'comment', obj_description(p.oid, 'pg_proc'),
        'acl', (select coalesce(json_agg(a order by a), '[]') from (
          select case when grantee = 0 then 'public' else grantee::regrole::text end || ':' || privilege_type as a
          from aclexplode(coalesce(p.proacl, acldefault('f'::"char", p.proowner)))
          where grantee <> p.proowner) grants),
        'body', p.prosrc
      ) as value
    from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      join pg_language l on l.oid = p.prolang
    where ${userSchema('n.nspname')}
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  triggers: `
    select 'trigger ' || n.nspname || '.' || c.relname || '.' || t.tgname as key,
      pg_get_triggerdef(t.oid) || case t.tgenabled when 'O' then '' else ' [enabled ' || t.tgenabled::text || ']' end as value
    from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
    where ${userSchema('n.nspname')} and not t.tgisinternal`,
  types: `
    select 'type ' || n.nspname || '.' || t.typname as key,
      json_build_object(
        'kind', t.typtype,
        'labels', (select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid),
        'base', case when t.typtype = 'd' then format_type(t.typbasetype, t.typtypmod) end,
        'comment', obj_description(t.oid, 'pg_type')
      ) as value
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where ${userSchema('n.nspname')} and t.typtype in ('e', 'd')
      and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')`,
  // Storage buckets are rows, but they are configuration a migration creates: compare them too.
  buckets: `
    select 'bucket ' || id as key,
      json_build_object('name', name, 'public', public, 'file_size_limit', file_size_limit,
        'allowed_mime_types', allowed_mime_types) as value
    from storage.buckets`,
};

/** The schema of the database `db` is connected to, as key -> normalised description. */
export async function readCatalogue(db: Queryable): Promise<Catalogue> {
  const catalogue: Catalogue = new Map();
  const storage = await db.query<{ present: boolean }>(
    `select to_regclass('storage.buckets') is not null as present`,
  );
  for (const [name, sql] of Object.entries(queries)) {
    // A database without Supabase Storage's tables has no buckets to compare.
    if (name === 'buckets' && !storage.rows[0]?.present) continue;
    const { rows } = await db.query<Row>(sql);
    for (const { key, value } of rows) {
      let text: string;
      if (typeof value === 'string') text = value;
      else {
        const object = { ...(value as Record<string, unknown>) };
        if (typeof object.body === 'string') object.body = normaliseSql(object.body);
        text = JSON.stringify(object);
      }
      catalogue.set(key, text);
    }
  }
  return catalogue;
}

/** How `b` differs from `a`, one readable paragraph per object (empty when they agree). */
export function diffCatalogues(a: Catalogue, b: Catalogue, names: [string, string]): string[] {
  const differences: string[] = [];
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort();
  for (const key of keys) {
    const left = a.get(key);
    const right = b.get(key);
    if (left === right) continue;
    if (right === undefined) differences.push(`${key}: only in ${names[0]}\n  ${left}`);
    else if (left === undefined) differences.push(`${key}: only in ${names[1]}\n  ${right}`);
    else differences.push(`${key} differs:\n${describeDifference(left, right, names)}`);
  }
  return differences;
}

/** For JSON descriptions, only the fields that differ; for text, both whole. */
function describeDifference(left: string, right: string, names: [string, string]): string {
  let l: Record<string, unknown> | null = null;
  let r: Record<string, unknown> | null = null;
  try {
    l = JSON.parse(left) as Record<string, unknown>;
    r = JSON.parse(right) as Record<string, unknown>;
  } catch {
    // plain text (an index or a constraint definition)
  }
  if (!l || !r || typeof l !== 'object' || typeof r !== 'object') {
    return `  ${names[0]}: ${left}\n  ${names[1]}: ${right}`;
  }
  const lines: string[] = [];
  for (const field of [...new Set([...Object.keys(l), ...Object.keys(r)])]) {
    const lv = JSON.stringify(l[field]);
    const rv = JSON.stringify(r[field]);
    if (lv === rv) continue;
    if (field === 'body' && typeof l[field] === 'string' && typeof r[field] === 'string') {
      lines.push(`  body: ${firstDivergence(l[field], r[field], names)}`);
    } else lines.push(`  ${field}: ${names[0]} ${lv}, ${names[1]} ${rv}`);
  }
  return lines.join('\n');
}

/** Where two normalised bodies part, with some text around it from each side. */
function firstDivergence(left: string, right: string, names: [string, string]): string {
  let i = 0;
  while (i < left.length && i < right.length && left[i] === right[i]) i += 1;
  const from = Math.max(0, i - 60);
  const show = (text: string) =>
    `${from > 0 ? '…' : ''}${text.slice(from, i + 80)}${text.length > i + 80 ? '…' : ''}`;
  return `bodies part at character ${i}\n    ${names[0]}: ${show(left)}\n    ${names[1]}: ${show(right)}`;
}
