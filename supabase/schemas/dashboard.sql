-- The back-office dashboard: figures by day and month, customers and top products, at any number of
-- orders. admin_dashboard_summary, admin_sales_overview and admin_top_products read rollups of a few
-- hundred rows per day instead of adding up every order (one pass over 200,000 orders took 245-513 ms):
--   * dashboard_order_days: per UTC day of orders.created_at, the orders (all statuses), the orders
--     not cancelled and their revenue (sum of total_amount).
--   * dashboard_customer_days: per UTC day and customer, that customer's orders that day (distinct
--     customers of a period are the distinct user_ids of its days); dashboard_customers: per customer,
--     all their orders (the all-time customer count is its rows with orders > 0).
--   * dashboard_product_sales: per UTC day AND per UTC month (period 'day' / 'month') and product,
--     units and revenue (unit_price * quantity) of the lines of orders not cancelled; lines whose
--     product was deleted are kept apart by their product_name (item_key 'name:' || product_name), as
--     admin_top_products groups them.
-- Maintained in the same transaction by statement-level triggers on orders and order_items (insert,
-- update, delete, truncate), each statement aggregated first and written with
-- `insert … on conflict do update` (row locks per day/month and key, taken in key order). A period
-- that does not cover whole days (the last p_days days end "now") reads whole days from the rollups
-- and its two partial days from orders through orders_created_at_figures_idx, so every figure is exact.
-- Zero rows are left in place (readers skip them).
-- The tables have row-level security on and no policy, and anon/authenticated hold no privilege: only
-- the dashboard functions read them. Each is `security definer` with an explicit check and returns
-- exactly what the caller could read under row-level security: every order with the `orders`
-- permission, else the caller's own (admin_dashboard_summary; the other two return no rows without it).
-- No JIT: compiling costs more than these queries.

-- Tables ------------------------------------------------------------------------------------------
create table public.dashboard_order_days (
  day date primary key,
  order_count bigint not null default 0,
  sold_count bigint not null default 0,
  revenue numeric not null default 0
);

alter table public.dashboard_order_days enable row level security;

comment on table public.dashboard_order_days is
  'Rollup for admin_dashboard_summary: per UTC day, orders (all), orders not cancelled and their revenue. '
  'Kept by triggers on orders; read only by the dashboard functions.';

create table public.dashboard_customer_days (
  day date not null,
  user_id uuid not null,
  order_count bigint not null default 0,
  primary key (day, user_id)
);

alter table public.dashboard_customer_days enable row level security;

comment on table public.dashboard_customer_days is
  'Rollup for admin_dashboard_summary: per UTC day and customer, their orders that day. Kept by triggers.';

create table public.dashboard_customers (
  user_id uuid primary key,
  order_count bigint not null default 0
);

alter table public.dashboard_customers enable row level security;

comment on table public.dashboard_customers is
  'Rollup for admin_dashboard_summary: per customer, all their orders. Kept by triggers.';

create table public.dashboard_product_sales (
  period text not null check (period in ('day', 'month')),
  period_start date not null,
  item_key text not null,
  product_id uuid,
  deleted_name text,
  units bigint not null default 0,
  revenue numeric not null default 0,
  primary key (period, period_start, item_key)
);

alter table public.dashboard_product_sales enable row level security;

comment on table public.dashboard_product_sales is
  'Rollup for admin_top_products: per UTC day and per UTC month and product (or deleted product''s name), '
  'units and revenue of lines of orders not cancelled. Kept by triggers on orders and order_items.';

-- Each period's best sellers by revenue (admin_top_products' threshold, see there).
create index dashboard_product_sales_period_revenue_idx
  on public.dashboard_product_sales (period, period_start, revenue desc)
  include (item_key);

create index dashboard_product_sales_item_idx
  on public.dashboard_product_sales (item_key, period, period_start)
  include (product_id, deleted_name, units, revenue);

-- Functions ---------------------------------------------------------------------------------------
-- The UTC day of a moment, the rollups' key. It has no SET clause, unlike every other function here: a
-- SQL function with one is never inlined, and every row of the rollup triggers would pay a call for it
-- (800,000 calls to load 200,000 orders). Every name in its body is qualified instead (pg_catalog's
-- timezone and date, which a search_path cannot shadow), so the planner replaces the call with its
-- expression and nothing in it depends on the caller's search_path.
create or replace function public.dashboard_utc_day(p_at timestamptz)
returns date
language sql
immutable
parallel safe
as $$
  select pg_catalog.timezone('UTC', p_at)::pg_catalog.date;
