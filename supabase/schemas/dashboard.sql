-- The back-office dashboard: figures by day and month, customers and top products, at any number of
-- orders. admin_dashboard_summary, admin_sales_overview and admin_top_products read rollups of a few
-- hundred rows per day instead of adding up every order (one pass over 200,000 orders took 245-513 ms):
--   * dashboard_order_days: per UTC day of orders.created_at, the orders (all statuses), the orders
--     not cancelled and their revenue (sum of total_amount).
--   * dashboard_customer_days: per UTC day and customer, that customer's orders that day (distinct
--     customers of a period are the distinct user_ids of its days); dashboard_customers: per customer,
--     all their orders (the all-time customer count is its rows with orders > 0), the day of their first
--     order and every day they ordered as one datemultirange (order_days), so the analytics count the
--     distinct customers of a year from one row per customer instead of a row per customer and day.
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
  order_count bigint not null default 0,
  first_day date,
  order_days datemultirange not null default '{}'
);

alter table public.dashboard_customers enable row level security;

comment on table public.dashboard_customers is
  'Rollup for admin_dashboard_summary: per customer, all their orders, and the UTC day of their first order '
  '(first_day, for the analytics'' new customers). Kept by triggers.';

comment on column public.dashboard_customers.first_day is
  'UTC day of the customer''s first order of any status (null once they have none). New customers of a '
  'period are those whose first_day falls in it.';

comment on column public.dashboard_customers.order_days is
  'The UTC days of the customer''s orders of any status (the days of dashboard_customer_days with '
  'orders), adjacent days merged. A customer ordered in a period when order_days && the period.';

create index dashboard_customers_first_day_idx on public.dashboard_customers (first_day);

-- A customer's days with orders, to find their first day again when an order moves or goes.
create index dashboard_customer_days_user_idx on public.dashboard_customer_days (user_id, day)
  where order_count > 0;

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
-- Units ride along so that admin_top_products' candidates (revenue at least T / M, units > 0) are a
-- revenue range read from this index alone.
create index dashboard_product_sales_period_revenue_idx
  on public.dashboard_product_sales (period, period_start, revenue desc)
  include (item_key, units);

create index dashboard_product_sales_item_idx
  on public.dashboard_product_sales (item_key, period, period_start)
  include (product_id, deleted_name, units, revenue);

