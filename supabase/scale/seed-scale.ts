// The scale data generator, to try the shop at the size a real one grows to: many products spread over the
// existing categories and subcategories, customers, orders with their lines and a `placed` event, and some
// approved reviews, all derived from one seed number (same seed, same data; dates are relative to now() as in
// seed.sql).
// Everything is plain INSERT ... SELECT generate_series as the table owner, so every trigger (slug,
// search text, rating, review facts, dashboard rollups) runs and every constraint (checks, keys, the
// totals breakdown) holds; nothing is copied around them. The order tables' foreign keys are checked
// once for the whole load instead of row by row (see setForeignKeysAside). Order money comes from order_totals, the rule
// place_order uses. Working tables live in the schema scale_seed, dropped at the end.
// Statements are cut into chunks (orders: 50,000, about 10 s on PGlite) so none runs for long
// (PGlite's socket allows 60 s a message, the stack's PostgreSQL pool 5 s a statement: each chunk lifts
// that for itself with `set local`).

export interface ScaleOptions {
  products: number;
  orders: number;
  /** Customers placing the orders (default: one per ten orders, at least 10). */
  customers?: number;
  /** Entries of the staff audit log (default: one per product, so 100,000 at the scale size). */
  auditEntries?: number;
  seed?: number;
}

/** Something that runs SQL scripts (several statements, no parameters): pg's client, the stack's Db. */
export interface ScriptRunner {
  exec(sql: string): Promise<void>;
  query(sql: string): Promise<{ rows: Record<string, unknown>[] }>;
}

const PRODUCT_CHUNK = 10_000;
const ORDER_CHUNK = 50_000;
const CUSTOMER_CHUNK = 20_000;