$$;

comment on function public.dashboard_utc_day(timestamptz) is
  'Internal: the UTC day of a moment (rollup key). Inlined by the planner (no SET clause, qualified names).';

-- Adds signed order rows {created_at, user_id, status, total_amount, sign} to the order rollups.
create or replace function public.dashboard_apply_orders(p_orders jsonb)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  insert into public.dashboard_order_days as t (day, order_count, sold_count, revenue)
  select public.dashboard_utc_day(o.created_at), sum(o.sign),
    coalesce(sum(o.sign) filter (where o.status <> 'cancelled'), 0),
    coalesce(sum(o.sign * o.total_amount) filter (where o.status <> 'cancelled'), 0)
  from jsonb_to_recordset(p_orders) as o (created_at timestamptz, user_id uuid, status text,
    total_amount numeric, sign integer)
  group by 1
  order by 1
  on conflict (day) do update
    set order_count = t.order_count + excluded.order_count,
      sold_count = t.sold_count + excluded.sold_count,
      revenue = t.revenue + excluded.revenue;

  insert into public.dashboard_customer_days as t (day, user_id, order_count)
  select public.dashboard_utc_day(o.created_at), o.user_id, sum(o.sign)
  from jsonb_to_recordset(p_orders) as o (created_at timestamptz, user_id uuid, sign integer)
  where o.user_id is not null
  group by 1, 2
  order by 1, 2
  on conflict (day, user_id) do update set order_count = t.order_count + excluded.order_count;

  insert into public.dashboard_customers as t (user_id, order_count)
  select o.user_id, sum(o.sign)
  from jsonb_to_recordset(p_orders) as o (user_id uuid, sign integer)
  where o.user_id is not null
  group by 1
  order by 1
  on conflict (user_id) do update set order_count = t.order_count + excluded.order_count;
end;
$$;

comment on function public.dashboard_apply_orders(jsonb) is 'Internal: adds signed orders to the order rollups.';
revoke execute on function public.dashboard_apply_orders(p_orders jsonb) from public, anon, authenticated;

-- Adds signed line rows {created_at, product_id, product_name, quantity, unit_price, sign} (lines of
-- orders not cancelled only) to dashboard_product_sales, per day and per month.
create or replace function public.dashboard_apply_lines(p_lines jsonb)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.dashboard_product_sales as t
    (period, period_start, item_key, product_id, deleted_name, units, revenue)
  select g.period, g.period_start, g.item_key, min(g.product_id::text)::uuid, min(g.deleted_name),
    sum(g.units), sum(g.revenue)
  from (
    select p.period,
      case p.period when 'day' then public.dashboard_utc_day(l.created_at)
        else date_trunc('month', public.dashboard_utc_day(l.created_at)::timestamp)::date end as period_start,
      coalesce(l.product_id::text, 'name:' || l.product_name) as item_key,
      l.product_id,
      case when l.product_id is null then l.product_name end as deleted_name,
      l.sign * l.quantity as units,
      l.sign * l.unit_price * l.quantity as revenue
    from jsonb_to_recordset(p_lines) as l (created_at timestamptz, product_id uuid, product_name text,
      quantity integer, unit_price numeric, sign integer)
    cross join (values ('day'), ('month')) as p (period)
  ) g
  group by 1, 2, 3
  order by 1, 2, 3
  on conflict (period, period_start, item_key) do update
    set units = t.units + excluded.units, revenue = t.revenue + excluded.revenue;
$$;

comment on function public.dashboard_apply_lines(jsonb) is 'Internal: adds signed order lines to dashboard_product_sales.';
revoke execute on function public.dashboard_apply_lines(p_lines jsonb) from public, anon, authenticated;