-- Each period's best sellers by units (admin_analytics_top_products), and every figure of a day's rows
-- without reading the table (the analytics' short periods and stock cover add up day rows).
create index dashboard_product_sales_period_units_idx
  on public.dashboard_product_sales (period, period_start, units desc)
  include (item_key, product_id, deleted_name, revenue);

create table public.analytics_category_days (
  day date not null,
  category_id uuid not null,
  units bigint not null default 0,
  revenue numeric not null default 0,
  primary key (day, category_id)
);

alter table public.analytics_category_days enable row level security;

comment on table public.analytics_category_days is
  'Rollup for the analytics: per UTC day and category, units and revenue of lines of orders not cancelled, '
  'by the product''s current category (lines of deleted products under the nil uuid). Kept by the order '
  'line triggers and, when a product changes category or is deleted, by triggers on products.';

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

  -- Their first day and their days again, from their days with orders (an order that moved or went may
  -- have been the first or the only one of its day).
  update public.dashboard_customers c
  set (first_day, order_days) = (
    select min(d.day), coalesce(range_agg(daterange(d.day, d.day, '[]')), '{}')
    from public.dashboard_customer_days d
    where d.user_id = c.user_id and d.order_count > 0
  )
  where c.user_id in (
    select o.user_id from jsonb_to_recordset(p_orders) as o (user_id uuid) where o.user_id is not null
  );
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

  insert into public.analytics_category_days as t (day, category_id, units, revenue)
  select public.dashboard_utc_day(l.created_at),
    coalesce(p.category_id, '00000000-0000-0000-0000-000000000000'::uuid),
    sum(l.sign * l.quantity), sum(l.sign * l.unit_price * l.quantity)
  from jsonb_to_recordset(p_lines) as l (created_at timestamptz, product_id uuid, quantity integer,
    unit_price numeric, sign integer)
  left join public.products p on p.id = l.product_id
  group by 1, 2
  order by 1, 2
  on conflict (day, category_id) do update
    set units = t.units + excluded.units, revenue = t.revenue + excluded.revenue;
$$;

comment on function public.dashboard_apply_lines(jsonb) is
  'Internal: adds signed order lines to dashboard_product_sales and analytics_category_days.';
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

    insert into public.dashboard_customers as t (user_id, order_count, first_day, order_days)
    select n.user_id, count(*), min(public.dashboard_utc_day(n.created_at)),
      range_agg(daterange(public.dashboard_utc_day(n.created_at), public.dashboard_utc_day(n.created_at), '[]'))
    from new_rows n
    where n.user_id is not null
    group by 1
    order by 1
    on conflict (user_id) do update
      set order_count = t.order_count + excluded.order_count,
        first_day = least(t.first_day, excluded.first_day),
        order_days = t.order_days + excluded.order_days;
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

    insert into public.analytics_category_days as t (day, category_id, units, revenue)
    select public.dashboard_utc_day(o.created_at),
      coalesce(p.category_id, '00000000-0000-0000-0000-000000000000'::uuid),
      sum(i.quantity), sum(i.unit_price * i.quantity)
    from new_rows i
    join public.orders o on o.id = i.order_id
    left join public.products p on p.id = i.product_id
    where public.order_sale_status(o.status, o.payment_status) <> 'cancelled'
    group by 1, 2
    order by 1, 2
    on conflict (day, category_id) do update
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
  truncate public.dashboard_product_sales, public.analytics_category_days;
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

-- Analytics -----------------------------------------------------------------------------------------
-- /admin/analytics (analytics permission): the figures of a period of whole UTC days [p_from, p_to]
-- against the period of the same length just before it, all from the rollups above (plus the orders
-- that are not sales, through orders_not_sales_idx). A sale is an order that is paid or still payable:
-- order_sale_status is not 'cancelled' (cancelled, returned, refunded and refund-due orders are not
-- sales), as on the dashboard. Every function raises 42501 without the analytics permission and 22023 for
-- a period that ends before it starts or is longer than 3,660 days.

-- A deleted product's figures move to the nil uuid before it is deleted (its lines keep their name; the
-- lines' own trigger then moves them between keys of the same nil category). A category change moves
-- them per statement (analytics_products_category_moves, below).
create or replace function public.analytics_products_category_move()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_to uuid := case when tg_op = 'DELETE' then '00000000-0000-0000-0000-000000000000'::uuid
    else new.category_id end;
begin
  insert into public.analytics_category_days as t (day, category_id, units, revenue)
  select s.period_start, m.category_id, sum(m.sign * s.units), sum(m.sign * s.revenue)
  from public.dashboard_product_sales s
  cross join (values (old.category_id, -1), (v_to, 1)) as m (category_id, sign)
  where s.item_key = old.id::text and s.period = 'day'
  group by 1, 2
  order by 1, 2
  on conflict (day, category_id) do update
    set units = t.units + excluded.units, revenue = t.revenue + excluded.revenue;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return null;
end;
$$;

comment on function public.analytics_products_category_move() is
  'Trigger (per row): moves a product''s sales in analytics_category_days to the nil uuid (deleted '
  'products) before it is deleted (or to its new category, when called by an update).';
revoke execute on function public.analytics_products_category_move() from public, anon, authenticated;

-- The same for every product one update statement moved to another category, in one statement (a per-row
-- trigger ran one upsert per product: about 340 ms for 1,000 products): their day rows added up per day
-- and category, out of the old category and into the new one; an update that moves none writes nothing.
create or replace function public.analytics_products_category_moves()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.analytics_category_days as t (day, category_id, units, revenue)
  select s.period_start, m.category_id, sum(m.sign * s.units), sum(m.sign * s.revenue)
  from old_products o
  join new_products n on n.id = o.id and n.category_id is distinct from o.category_id
  join public.dashboard_product_sales s on s.item_key = o.id::text and s.period = 'day'
  cross join lateral (values (o.category_id, -1), (n.category_id, 1)) as m (category_id, sign)
  group by 1, 2
  order by 1, 2
  on conflict (day, category_id) do update
    set units = t.units + excluded.units, revenue = t.revenue + excluded.revenue;
  return null;
end;
$$;

comment on function public.analytics_products_category_moves() is
  'Trigger (per statement): moves the sales of every product the update moved to another category in '
  'analytics_category_days, in one statement.';
revoke execute on function public.analytics_products_category_moves() from public, anon, authenticated;

-- Checks the caller and the period; returns the previous period's first day.
create or replace function public.analytics_check(p_from date, p_to date)
returns date
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_admin_permission('analytics') then
    raise exception 'analytics permission required' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from >= 3660 then
    raise exception 'a period runs from a day to the same or a later day, at most 3,660 days'
      using errcode = '22023';
  end if;
  return p_from - (p_to - p_from + 1);
end;
$$;

comment on function public.analytics_check(date, date) is
  'Internal: raises 42501 without the analytics permission and 22023 for a bad period; returns the first '
  'day of the previous period of the same length.';
revoke execute on function public.analytics_check(p_from date, p_to date) from public, anon, authenticated;

create or replace function public.admin_analytics_summary(p_from date, p_to date)
returns table (
  period text,
  period_from date,
  period_to date,
  revenue numeric,
  orders bigint,
  average_order_value numeric,
  units bigint,
  orders_placed bigint,
  customers bigint,
  new_customers bigint,
  returning_customers bigint,
  cancelled_orders bigint,
  cancelled_value numeric,
  returned_orders bigint,
  returned_value numeric,
  refunded_orders bigint,
  refunded_value numeric
)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
#variable_conflict use_column
declare
  v_previous_from date := public.analytics_check(p_from, p_to);
begin
  return query
  with periods as (
    select 'current'::text as period, p_from as d_from, p_to as d_to
    union all
    select 'previous', v_previous_from, p_from - 1
  ),
  -- Both periods' customers in one pass over one row per customer (a year of their days is ~100,000
  -- rows at 200,000 orders, and their distinct count cost 90 ms a period on PostgreSQL).
  customer_counts as materialized (
    select
      count(*) filter (where dc.order_days && daterange(p_from, p_to, '[]')) as customers,
      count(*) filter (where dc.first_day between p_from and p_to) as new_customers,
      count(*) filter (where dc.order_days && daterange(v_previous_from, p_from - 1, '[]'))
        as previous_customers,
      count(*) filter (where dc.first_day between v_previous_from and p_from - 1) as previous_new_customers
    from public.dashboard_customers dc
  )
  select pr.period, pr.d_from, pr.d_to, o.revenue, o.orders,
    case when o.orders > 0 then round(o.revenue / o.orders, 2) else 0 end,
    u.units, o.placed, c.customers, c.new_customers, c.customers - c.new_customers,
    x.cancelled_orders, x.cancelled_value, x.returned_orders, x.returned_value,
    x.refunded_orders, x.refunded_value
  from periods pr
  cross join lateral (
    select coalesce(sum(d.revenue), 0)::numeric as revenue, coalesce(sum(d.sold_count), 0)::bigint as orders,
      coalesce(sum(d.order_count), 0)::bigint as placed
    from public.dashboard_order_days d
    where d.day between pr.d_from and pr.d_to
  ) o
  cross join lateral (
    select coalesce(sum(a.units), 0)::bigint as units
    from public.analytics_category_days a
    where a.day between pr.d_from and pr.d_to
  ) u
  cross join lateral (
    select case pr.period when 'current' then k.customers else k.previous_customers end as customers,
      case pr.period when 'current' then k.new_customers else k.previous_new_customers end as new_customers
    from customer_counts k
  ) c
  cross join lateral (
    -- Orders that are not sales, through orders_not_sales_idx (same predicate).
    select
      count(*) filter (where s.status = 'cancelled') as cancelled_orders,
      coalesce(sum(s.total_amount) filter (where s.status = 'cancelled'), 0)::numeric as cancelled_value,
      count(*) filter (where s.status = 'returned') as returned_orders,
      coalesce(sum(s.total_amount) filter (where s.status = 'returned'), 0)::numeric as returned_value,
      count(*) filter (where s.payment_status in ('refunded', 'refund_pending')) as refunded_orders,
      coalesce(sum(s.total_amount) filter (where s.payment_status in ('refunded', 'refund_pending')), 0)::numeric
        as refunded_value
    from public.orders s
    where (s.status in ('cancelled', 'returned') or s.payment_status in ('refunded', 'refund_pending'))
      and s.created_at >= (pr.d_from::timestamp at time zone 'UTC')
      and s.created_at < ((pr.d_to + 1)::timestamp at time zone 'UTC')
  ) x
  order by pr.d_from desc;