function whole(value: number, name: string, min: number): number {
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number >= ${min}`);
  return value;
}

/** [from, to] pairs covering 1..total in steps of `size`. */
function chunks(total: number, size: number): [number, number][] {
  const out: [number, number][] = [];
  for (let from = 1; from <= total; from += size) out.push([from, Math.min(total, from + size - 1)]);
  return out;
}

/**
 * One transaction without the stack's statement limit (PGlite ignores it), without JIT (PostgreSQL
 * compiled each chunk's statements for longer than they ran) and with room to sort in memory.
 */
function unit(sql: string): string {
  return `begin;\nset local statement_timeout = 0;\nset local jit = off;\nset local work_mem = '64MB';\n${sql}\ncommit;`;
}

/** The working schema: the deterministic random function and the catalogue's shape. */
function prepare(seed: number): string {
  return `
drop schema if exists scale_seed cascade;
create schema scale_seed;

-- A number in [0, 1) from a row number and a salt: two rounds of a 32-bit integer mix, seeded.
create function scale_seed.mix(x bigint) returns bigint language sql immutable parallel safe
  as $$ select (((x >> 16) # x) * 73244475) % 4294967296 $$;
create function scale_seed.rand(g bigint, salt integer) returns double precision
  language sql immutable parallel safe
  as $$ select ((scale_seed.mix(scale_seed.mix((g * 2654435761 + salt * 40503 + ${seed} * 97) % 4294967296))
    # 0)::double precision) / 4294967296 $$;

-- Every subcategory (and every category without one) with the images its seeded products use.
create table scale_seed.places as
select row_number() over (order by c.created_at, c.id, s.created_at, s.id) as n,
  c.id as category_id, s.id as subcategory_id, c.name as category_name,
  coalesce(s.name, c.name) as place_name,
  coalesce(
    (select array_agg(distinct p.image_url) from public.products p
      where p.category_id = c.id and p.subcategory_id is not distinct from s.id),
    (select array_agg(distinct p.image_url) from public.products p where p.category_id = c.id),
    array[coalesce(c.image_url, '/storage/v1/object/public/catalog/placeholder.png')]
  ) as images
from public.categories c
left join public.subcategories s on s.category_id = c.id;

create table scale_seed.words (kind text, n integer, word text);
insert into scale_seed.words
select 'adjective', n, w from unnest(array['Compact', 'Rugged', 'Lightweight', 'Heavy-Duty', 'Portable',
  'Waterproof', 'Tactical', 'Folding', 'Insulated', 'Reinforced', 'Emergency', 'All-Weather', 'Long-Life',
  'Solar', 'Hand-Crank', 'Field', 'Expedition', 'Basecamp', 'Survival', 'Backcountry']) with ordinality as t(w, n)
union all
select 'form', n, w from unnest(array['Kit', 'Set', 'Pack', 'Bundle', 'Unit', 'Pro', 'Lite', 'Max', 'Duo',
  'Essentials', 'Plus', 'Reserve']) with ordinality as t(w, n)
union all
select 'feature', n, w from unnest(array['stainless steel', 'ripstop nylon', 'BPA-free', 'USB-C charging',
  'shock resistant', 'glow-in-the-dark', 'five-year shelf life', 'one-hand operation', 'lifetime warranty',
  'military grade', 'recycled materials', 'fits in a go-bag']) with ordinality as t(w, n);
create index on scale_seed.words (kind, n);

-- One cheap bcrypt hash for every generated customer (password123): generating is not about sign-in.
create table scale_seed.secret as select extensions.crypt('password123', extensions.gen_salt('bf', 4)) as hash;
`;
}

function products(seed: number, from: number, to: number): string {
  return `
insert into public.products (id, name, price, original_price, description, category_id, subcategory_id,
  image_url, in_stock, stock_count, features, specifications, tags, purchase_limit, created_at, updated_at)
select
  md5('scale-product:${seed}:' || (g))::uuid,
  a.word || ' ' || pl.place_name || ' ' || f.word || ' ' || (1000 + g),
  x.price,
  case when scale_seed.rand(g, 4) < 0.2 then round(x.price * 1.25, 2) end,
  'The ' || lower(a.word) || ' ' || lower(pl.place_name) || ' ' || lower(f.word) || ' for ' ||
    lower(pl.category_name) || ': ' || ft.word || ', ready when you need it.',
  pl.category_id, pl.subcategory_id,
  pl.images[1 + floor(scale_seed.rand(g, 5) * cardinality(pl.images))::integer],
  x.in_stock,
  case when x.in_stock then 1 + floor(scale_seed.rand(g, 6) * 200)::integer else 0 end,
  array[ft.word, 'Model ' || (1000 + g)],
  jsonb_build_object('Series', f.word, 'Weight', (1 + floor(scale_seed.rand(g, 7) * 50)) / 10.0 || ' kg'),
  array[lower(a.word), lower(pl.category_name)],
  case when scale_seed.rand(g, 8) < 0.1 then 5 end,
  x.created_at, x.created_at
from generate_series(${from}, ${to}) g
cross join lateral (
  select
    -- Even in the logarithm between 3 and 2,000: many cheap items, few dear ones.
    round(exp(ln(3) + scale_seed.rand(g, 1) * ln(2000.0 / 3))::numeric, 2) as price,
    scale_seed.rand(g, 2) < 0.85 as in_stock,
    now() - make_interval(secs => scale_seed.rand(g, 3) * 730 * 86400) as created_at
) x
join scale_seed.places pl
  on pl.n = 1 + floor(scale_seed.rand(g, 9) * (select count(*) from scale_seed.places))::integer
join scale_seed.words a on a.kind = 'adjective' and a.n = 1 + floor(scale_seed.rand(g, 10) * 20)::integer
join scale_seed.words f on f.kind = 'form' and f.n = 1 + floor(scale_seed.rand(g, 11) * 12)::integer
join scale_seed.words ft on ft.kind = 'feature' and ft.n = 1 + floor(scale_seed.rand(g, 12) * 12)::integer;`;
}

function customers(seed: number, from: number, to: number): string {
  return `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
  email_change_token_new, email_change, is_sso_user, is_anonymous)
select '00000000-0000-0000-0000-000000000000'::uuid, u.id, 'authenticated', 'authenticated', u.email,
  (select hash from scale_seed.secret), u.created_at, '{"provider": "email", "providers": ["email"]}'::jsonb,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false,
    'first_name', u.first_name, 'last_name', 'Shopper ' || (g),
    'full_name', u.first_name || ' Shopper ' || (g)),
  u.created_at, u.created_at, '', '', '', '', false, false
from generate_series(${from}, ${to}) g
cross join lateral (
  select md5('scale-customer:${seed}:' || (g))::uuid as id,
    'scale.customer.${seed}.' || (g) || '@example.com' as email,
    (array['Avery', 'Blake', 'Casey', 'Devon', 'Emery', 'Finley', 'Harper', 'Jesse', 'Kendall', 'Logan',
      'Morgan', 'Parker', 'Quinn', 'Reese', 'Rowan', 'Skyler'])[1 + floor(scale_seed.rand(g, 20) * 16)::integer]
      as first_name,
    now() - interval '760 days' + make_interval(secs => scale_seed.rand(g, 21) * 30 * 86400) as created_at
) u;
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', null, u.created_at, u.created_at
from generate_series(${from}, ${to}) g
join auth.users u on u.id = md5('scale-customer:${seed}:' || (g))::uuid;`;
}

/**
 * Orders from..to of `total`, spread over the last two years in order of g (so order numbers rise with
 * the date), one to four lines each of products picked with a popularity skew, totals by order_totals.
 */
function orders(seed: number, from: number, to: number, total: number, customerCount: number): string {
  return `
create table scale_seed.chunk as
select g,
  md5('scale-order:${seed}:' || (g))::uuid as id,
  md5('scale-customer:${seed}:' || (1 +
    floor(power(scale_seed.rand(g, 30), 1.5) * ${customerCount})::integer))::uuid as user_id,
  now() - make_interval(secs => (1 - (g - scale_seed.rand(g, 31)) / ${total}.0) * 730 * 86400) as created_at,
  scale_seed.rand(g, 32) as fate,
  case when scale_seed.rand(g, 33) < 0.25 then 'cash_on_delivery' else 'bank_transfer' end as payment_method
from generate_series(${from}, ${to}) g;

create table scale_seed.lines as
select c.g, c.id as order_id, p.id as product_id, p.name as product_name, p.price as unit_price,
  1 + floor(scale_seed.rand(c.g * 8 + j, 35) * 3)::integer as quantity, c.created_at
from scale_seed.chunk c
cross join lateral generate_series(1, 1 + floor(scale_seed.rand(c.g, 34) * 4)::integer) j
join scale_seed.catalogue p
  on p.n = 1 + floor(power(scale_seed.rand(c.g * 8 + j, 36), 2) * (select count(*) from scale_seed.catalogue))::integer;

insert into public.orders (id, user_id, status, email, payment_method, payment_status, shipping_method,
  subtotal, shipping_amount, tax_amount, total_amount, shipping_address, created_at, updated_at)
select c.id, c.user_id, s.status, u.email, c.payment_method,
  case
    when s.status = 'completed' then 'paid'
    when s.status in ('processing', 'shipped') and c.payment_method = 'bank_transfer' then 'paid'
    else 'awaiting_payment'
  end,
  'standard', t.subtotal, t.shipping, t.tax, t.total,
  jsonb_build_object('full_name', u.raw_user_meta_data ->> 'full_name', 'line1', (c.g % 900 + 1) || ' Supply Road',
    'line2', '', 'city', 'Springfield', 'region', 'IL', 'postal_code', '62701', 'country', 'United States',
    'phone', '+1 217 555 0100'),
  c.created_at, c.created_at
from scale_seed.chunk c
join auth.users u on u.id = c.user_id
join (select l.g, sum(l.unit_price * l.quantity) as subtotal from scale_seed.lines l group by l.g) m on m.g = c.g
cross join lateral public.order_totals(m.subtotal) t
cross join lateral (
  select case
    when c.fate < 0.06 then 'cancelled'
    when c.created_at < now() - interval '14 days' then 'completed'
    when c.created_at < now() - interval '7 days' then 'shipped'
    when c.created_at < now() - interval '2 days' then 'processing'
    else 'pending'
  end as status
) s
order by c.g;

insert into public.order_items (order_id, product_id, product_name, unit_price, quantity, created_at)
select l.order_id, l.product_id, l.product_name, l.unit_price, l.quantity, l.created_at
from scale_seed.lines l;

-- Generated history is not news: no order e-mails for it (outbox_enqueue_order_email stays off meanwhile).
alter table public.order_events disable trigger order_events_enqueue_email;
insert into public.order_events (order_id, kind, from_value, to_value, actor_id, actor_email, actor_role, created_at)
select c.id, 'placed', null, 'pending', c.user_id, u.email, 'customer', c.created_at
from scale_seed.chunk c
join auth.users u on u.id = c.user_id;
alter table public.order_events enable trigger order_events_enqueue_email;

drop table scale_seed.chunk, scale_seed.lines;`;
}

/**
 * Approved reviews for about a fifth of the generated products (one to three each, by customers), so
 * ratings spread as in a real shop; the reviews triggers set each product's rating and count.
 */
function reviews(seed: number, from: number, to: number, customerCount: number): string {
  return `
insert into public.reviews (product_id, author_id, rating, title, body, status, created_at, updated_at)
select distinct on (p.id, r.author_id) p.id, r.author_id, r.rating,
  (array['Does the job', 'Solid buy', 'Worth it', 'Not bad', 'Great value'])[r.rating],
  'Bought this for our family kit and it holds up well so far.', 'approved', p.created_at, p.created_at
from generate_series(${from}, ${to}) g
join public.products p on p.id = md5('scale-product:${seed}:' || (g))::uuid
cross join lateral generate_series(1, 1 + floor(scale_seed.rand(g, 41) * 3)::integer) j
cross join lateral (
  select md5('scale-customer:${seed}:' || (1 +
      floor(scale_seed.rand(g * 4 + j, 42) * ${customerCount})::integer))::uuid as author_id,
    -- Mostly good, like most shops' ratings.
    least(5, 2 + floor(scale_seed.rand(g * 4 + j, 43) * 4)::integer + (scale_seed.rand(g * 4 + j, 44) < 0.4)::integer)
      as rating
) r
where scale_seed.rand(g, 40) < 0.2;`;
}

/**
 * Staff audit log entries over the last year, as five staff members' changes of products, categories,
 * settings and the rest would leave them (the log is append-only: the table owner writes it here).
 */
function auditEntries(seed: number, from: number, to: number, productCount: number): string {
  return `
insert into public.audit_log (at, actor_id, actor_email, entity, record_id, record_label, parent_id, action, changes)
select now() - make_interval(secs => scale_seed.rand(g, 60) * 365 * 86400),
  md5('scale-staff:${seed}:' || a.n)::uuid, 'staff' || a.n || '@scale.example',
  e.entity,
  case when e.entity = 'settings' then 'true'
    else md5('scale-product:${seed}:' || (1 + floor(scale_seed.rand(g, 62) * ${Math.max(productCount, 1)})::integer))::text end,
  'Scale record ' || g, null,
  (array['created', 'changed', 'changed', 'changed', 'deleted'])[1 + floor(scale_seed.rand(g, 63) * 5)::integer],
  jsonb_build_object('price', jsonb_build_object('before', round((scale_seed.rand(g, 64) * 100)::numeric, 2),
    'after', round((scale_seed.rand(g, 65) * 100)::numeric, 2)))
from generate_series(${from}, ${to}) g
cross join lateral (select 1 + floor(scale_seed.rand(g, 61) * 5)::integer as n) a
cross join lateral (
  select (array['product', 'product', 'product', 'lot', 'category', 'subcategory', 'settings', 'promotion', 'page'])
    [1 + floor(scale_seed.rand(g, 66) * 9)::integer] as entity
) e;`;
}

// Not reviews: its triggers read reviews by product for every row, which needs their index. The
// dashboard rollups are written by the order triggers through their primary keys (which stay); their
// two reading indexes cost the order lines' trigger two thirds of its time when kept during the load.
const LOADED_TABLES = "'products', 'orders', 'order_items', 'order_events', 'dashboard_product_sales'";

/** A DO block that runs, in order, each statement (text) the query `statements` returns. */
function runEach(statements: string): string {
  return `
do $$
declare s text;
begin
  for s in ${statements} loop
    execute s;
  end loop;
end;
$$;`;
}

/** Keeps the definitions of the loaded tables' indexes that back no constraint, then drops them. */
function setIndexesAside(): string {
  return `
create table scale_seed.indexes as
select i.indexname, i.indexdef
from pg_indexes i
where i.schemaname = 'public' and i.tablename in (${LOADED_TABLES})
  and not exists (
    select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass
  );
${runEach(`select format('drop index public.%I', indexname) from scale_seed.indexes`)}`;
}

function restoreIndexes(): string {
  // Room for the trigram (GIN) indexes to build in memory.
  return `
set local maintenance_work_mem = '256MB';
${runEach(`select regexp_replace(indexdef, '^CREATE INDEX ', 'CREATE INDEX IF NOT EXISTS ') from scale_seed.indexes`)}`;
}

// The order tables' foreign keys (to customers, orders and products) cost a lookup and a row lock per
// inserted row, a quarter of the orders' time on PGlite. They are checked once for the whole load
// instead: dropped before it and added again after it, then validated against every row in one pass (as
// pg_restore does); a row that breaks one fails the load.
const CHECKED_AFTER = "'orders', 'order_items', 'order_events'";

/** Keeps the definitions of the order tables' foreign keys, then drops them. */
function setForeignKeysAside(): string {
  return `
create table scale_seed.foreign_keys as
select format('public.%I', t.relname) as table_name, c.conname, pg_get_constraintdef(c.oid) as definition
from pg_constraint c
join pg_class t on t.oid = c.conrelid
where c.contype = 'f' and t.relnamespace = 'public'::regnamespace and t.relname in (${CHECKED_AFTER});
${runEach(`select format('alter table %s drop constraint %I', table_name, conname) from scale_seed.foreign_keys`)}`;
}

/**
 * Adds the foreign keys again unless they are there, NOT VALID: that cannot fail, and holds for every row
 * written from then on. validateForeignKeys (its own step, so that a failure leaves them in place) then
 * checks every row in one pass per key.
 */
function restoreForeignKeys(): string {
  return runEach(`
    select format('alter table %s add constraint %I %s not valid', f.table_name, f.conname, f.definition)
    from scale_seed.foreign_keys f
    where not exists (
      select 1 from pg_constraint c where c.conrelid = f.table_name::regclass and c.conname = f.conname
    )`);
}

function validateForeignKeys(): string {
  return runEach(`
    select format('alter table %s validate constraint %I', f.table_name, f.conname)
    from scale_seed.foreign_keys f
    join pg_constraint c on c.conrelid = f.table_name::regclass and c.conname = f.conname
    where not c.convalidated`);
}

/** Runs the generator through `runner`, logging each step; refuses a seed that is already loaded. */
export async function seedScale(
  runner: ScriptRunner,
  options: ScaleOptions,
  log: (message: string) => void = () => undefined,
): Promise<{ products: number; orders: number; customers: number; seconds: number }> {
  const seed = whole(options.seed ?? 1, 'seed', 0);
  const productCount = whole(options.products, 'products', 0);
  const orderCount = whole(options.orders, 'orders', 0);
  const customerCount = whole(options.customers ?? Math.max(10, Math.round(orderCount / 10)), 'customers', 1);
  const started = Date.now();
  const step = async (label: string, sql: string) => {
    const t0 = Date.now();
    try {
      await runner.exec(unit(sql));
    } catch (error) {
      // A script stops at its failing statement, before its commit: end the aborted transaction so the
      // steps that restore what was set aside can run on the same connection.
      await runner.exec('rollback').catch(() => undefined);
      throw error;
    }
    log(`${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  };

  const loaded = await runner.query(
    `select exists (select 1 from auth.users where email like 'scale.customer.${seed}.%') as loaded`,
  );
  if (loaded.rows[0]?.loaded === true) {
    throw new Error(
      `Scale data of seed ${seed} is already loaded: reset the database or pick another --seed`,
    );
  }
  await step('Prepared', prepare(seed));
  // Bulk loading into indexed tables costs an index entry per row and index (products has twenty);
  // the plain (non-constraint) indexes of the loaded tables are dropped and built again afterwards,
  // which also happens if a step fails. Unique and primary keys, checks and triggers stay throughout.
  // The order tables' foreign keys likewise, checked again in one pass at the end. One step, so that
  // whatever was set aside is restored by the finally below.
  await step(
    "Set the loaded tables' plain indexes and the order tables' foreign keys aside",
    setIndexesAside() + setForeignKeysAside(),
  );
  try {
    for (const [from, to] of chunks(customerCount, CUSTOMER_CHUNK)) {
      await step(`Customers ${from}-${to}`, customers(seed, from, to));
    }
    for (const [from, to] of chunks(productCount, PRODUCT_CHUNK)) {
      await step(`Products ${from}-${to}`, products(seed, from, to));
    }
    for (const [from, to] of chunks(productCount, PRODUCT_CHUNK * 2)) {
      await step(`Reviews of products ${from}-${to}`, reviews(seed, from, to, customerCount));
    }
    await step(
      'Catalogue numbered',
      `create table scale_seed.catalogue as
       select row_number() over (order by p.created_at, p.id) as n, p.id, p.name, p.price
       from public.products p;
       create unique index on scale_seed.catalogue (n);`,
    );
    for (const [from, to] of chunks(orderCount, ORDER_CHUNK)) {
      await step(`Orders ${from}-${to}`, orders(seed, from, to, orderCount, customerCount));
    }
    const auditCount = whole(options.auditEntries ?? productCount, 'audit entries', 0);
    for (const [from, to] of chunks(auditCount, PRODUCT_CHUNK * 2)) {
      await step(`Audit log entries ${from}-${to}`, auditEntries(seed, from, to, productCount));
    }
  } finally {
    await step('Indexes built again', restoreIndexes());
    await step('Foreign keys added again', restoreForeignKeys());
    await step('Foreign keys checked against every row', validateForeignKeys());
  }
  // The reviews were written before the orders: the few whose author bought the product (shipped or
  // completed) are touched, so their trigger marks them verified as it would have.
  // Statistics first: review_verified_purchase's lookups (orders by customer, lines by order) were
  // planned blind after the load and took three times as long.
  await step(
    'Verified purchases marked',
    `analyze public.orders, public.order_items, public.reviews;
     update public.reviews r set updated_at = r.updated_at
     where r.author_id in (select u.id from auth.users u where u.email like 'scale.customer.${seed}.%')
       and not r.verified_purchase
       -- Only reviews of something the author ordered (a join, not a call per review) are asked.
       and exists (
         select 1 from public.orders o join public.order_items i on i.order_id = o.id
         where o.user_id = r.author_id and i.product_id = r.product_id
       )
       and public.review_verified_purchase(r.author_id, r.product_id);`,
  );
  await step('Cleaned up', 'drop schema scale_seed cascade;');
  return {
    products: productCount,
    orders: orderCount,
    customers: customerCount,
    seconds: (Date.now() - started) / 1000,
  };
}