-- The rollup triggers on orders and order_items (per statement). Inserts, the path every placed order
-- and the scale loader take, read the statement's transition table `new_rows` directly: one grouped
-- `insert … on conflict do update` per rollup table, in key order, with the figures (orders of every
-- status per UTC day, orders not cancelled and their revenue; per day and customer; per customer; per
-- UTC day and month and product, or a deleted product's name, the units and revenue of lines of orders
-- not cancelled). Turning the rows into jsonb and back took a third of the trigger's time. Updates take
-- the signed-rows path (dashboard_apply_orders / dashboard_apply_lines: an old row out, a new row in).
-- Both functions run with jit off (compiling a 50,000-line upsert took about as long as running it) and
-- 64 MB of work_mem (the sort went to disk).
create or replace function public.dashboard_orders_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
set jit = off
set work_mem = '64MB'
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.dashboard_order_days as t (day, order_count, sold_count, revenue)
    select public.dashboard_utc_day(n.created_at), count(*),
      count(*) filter (where public.order_sale_status(n.status, n.payment_status) <> 'cancelled'),
      coalesce(sum(n.total_amount) filter (where public.order_sale_status(n.status, n.payment_status) <> 'cancelled'), 0)
    from new_rows n
    group by 1
    order by 1
    on conflict (day) do update
      set order_count = t.order_count + excluded.order_count,
        sold_count = t.sold_count + excluded.sold_count,
        revenue = t.revenue + excluded.revenue;

    insert into public.dashboard_customer_days as t (day, user_id, order_count)
    select public.dashboard_utc_day(n.created_at), n.user_id, count(*)
    from new_rows n
    where n.user_id is not null
    group by 1, 2
    order by 1, 2
    on conflict (day, user_id) do update set order_count = t.order_count + excluded.order_count;

    insert into public.dashboard_customers as t (user_id, order_count)
    select n.user_id, count(*)
    from new_rows n
    where n.user_id is not null
    group by 1
    order by 1
    on conflict (user_id) do update set order_count = t.order_count + excluded.order_count;
    -- Lines come after their order (order_items trigger); an order inserted with lines already
    -- present cannot happen (order_items references orders).
  elsif tg_op = 'UPDATE' then
    -- Orders whose figures change: out with the old row, in with the new.
    perform public.dashboard_apply_orders((
      select coalesce(jsonb_agg(x.r), '[]') from (
        select jsonb_build_object('created_at', o.created_at, 'user_id', o.user_id, 'status', public.order_sale_status(o.status, o.payment_status),
          'total_amount', o.total_amount, 'sign', -1) as r
        from old_rows o join new_rows n on n.id = o.id
        where (o.created_at, o.user_id, o.status, o.payment_status, o.total_amount)
          is distinct from (n.created_at, n.user_id, n.status, n.payment_status, n.total_amount)
        union all
        select jsonb_build_object('created_at', n.created_at, 'user_id', n.user_id, 'status', public.order_sale_status(n.status, n.payment_status),
          'total_amount', n.total_amount, 'sign', 1)
        from old_rows o join new_rows n on n.id = o.id
        where (o.created_at, o.user_id, o.status, o.payment_status, o.total_amount)
          is distinct from (n.created_at, n.user_id, n.status, n.payment_status, n.total_amount)
      ) x));
    -- Their lines move when the day or the cancelled state changes.
    perform public.dashboard_apply_lines((
      select coalesce(jsonb_agg(x.r), '[]') from (
        select jsonb_build_object('created_at', c.created_at, 'product_id', i.product_id,
          'product_name', i.product_name, 'quantity', i.quantity, 'unit_price', i.unit_price,
          'sign', c.sign) as r
        from (
          select o.id, o.created_at, -1 as sign
          from old_rows o join new_rows n on n.id = o.id
          where public.order_sale_status(o.status, o.payment_status) <> 'cancelled'
            and (o.created_at is distinct from n.created_at or public.order_sale_status(n.status, n.payment_status) = 'cancelled')
          union all
          select n.id, n.created_at, 1
          from old_rows o join new_rows n on n.id = o.id
          where public.order_sale_status(n.status, n.payment_status) <> 'cancelled'
            and (o.created_at is distinct from n.created_at or public.order_sale_status(o.status, o.payment_status) = 'cancelled')
        ) c
        join public.order_items i on i.order_id = c.id
      ) x));
  end if;
  return null;
end;
$$;

comment on function public.dashboard_orders_rollup() is
  'Trigger (per statement): keeps the dashboard rollups in step with inserted (read straight from the '
  'transition table) and updated orders.';
revoke execute on function public.dashboard_orders_rollup() from public, anon, authenticated;