end;
$$;

comment on function public.admin_analytics_summary(date, date) is
  'Analytics: for the UTC days p_from..p_to (row ''current'') and the period of the same length before it '
  '(''previous''): revenue (total_amount of sales: orders not cancelled, returned, refunded or owed a '
  'refund), orders (sales), average order value, units sold, orders placed (every status), distinct '
  'ordering customers, new customers (first order in the period) and returning ones, and, of the orders '
  'placed in the period, the cancelled and returned ones and those refunded or owed a refund with their '
  'totals. Analytics permission (42501); bad period 22023.';
revoke execute on function public.admin_analytics_summary(p_from date, p_to date) from public, anon;
grant execute on function public.admin_analytics_summary(p_from date, p_to date) to authenticated, service_role;

create or replace function public.admin_analytics_series(p_from date, p_to date, p_bucket text default 'day')
returns table (period text, bucket_start date, revenue numeric, orders bigint, units bigint)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
#variable_conflict use_column
declare
  v_previous_from date := public.analytics_check(p_from, p_to);
begin
  if p_bucket is null or p_bucket not in ('day', 'week', 'month') then
    raise exception 'bucket is day, week or month' using errcode = '22023';
  end if;
  return query
  with periods as (
    select 'current'::text as period, p_from as d_from, p_to as d_to
    union all
    select 'previous', v_previous_from, p_from - 1
  ),
  -- Each bucket starts at its day, week (Monday) or month, or at the period's first day.
  buckets as (
    select distinct pr.period, greatest(date_trunc(p_bucket, g)::date, pr.d_from) as bucket_start
    from periods pr
    cross join lateral generate_series(pr.d_from::timestamp, pr.d_to::timestamp, interval '1 day') as g
  ),
  days as (
    select pr.period, greatest(date_trunc(p_bucket, d.day::timestamp)::date, pr.d_from) as bucket_start,
      d.revenue, d.sold_count, 0::bigint as units
    from periods pr
    join public.dashboard_order_days d on d.day between pr.d_from and pr.d_to
    union all
    select pr.period, greatest(date_trunc(p_bucket, a.day::timestamp)::date, pr.d_from), 0, 0, a.units
    from periods pr
    join public.analytics_category_days a on a.day between pr.d_from and pr.d_to
  )
  select b.period, b.bucket_start, coalesce(sum(x.revenue), 0)::numeric,
    coalesce(sum(x.sold_count), 0)::bigint, coalesce(sum(x.units), 0)::bigint
  from buckets b
  left join days x on x.period = b.period and x.bucket_start = b.bucket_start
  group by b.period, b.bucket_start
  order by b.period, b.bucket_start;