-- Deleting an order: its figures and lines go out before the row (its lines are deleted by the
-- cascade afterwards, when the order can no longer be read; the order_items trigger skips them).
create or replace function public.dashboard_orders_rollup_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.dashboard_apply_orders(jsonb_build_array(jsonb_build_object('created_at', old.created_at,
    'user_id', old.user_id, 'status', public.order_sale_status(old.status, old.payment_status), 'total_amount', old.total_amount, 'sign', -1)));
  if public.order_sale_status(old.status, old.payment_status) <> 'cancelled' then
    perform public.dashboard_apply_lines((
      select coalesce(jsonb_agg(jsonb_build_object('created_at', old.created_at, 'product_id', i.product_id,
        'product_name', i.product_name, 'quantity', i.quantity, 'unit_price', i.unit_price, 'sign', -1)), '[]')
      from public.order_items i where i.order_id = old.id));
  end if;
  return old;
end;
$$;

comment on function public.dashboard_orders_rollup_delete() is
  'Trigger (before delete, per row): takes a deleted order and its lines out of the dashboard rollups.';
revoke execute on function public.dashboard_orders_rollup_delete() from public, anon, authenticated;

create or replace function public.dashboard_order_items_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
set jit = off
set work_mem = '64MB'
as $$
declare
  v_lines jsonb := '[]';
begin
  if tg_op = 'INSERT' then
    insert into public.dashboard_product_sales as t
      (period, period_start, item_key, product_id, deleted_name, units, revenue)
    select p.period,
      case p.period when 'day' then l.day else date_trunc('month', l.day::timestamp)::date end,
      l.item_key, min(l.product_id::text)::uuid, min(l.deleted_name), sum(l.units), sum(l.revenue)
    from (
      select public.dashboard_utc_day(o.created_at) as day,
        coalesce(i.product_id::text, 'name:' || i.product_name) as item_key,
        i.product_id,
        case when i.product_id is null then i.product_name end as deleted_name,
        i.quantity::bigint as units,
        i.unit_price * i.quantity as revenue
      from new_rows i
      join public.orders o on o.id = i.order_id
      where public.order_sale_status(o.status, o.payment_status) <> 'cancelled'
    ) l
    cross join (values ('day'), ('month')) as p (period)
    group by 1, 2, 3
    order by 1, 2, 3
    on conflict (period, period_start, item_key) do update
      set units = t.units + excluded.units, revenue = t.revenue + excluded.revenue;
    return null;
  end if;
  -- Updates and deletes: the old lines out, the new in.
  select coalesce(jsonb_agg(jsonb_build_object('created_at', o.created_at, 'product_id', i.product_id,
    'product_name', i.product_name, 'quantity', i.quantity, 'unit_price', i.unit_price, 'sign', -1)), '[]')
  into v_lines
  from old_rows i
  join public.orders o on o.id = i.order_id
  where public.order_sale_status(o.status, o.payment_status) <> 'cancelled';
  if tg_op = 'UPDATE' then
    select v_lines || coalesce(jsonb_agg(jsonb_build_object('created_at', o.created_at, 'product_id',
      i.product_id, 'product_name', i.product_name, 'quantity', i.quantity, 'unit_price', i.unit_price,
      'sign', 1)), '[]')
    into v_lines
    from new_rows i
    join public.orders o on o.id = i.order_id
    where public.order_sale_status(o.status, o.payment_status) <> 'cancelled';
  end if;
  if jsonb_array_length(v_lines) > 0 then
    perform public.dashboard_apply_lines(v_lines);
  end if;
  return null;
end;
$$;

comment on function public.dashboard_order_items_rollup() is
  'Trigger (per statement): keeps dashboard_product_sales in step with order lines (inserts read straight '
  'from the transition table).';
revoke execute on function public.dashboard_order_items_rollup() from public, anon, authenticated;

-- Reading the rollups -----------------------------------------------------------------------------

-- The order figures of [p_from, p_to) (p_to_inclusive: [p_from, p_to]) for callers who see every order:
-- whole UTC days from the rollups, the partial days at either end from orders.
create or replace function public.dashboard_period_figures(p_from timestamptz, p_to timestamptz, p_to_inclusive boolean)
returns table (orders bigint, customers bigint, revenue numeric)
language sql
stable
security definer
set search_path = ''
set jit = off
as $$
  with b as (
    select d.full_from, greatest(d.full_from, d.full_to) as full_to
    from (
      select
        case when p_from = (public.dashboard_utc_day(p_from)::timestamp at time zone 'UTC')
          then public.dashboard_utc_day(p_from)
          else public.dashboard_utc_day(p_from) + 1 end as full_from,
        public.dashboard_utc_day(p_to) as full_to
    ) d
  ),
  edges as (
    select o.user_id, public.order_sale_status(o.status, o.payment_status) as status, o.total_amount
    from public.orders o, b
    where o.created_at >= p_from
      and o.created_at < (b.full_from::timestamp at time zone 'UTC')
      and (o.created_at < p_to or (p_to_inclusive and o.created_at = p_to))
    union all
    select o.user_id, public.order_sale_status(o.status, o.payment_status) as status, o.total_amount
    from public.orders o, b
    where o.created_at >= (b.full_to::timestamp at time zone 'UTC')
      and o.created_at >= p_from
      and (o.created_at < p_to or (p_to_inclusive and o.created_at = p_to))
  )
  select
    (select coalesce(sum(d.order_count), 0) from public.dashboard_order_days d, b
      where d.day >= b.full_from and d.day < b.full_to)::bigint
      + (select count(*) from edges),
    (select count(*) from (
      select c.user_id from public.dashboard_customer_days c, b
      where c.day >= b.full_from and c.day < b.full_to and c.order_count > 0
      union
      select e.user_id from edges e where e.user_id is not null
    ) u),
    (select coalesce(sum(d.revenue), 0) from public.dashboard_order_days d, b
      where d.day >= b.full_from and d.day < b.full_to)
      + (select coalesce(sum(e.total_amount), 0) from edges e where e.status <> 'cancelled');
$$;

comment on function public.dashboard_period_figures(timestamptz, timestamptz, boolean) is
  'Internal: orders, distinct customers and revenue (not cancelled) of a period, from the rollups and '
  'the orders of its partial days. Callers check permissions.';
revoke execute on function public.dashboard_period_figures(p_from timestamp with time zone, p_to timestamp with time zone, p_to_inclusive boolean) from public, anon, authenticated;

-- The dashboard rollups also follow TRUNCATE: emptying orders empties every rollup, emptying
-- order_items empties the product sales. Row triggers do not fire on TRUNCATE, so without these the
-- figures would outlive the rows they count.
create or replace function public.dashboard_rollups_truncate()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'orders' then
    truncate public.dashboard_order_days, public.dashboard_customer_days, public.dashboard_customers;
  end if;
  truncate public.dashboard_product_sales;
  return null;
end;
$$;

comment on function public.dashboard_rollups_truncate() is
  'Trigger (after truncate of orders or order_items): empties the dashboard rollups that count them.';
revoke execute on function public.dashboard_rollups_truncate() from public, anon, authenticated;

-- Exact units and revenue of the orders from p_start on (any later order included), per product, for the
-- products (item keys) of p_keys.
create or replace function public.dashboard_product_totals(p_start timestamptz, p_keys text[])
returns table (item_key text, product_id uuid, deleted_name text, units bigint, revenue numeric)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
#variable_conflict use_column
declare
  -- The first whole UTC day of the window, and the first whole month.
  v_full_from date := case when p_start = (public.dashboard_utc_day(p_start)::timestamp at time zone 'UTC')
    then public.dashboard_utc_day(p_start) else public.dashboard_utc_day(p_start) + 1 end;
  v_months_from date := (date_trunc('month', v_full_from::timestamp) + case
    when v_full_from = date_trunc('month', v_full_from::timestamp)::date
    then interval '0' else interval '1 month' end)::date;
begin
  return query
  with edge_orders as materialized (
    -- The partial first day: its orders through the date index, then their lines.
    select o.id from public.orders o
    where public.order_sale_status(o.status, o.payment_status) <> 'cancelled'
      and o.created_at >= p_start
      and o.created_at < (v_full_from::timestamp at time zone 'UTC')
  ),
  pieces as (
    -- The month rollups from the first whole month on.
    select s.item_key, s.product_id, s.deleted_name, s.units, s.revenue
    from public.dashboard_product_sales s
    where s.item_key = any (p_keys) and s.period = 'month' and s.period_start >= v_months_from
    union all
    -- The day rollups of the whole days before it.
    select s.item_key, s.product_id, s.deleted_name, s.units, s.revenue
    from public.dashboard_product_sales s
    where s.item_key = any (p_keys) and s.period = 'day'
      and s.period_start >= v_full_from and s.period_start < v_months_from
    union all
    select x.item_key, x.product_id, x.deleted_name, x.units, x.revenue
    from (
      select coalesce(oi.product_id::text, 'name:' || oi.product_name) as item_key, oi.product_id,
        case when oi.product_id is null then oi.product_name end as deleted_name,
        oi.quantity::bigint as units, oi.unit_price * oi.quantity as revenue
      from edge_orders e
      join public.order_items oi on oi.order_id = e.id
      offset 0
    ) x
    where x.item_key = any (p_keys)
  )
  select p.item_key, min(p.product_id::text)::uuid, min(p.deleted_name), sum(p.units)::bigint,
    sum(p.revenue)::numeric
  from pieces p
  group by p.item_key
  having sum(p.units) > 0;