end;
$$;

comment on function public.admin_analytics_series(date, date, text) is
  'Analytics: revenue, orders (sales) and units sold per day, week (from Monday) or month of the UTC days '
  'p_from..p_to (''current'') and of the period of the same length before it (''previous''), every bucket '
  'included (a bucket starts at its day, Monday or first of the month, or at the period''s first day). '
  'Analytics permission (42501); bad period or bucket 22023.';
revoke execute on function public.admin_analytics_series(p_from date, p_to date, p_bucket text) from public, anon;
grant execute on function public.admin_analytics_series(p_from date, p_to date, p_bucket text) to authenticated, service_role;

create or replace function public.admin_analytics_categories(p_from date, p_to date)
returns table (
  category_id uuid,
  category_name text,
  units bigint,
  revenue numeric,
  previous_units bigint,
  previous_revenue numeric
)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
#variable_conflict use_column
declare
  v_previous_from date := public.analytics_check(p_from, p_to);
begin
  return query
  with figures as (
    select a.category_id,
      sum(a.units) filter (where a.day >= p_from) as units,
      sum(a.revenue) filter (where a.day >= p_from) as revenue,
      sum(a.units) filter (where a.day < p_from) as previous_units,
      sum(a.revenue) filter (where a.day < p_from) as previous_revenue
    from public.analytics_category_days a
    where a.day between v_previous_from and p_to
    group by a.category_id
  )
  -- Every category (with nothing sold: zeros), and deleted products' lines when they sold (null id).
  select c.id, c.name, coalesce(f.units, 0)::bigint, coalesce(f.revenue, 0)::numeric,
    coalesce(f.previous_units, 0)::bigint, coalesce(f.previous_revenue, 0)::numeric
  from public.categories c
  left join figures f on f.category_id = c.id
  union all
  select null, null, coalesce(f.units, 0)::bigint, coalesce(f.revenue, 0)::numeric,
    coalesce(f.previous_units, 0)::bigint, coalesce(f.previous_revenue, 0)::numeric
  from figures f
  where f.category_id = '00000000-0000-0000-0000-000000000000'::uuid
    and (f.units <> 0 or f.previous_units <> 0)
  order by 4 desc, 3 desc, 2 nulls last;