end;
$$;

comment on function public.dashboard_product_totals(timestamptz, text[]) is
  'Internal: exact units and revenue (orders not cancelled) from p_start on, for the item keys given, from '
  'the product sales rollups and the order lines of the partial first day. Callers check permissions.';
revoke execute on function public.dashboard_product_totals(p_start timestamp with time zone, p_keys text[]) from public, anon, authenticated;

create or replace function public.admin_dashboard_summary(p_days integer default 30)
returns table (
  product_count bigint,
  category_count bigint,
  order_count bigint,
  customer_count bigint,
  revenue numeric,
  products_current bigint,
  products_previous bigint,
  categories_current bigint,
  categories_previous bigint,
  orders_current bigint,
  orders_previous bigint,
  customers_current bigint,
  customers_previous bigint,
  revenue_current numeric,
  revenue_previous numeric
)
language sql
stable
security definer
set search_path = ''
set jit = off
as $$
  with bounds as (
    select
      now() as period_end,
      now() - make_interval(days => greatest(p_days, 1)) as current_start,
      now() - make_interval(days => 2 * greatest(p_days, 1)) as previous_start,
      -- The caller's reach as row-level security gave it: every order, else their own.
      (select public.has_admin_permission('orders')) as all_orders,
      (select auth.uid()) as caller
  ),
  -- Every order: the rollups.
  rolled as (
    select
      (select coalesce(sum(d.order_count), 0) from public.dashboard_order_days d)::bigint as orders_all,
      (select count(*) from public.dashboard_customers c where c.order_count > 0) as customers_all,
      (select coalesce(sum(d.revenue), 0) from public.dashboard_order_days d) as revenue_all,
      cur.orders as orders_current, prev.orders as orders_previous,
      cur.customers as customers_current, prev.customers as customers_previous,
      cur.revenue as revenue_current, prev.revenue as revenue_previous
    from bounds b
    cross join lateral public.dashboard_period_figures(b.current_start, b.period_end, true) cur
    cross join lateral public.dashboard_period_figures(b.previous_start, b.current_start, false) prev
    where b.all_orders
  ),
  -- The caller's own orders (no orders permission).
  own as (
    select
      count(*) as orders_all,
      count(distinct o.user_id) as customers_all,
      coalesce(sum(o.total_amount) filter (where public.order_sale_status(o.status, o.payment_status) <> 'cancelled'), 0) as revenue_all,
      count(*) filter (where o.created_at >= b.current_start and o.created_at <= b.period_end) as orders_current,
      count(*) filter (where o.created_at >= b.previous_start and o.created_at < b.current_start)
        as orders_previous,
      count(distinct o.user_id) filter (where o.created_at >= b.current_start and o.created_at <= b.period_end)
        as customers_current,
      count(distinct o.user_id) filter (where o.created_at >= b.previous_start and o.created_at < b.current_start)
        as customers_previous,
      coalesce(sum(o.total_amount) filter (
        where public.order_sale_status(o.status, o.payment_status) <> 'cancelled' and o.created_at >= b.current_start and o.created_at <= b.period_end
      ), 0) as revenue_current,
      coalesce(sum(o.total_amount) filter (
        where public.order_sale_status(o.status, o.payment_status) <> 'cancelled' and o.created_at >= b.previous_start and o.created_at < b.current_start
      ), 0) as revenue_previous
    from bounds b
    join public.orders o on o.user_id = b.caller
    where not b.all_orders
  ),
  order_figures as (
    select * from rolled
    union all
    select * from own where not (select b.all_orders from bounds b)
  ),
  product_figures as (
    select
      count(*) as all_count,
      count(*) filter (where p.created_at >= b.current_start and p.created_at <= b.period_end) as current_count,
      count(*) filter (where p.created_at >= b.previous_start and p.created_at < b.current_start) as previous_count
    from public.products p
    cross join bounds b
  ),
  category_figures as (
    select
      count(*) as all_count,
      count(*) filter (where c.created_at >= b.current_start and c.created_at <= b.period_end) as current_count,
      count(*) filter (where c.created_at >= b.previous_start and c.created_at < b.current_start) as previous_count
    from public.categories c
    cross join bounds b
  )
  select
    pf.all_count, cf.all_count, f.orders_all, f.customers_all, f.revenue_all,
    pf.current_count, pf.previous_count, cf.current_count, cf.previous_count,
    f.orders_current, f.orders_previous, f.customers_current, f.customers_previous,
    f.revenue_current, f.revenue_previous
  from order_figures f, product_figures pf, category_figures cf;