end;
$$;

comment on function public.admin_analytics_categories(date, date) is
  'Analytics: units and revenue of sales per category (the product''s current category) in the UTC days '
  'p_from..p_to and in the period of the same length before it; every category, and a row with a null '
  'category for the lines of deleted products when they sold. Analytics permission (42501); bad period 22023.';
revoke execute on function public.admin_analytics_categories(p_from date, p_to date) from public, anon;
grant execute on function public.admin_analytics_categories(p_from date, p_to date) to authenticated, service_role;

-- Exact units and revenue of sales in the UTC days p_from..p_to for the item keys given: month rows for
-- the months wholly inside, day rows for the other days.
create or replace function public.analytics_product_totals(p_from date, p_to date, p_keys text[])
returns table (item_key text, product_id uuid, deleted_name text, units bigint, revenue numeric)
language sql
stable
security definer
set search_path = ''
set jit = off
as $$
  with months as (
    select g::date as month_start
    from generate_series(date_trunc('month', p_from::timestamp), date_trunc('month', p_to::timestamp),
      interval '1 month') as g
    where g::date >= p_from and (g + interval '1 month')::date <= p_to + 1
  ),
  pieces as (
    select s.item_key, s.product_id, s.deleted_name, s.units, s.revenue
    from public.dashboard_product_sales s
    where s.item_key = any (p_keys) and s.period = 'month'
      and s.period_start in (select m.month_start from months m)
    union all
    select s.item_key, s.product_id, s.deleted_name, s.units, s.revenue
    from public.dashboard_product_sales s
    where s.item_key = any (p_keys) and s.period = 'day' and s.period_start between p_from and p_to
      and date_trunc('month', s.period_start::timestamp)::date not in (select m.month_start from months m)
  )
  select p.item_key, min(p.product_id::text)::uuid, min(p.deleted_name), sum(p.units)::bigint,
    sum(p.revenue)::numeric
  from pieces p
  group by p.item_key
  having sum(p.units) > 0;
$$;

comment on function public.analytics_product_totals(date, date, text[]) is
  'Internal: exact units and revenue of sales in the UTC days p_from..p_to for the item keys given, from '
  'the product sales rollups. Callers check permissions.';
revoke execute on function public.analytics_product_totals(p_from date, p_to date, p_keys text[]) from public, anon, authenticated;