$$;

comment on function public.admin_dashboard_summary(integer) is
  'All-time totals (products, categories, orders, distinct ordering customers, revenue = sum of '
  'total_amount of non-cancelled orders) and the same activity in the last p_days days and the p_days '
  'before, for the dashboard''s change badges. Orders: every order with the orders permission, else the '
  'caller''s own (as row-level security reads them).';
revoke execute on function public.admin_dashboard_summary(p_days integer) from public, anon;
grant execute on function public.admin_dashboard_summary(p_days integer) to authenticated, service_role;

create or replace function public.admin_sales_overview(p_months integer default 6)
returns table (month date, revenue numeric, orders bigint)
language sql
stable
security definer
set search_path = ''
set jit = off
as $$
  with bounds as (
    select
      date_trunc('month', now())
        - make_interval(months => least(greatest(coalesce(p_months, 6), 1), 36) - 1) as first_month,
      date_trunc('month', now()) + interval '1 month' as after_last
  ),
  sold as (
    select date_trunc('month', o.created_at) as month_start, sum(o.total_amount) as revenue, count(*) as orders
    from public.orders o
    cross join bounds b
    where o.created_at >= b.first_month
      and o.created_at < b.after_last
      and public.order_sale_status(o.status, o.payment_status) <> 'cancelled'
    group by 1
  )
  select m.month_start::date, coalesce(s.revenue, 0)::numeric, coalesce(s.orders, 0)::bigint
  from bounds b
  cross join lateral generate_series(b.first_month, b.after_last - interval '1 month', interval '1 month')
    as m (month_start)
  left join sold s on s.month_start = m.month_start
  where (select public.has_admin_permission('orders'))
  order by m.month_start;
$$;

comment on function public.admin_sales_overview(integer) is
  'Revenue (sum of total_amount) and number of non-cancelled orders per calendar month for the last '
  'p_months months (default 6, 1..36), oldest first, months without orders included with 0. Returns no '
  'rows to callers without the orders permission.';
revoke execute on function public.admin_sales_overview(p_months integer) from public, anon;
grant execute on function public.admin_sales_overview(p_months integer) to authenticated, service_role;

-- admin_top_products adds up only the products that can still make the list (adding up every (month or
-- day, product) row of half a year meant about 250,000 rows at 100,000 products and 200,000 orders):
--   1. The window is every order from `now() - p_days` on (later orders count too). Its total
--      per product is exact from three pieces: the order lines of the partial first day (orders, through
--      the date index), the day rollups of the rest of the first month, the month rollups from the first
--      whole month on.
--   2. Every month touching the window (from the month of its start to the last month with sales, M of
--      them) holds all of a product's in-window revenue and more, and no line subtracts (revenue is
--      unit_price >= 0 times quantity > 0 of orders not cancelled), so a product whose window revenue
--      reaches T has at least T / M in one of those months.
--   3. T is taken from the exact totals of each month's leaders (top p_limit of each month, from
--      dashboard_product_sales_period_revenue_idx): the p_limit-th best of them is a revenue that at
--      least p_limit products reach. Every product with at least T / M (truncated down) in one month is
--      a candidate; the exact totals of the candidates, ordered and cut, are the answer. Fewer than
--      p_limit leaders with sales make T 0: then every product with sales is a candidate.
-- Order: revenue desc, units desc, product id (deleted products by the name on their lines). No rows
-- without the orders permission.
create or replace function public.admin_top_products(p_limit integer default 5, p_days integer default 180)
returns table (product_name text, units bigint, revenue numeric)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
#variable_conflict use_column
declare
  v_limit integer := least(greatest(coalesce(p_limit, 5), 1), 50);
  v_start timestamptz := now() - make_interval(days => least(greatest(coalesce(p_days, 180), 1), 3660));
  v_first_month date;
  v_months date[];
  v_threshold numeric;
  v_keys text[];
begin
  -- Figures of every order are for the orders permission only (row-level security gave others none).
  if not public.has_admin_permission('orders') then
    return;
  end if;
  v_first_month := date_trunc('month', public.dashboard_utc_day(v_start)::timestamp)::date;
  -- The months touching the window: its first month up to the last month with sales.
  select coalesce(array_agg(g.m::date order by g.m), '{}')
  into v_months
  from generate_series(
    v_first_month::timestamp,
    greatest(v_first_month, (
      select max(s.period_start) from public.dashboard_product_sales s
      where s.period = 'month' and s.period_start >= v_first_month
    ))::timestamp,
    interval '1 month'
  ) as g (m);

  -- T: the p_limit-th best exact total among each month's leaders.
  select coalesce(array_agg(distinct l.item_key), '{}')
  into v_keys
  from unnest(v_months) as m (month_start)
  cross join lateral (
    select s.item_key from public.dashboard_product_sales s
    where s.period = 'month' and s.period_start = m.month_start
    order by s.revenue desc
    limit v_limit
  ) l;
  select t.revenue
  into v_threshold
  from public.dashboard_product_totals(v_start, v_keys) t
  order by t.revenue desc
  offset v_limit - 1
  limit 1;

  -- Every product with T / M in one of the months (truncated down: never above the exact quotient).
  select coalesce(array_agg(distinct c.item_key), '{}')
  into v_keys
  from unnest(v_months) as m (month_start)
  cross join lateral (
    select s.item_key from public.dashboard_product_sales s
    where s.period = 'month' and s.period_start = m.month_start
      and s.revenue >= trunc(coalesce(v_threshold, 0) / greatest(cardinality(v_months), 1), 6)
      and s.units > 0
  ) c;

  return query
  with top as (
    select t.product_id, t.deleted_name, t.units, t.revenue
    from public.dashboard_product_totals(v_start, v_keys) t
    order by t.revenue desc, t.units desc, t.product_id
    limit v_limit
  )
  -- The product's name, or the name on the lines of a deleted one.
  select coalesce(p.name, t.deleted_name), t.units, t.revenue
  from top t
  left join public.products p on p.id = t.product_id
  order by 3 desc, 2 desc, 1;
end;
$$;

comment on function public.admin_top_products(integer, integer) is
  'Best-selling products of the last p_days days (default 180, at most 3660) by revenue of orders not '
  'cancelled: top p_limit (1-50) with units and revenue. Only products that can reach the list are added '
  'up (see migration 20250101002000). Orders permission only (no rows otherwise).';
revoke execute on function public.admin_top_products(p_limit integer, p_days integer) from public, anon;
grant execute on function public.admin_top_products(p_limit integer, p_days integer) to authenticated, service_role;

-- Triggers ----------------------------------------------------------------------------------------
create trigger dashboard_orders_rollup_insert
  after insert on public.orders
  referencing new table as new_rows
  for each statement execute function public.dashboard_orders_rollup();

create trigger dashboard_orders_rollup_update
  after update on public.orders
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.dashboard_orders_rollup();

create trigger dashboard_orders_rollup_delete
  before delete on public.orders
  for each row execute function public.dashboard_orders_rollup_delete();

create trigger dashboard_order_items_rollup_insert
  after insert on public.order_items
  referencing new table as new_rows
  for each statement execute function public.dashboard_order_items_rollup();

create trigger dashboard_order_items_rollup_update
  after update on public.order_items
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.dashboard_order_items_rollup();

create trigger dashboard_order_items_rollup_delete
  after delete on public.order_items
  referencing old table as old_rows
  for each statement execute function public.dashboard_order_items_rollup();

create trigger dashboard_orders_rollup_truncate
  after truncate on public.orders
  for each statement execute function public.dashboard_rollups_truncate();

create trigger dashboard_order_items_rollup_truncate
  after truncate on public.order_items
  for each statement execute function public.dashboard_rollups_truncate();

-- Grants ------------------------------------------------------------------------------------------
revoke all on public.dashboard_order_days, public.dashboard_customer_days, public.dashboard_customers,
  public.dashboard_product_sales from public, anon, authenticated;
grant all on public.dashboard_order_days, public.dashboard_customer_days, public.dashboard_customers,
  public.dashboard_product_sales to service_role;