-- admin_analytics_top_products: a period of up to a week adds up its day rows (at most about 5,000 at
-- 200,000 orders). A longer one takes admin_top_products' way over the M months touching it: each
-- month's leaders by the measure (revenue or units), and for a period of up to 31 days each of its days'
-- leaders too, give T, the p_limit-th best exact total among them; a product reaching T has at least
-- T / M in one of those months (a month row holds all of the product's figures in the period's part of
-- that month and more, none negative), so only products with that much in one month are added up
-- exactly (30 days: about 100 products instead of adding up 19,000 day rows).
create or replace function public.admin_analytics_top_products(p_from date, p_to date,
  p_by text default 'revenue', p_limit integer default 10)
returns table (product_id uuid, product_name text, units bigint, revenue numeric)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
#variable_conflict use_column
declare
  v_limit integer := least(greatest(coalesce(p_limit, 10), 1), 100);
  v_months date[];
  v_threshold numeric;
  v_keys text[];
begin
  perform public.analytics_check(p_from, p_to);
  if p_by is null or p_by not in ('revenue', 'units') then
    raise exception 'top products by revenue or units' using errcode = '22023';
  end if;

  if p_to - p_from < 7 then
    return query
    with totals as (
      select s.item_key, min(s.product_id::text)::uuid as product_id, min(s.deleted_name) as deleted_name,
        sum(s.units)::bigint as units, sum(s.revenue)::numeric as revenue
      from public.dashboard_product_sales s
      where s.period = 'day' and s.period_start between p_from and p_to
      group by s.item_key
      having sum(s.units) > 0
    ),
    top as (
      select t.* from totals t
      order by case when p_by = 'units' then t.units::numeric else t.revenue end desc,
        case when p_by = 'units' then t.revenue else t.units::numeric end desc, t.item_key
      limit v_limit
    )
    select t.product_id, coalesce(p.name, t.deleted_name), t.units, t.revenue
    from top t
    left join public.products p on p.id = t.product_id
    order by case when p_by = 'units' then t.units::numeric else t.revenue end desc,
      case when p_by = 'units' then t.revenue else t.units::numeric end desc, t.item_key;
    return;
  end if;

  select array_agg(g::date order by g)
  into v_months
  from generate_series(date_trunc('month', p_from::timestamp), date_trunc('month', p_to::timestamp),
    interval '1 month') as g;

  if p_by = 'revenue' then
    select coalesce(array_agg(distinct l.item_key), '{}')
    into v_keys
    from (
      select 'month' as period, m.month_start as period_start from unnest(v_months) as m (month_start)
      union all
      select 'day', g::date from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') as g
      where p_to - p_from < 31
    ) m
    cross join lateral (
      select s.item_key from public.dashboard_product_sales s
      where s.period = m.period and s.period_start = m.period_start
      order by s.revenue desc
      limit v_limit
    ) l;
    select t.revenue into v_threshold
    from public.analytics_product_totals(p_from, p_to, v_keys) t
    order by t.revenue desc offset v_limit - 1 limit 1;
    select coalesce(array_agg(distinct c.item_key), '{}')
    into v_keys
    from unnest(v_months) as m (month_start)
    cross join lateral (
      select s.item_key from public.dashboard_product_sales s
      where s.period = 'month' and s.period_start = m.month_start
        and s.revenue >= trunc(coalesce(v_threshold, 0) / cardinality(v_months), 6)
        and s.units > 0
    ) c;
  else
    select coalesce(array_agg(distinct l.item_key), '{}')
    into v_keys
    from (
      select 'month' as period, m.month_start as period_start from unnest(v_months) as m (month_start)
      union all
      select 'day', g::date from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') as g
      where p_to - p_from < 31
    ) m
    cross join lateral (
      select s.item_key from public.dashboard_product_sales s
      where s.period = m.period and s.period_start = m.period_start
      order by s.units desc
      limit v_limit
    ) l;
    select t.units into v_threshold
    from public.analytics_product_totals(p_from, p_to, v_keys) t
    order by t.units desc offset v_limit - 1 limit 1;
    select coalesce(array_agg(distinct c.item_key), '{}')
    into v_keys
    from unnest(v_months) as m (month_start)
    cross join lateral (
      select s.item_key from public.dashboard_product_sales s
      where s.period = 'month' and s.period_start = m.month_start
        and s.units >= greatest(ceil(coalesce(v_threshold, 0) / cardinality(v_months)), 1)::bigint
    ) c;
  end if;

  return query
  with top as (
    select t.* from public.analytics_product_totals(p_from, p_to, v_keys) t
    order by case when p_by = 'units' then t.units::numeric else t.revenue end desc,
      case when p_by = 'units' then t.revenue else t.units::numeric end desc, t.item_key
    limit v_limit
  )
  select t.product_id, coalesce(p.name, t.deleted_name), t.units, t.revenue
  from top t
  left join public.products p on p.id = t.product_id
  order by case when p_by = 'units' then t.units::numeric else t.revenue end desc,
    case when p_by = 'units' then t.revenue else t.units::numeric end desc, t.item_key;
end;
$$;

comment on function public.admin_analytics_top_products(date, date, text, integer) is
  'Analytics: the best-selling products of the UTC days p_from..p_to by revenue or by units (p_by), top '
  'p_limit (1-100) with units and revenue of sales; deleted products by the name on their lines (null id). '
  'Ties: the other measure, then the product. Analytics permission (42501); bad period or p_by 22023.';
revoke execute on function public.admin_analytics_top_products(p_from date, p_to date, p_by text, p_limit integer) from public, anon;
grant execute on function public.admin_analytics_top_products(p_from date, p_to date, p_by text, p_limit integer) to authenticated, service_role;

-- Discount-code use: per code, the sales that used it in the period and the period before (orders not
-- cancelled, returned, refunded or owed a refund, as in the revenue figures), what the code took off and
-- the revenue of those orders. A deleted code keeps its uses under the code its orders name. Reads the
-- discounted orders of the two periods through orders_discounted_created_at_idx.
create or replace function public.admin_analytics_discounts(p_from date, p_to date)
returns table (
  promotion_id uuid,
  code text,
  orders bigint,
  discount numeric,
  revenue numeric,
  previous_orders bigint,
  previous_discount numeric
)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
#variable_conflict use_column
declare
  v_previous_from date := public.analytics_check(p_from, p_to);
  v_from timestamptz := p_from::timestamp at time zone 'UTC';
begin
  return query
  with uses as (
    select o.promotion_id, o.discount_code,
      count(*) filter (where o.created_at >= v_from) as orders,
      coalesce(sum(o.discount_amount) filter (where o.created_at >= v_from), 0) as discount,
      coalesce(sum(o.total_amount) filter (where o.created_at >= v_from), 0) as revenue,
      count(*) filter (where o.created_at < v_from) as previous_orders,
      coalesce(sum(o.discount_amount) filter (where o.created_at < v_from), 0) as previous_discount
    from public.orders o
    where o.discount_code is not null
      and o.created_at >= (v_previous_from::timestamp at time zone 'UTC')
      and o.created_at < ((p_to + 1)::timestamp at time zone 'UTC')
      and public.order_sale_status(o.status, o.payment_status) <> 'cancelled'
    group by o.promotion_id, o.discount_code
  )
  select u.promotion_id, coalesce(p.code, u.discount_code), u.orders::bigint, u.discount::numeric,
    u.revenue::numeric, u.previous_orders::bigint, u.previous_discount::numeric
  from uses u
  left join public.promotions p on p.id = u.promotion_id
  order by u.orders desc, u.discount desc, 2;
end;
$$;

comment on function public.admin_analytics_discounts(date, date) is
  'Analytics: per discount code, the sales that used it in the UTC days p_from..p_to (orders, discount '
  'given, revenue) and in the period of the same length before (orders, discount). Most used first. '
  'Analytics permission (42501); bad period 22023.';
revoke execute on function public.admin_analytics_discounts(p_from date, p_to date) from public, anon;
grant execute on function public.admin_analytics_discounts(p_from date, p_to date) to authenticated, service_role;

-- Stock cover: what each product sold in the last 30 UTC days comes from the day rows (an index alone);
-- their stock comes from products read by stock (an index of stock_count with the id), not from every
-- product that sold (16,000 lookups of wide rows at 100,000 products cost 200-600 ms): days left =
-- stock / (units / 30) is at least (stock) / (most units / 30), so only the products with the least stock
-- can be on the page, and those with none (days left 0) come first.
create or replace function public.admin_analytics_stock_cover(p_limit integer default 50, p_offset integer default 0)
returns table (
  product_id uuid,
  product_name text,
  stock_count integer,
  units_30_days bigint,
  daily_rate numeric,
  days_left numeric,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
declare
  v_today date := public.dashboard_utc_day(now());
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 1000);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_ids uuid[];
  v_units bigint[];
  v_total bigint;
  v_most bigint;
  v_stock integer := 0;
  v_candidates bigint;
  v_below bigint;
begin
  perform public.analytics_check(v_today, v_today);
  -- What each product sold in the 30 days (day rows, read from an index alone).
  select array_agg(s.product_id), array_agg(s.units), count(*), max(s.units)
  into v_ids, v_units, v_total, v_most
  from (
    select s.product_id, sum(s.units)::bigint as units
    from public.dashboard_product_sales s
    where s.period = 'day' and s.period_start between v_today - 29 and v_today and s.product_id is not null
    group by s.product_id
    having sum(s.units) > 0
  ) s;
  if v_total = 0 then
    return;
  end if;
  -- Candidates: the products that sold with at most v_stock in stock (read by stock). One with more has at
  -- least (v_stock + 1) / (v_most / 30) days left (v_most: the most units any product sold), so once
  -- v_offset + v_limit candidates have fewer days than that, the page is among the candidates. Doubled
  -- until then or until every product that sold is a candidate.
  loop
    select count(*), count(*) filter (
        where round(p.stock_count / (s.units / 30.0), 1) < round((v_stock + 1) / (v_most / 30.0), 1))
    into v_candidates, v_below
    from public.products p
    join unnest(v_ids, v_units) as s (id, units) on s.id = p.id
    where p.stock_count <= v_stock;
    exit when v_below >= v_offset + v_limit or v_candidates = v_total;
    v_stock := v_stock * 2 + 1;
  end loop;
  return query
  select p.id, p.name, p.stock_count, s.units, round(s.units / 30.0, 2),
    round(p.stock_count / (s.units / 30.0), 1), v_total
  from public.products p
  join unnest(v_ids, v_units) as s (id, units) on s.id = p.id
  where p.stock_count <= v_stock
  order by 6, 4 desc, 1
  limit v_limit
  offset v_offset;
end;
$$;

comment on function public.admin_analytics_stock_cover(integer, integer) is
  'Analytics: every product that sold in the last 30 UTC days (today included) with its stock, units sold, '
  'daily rate (units / 30) and days of stock left at that rate (stock / rate), fewest days first, a page '
  '(p_limit 1-1000 from p_offset) with the total. Analytics permission (42501).';
revoke execute on function public.admin_analytics_stock_cover(p_limit integer, p_offset integer) from public, anon;
grant execute on function public.admin_analytics_stock_cover(p_limit integer, p_offset integer) to authenticated, service_role;

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

create trigger analytics_products_category_update
  after update on public.products
  referencing old table as old_products new table as new_products
  for each statement execute function public.analytics_products_category_moves();

create trigger analytics_products_delete
  before delete on public.products
  for each row execute function public.analytics_products_category_move();

-- Grants ------------------------------------------------------------------------------------------
revoke all on public.dashboard_order_days, public.dashboard_customer_days, public.dashboard_customers,
  public.dashboard_product_sales, public.analytics_category_days from public, anon, authenticated;
grant all on public.dashboard_order_days, public.dashboard_customer_days, public.dashboard_customers,
  public.dashboard_product_sales, public.analytics_category_days to service_role;
