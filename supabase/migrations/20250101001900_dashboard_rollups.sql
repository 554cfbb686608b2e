-- Dashboard figures kept up to date as orders change (issue 17): admin_dashboard_summary and
-- admin_top_products read per-day rollups instead of adding up 200,000 orders on every load.
-- Why: one pass over every order (summary) and over half a year of order lines (top products) took
-- 245-513 ms at 200,000 orders; the rollups hold a few hundred rows per day at most.
--   * dashboard_order_days: per UTC day of orders.created_at, the orders (all statuses), the orders
--     not cancelled and their revenue (sum of total_amount).
--   * dashboard_customer_days: per UTC day and customer, that customer's orders that day (distinct
--     customers of a period are the distinct user_ids of its days); dashboard_customers: per customer,
--     all their orders (the all-time customer count is its rows with orders > 0).
--   * dashboard_product_sales: per UTC day AND per UTC month (period 'day' / 'month') and product,
--     units and revenue (unit_price * quantity) of the lines of orders not cancelled; lines whose
--     product was deleted are kept apart by their product_name (item_key 'name:' || product_name), as
--     admin_top_products groups them.
-- Maintained in the same transaction by triggers on orders (insert, update of what the figures read,
-- delete) and order_items (insert, update, delete), each statement aggregated first and written with
-- `insert … on conflict do update` (row locks per day/month and key, taken in key order). A period
-- that does not cover whole days (the last p_days days end "now") reads whole days from the rollups
-- and its two partial days from orders through orders_created_at_figures_idx, so every figure equals
-- what the functions computed before. Zero rows are left in place (readers skip them).
-- The tables have row-level security on and no policy, and anon/authenticated hold no privilege:
-- only the dashboard functions (security definer, explicit permission checks) read them.

-- Tables ---------------------------------------------------------------------------------------------

create table public.dashboard_order_days (
  day date primary key,
  order_count bigint not null default 0,
  sold_count bigint not null default 0,
  revenue numeric not null default 0
);

create table public.dashboard_customer_days (
  day date not null,
  user_id uuid not null,
  order_count bigint not null default 0,
  primary key (day, user_id)
);

create table public.dashboard_customers (
  user_id uuid primary key,
  order_count bigint not null default 0
);

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

comment on table public.dashboard_order_days is
  'Rollup for admin_dashboard_summary: per UTC day, orders (all), orders not cancelled and their revenue. '
  'Kept by triggers on orders; read only by the dashboard functions.';
comment on table public.dashboard_customer_days is
  'Rollup for admin_dashboard_summary: per UTC day and customer, their orders that day. Kept by triggers.';
comment on table public.dashboard_customers is
  'Rollup for admin_dashboard_summary: per customer, all their orders. Kept by triggers.';
comment on table public.dashboard_product_sales is
  'Rollup for admin_top_products: per UTC day and per UTC month and product (or deleted product''s name), '
  'units and revenue of lines of orders not cancelled. Kept by triggers on orders and order_items.';

alter table public.dashboard_order_days enable row level security;
alter table public.dashboard_customer_days enable row level security;
alter table public.dashboard_customers enable row level security;
alter table public.dashboard_product_sales enable row level security;
revoke all on public.dashboard_order_days, public.dashboard_customer_days, public.dashboard_customers,
  public.dashboard_product_sales from public, anon, authenticated;
grant all on public.dashboard_order_days, public.dashboard_customer_days, public.dashboard_customers,
  public.dashboard_product_sales to service_role;

-- Writing the rollups ----------------------------------------------------------------------------

create or replace function public.dashboard_utc_day(p_at timestamptz)
returns date
language sql
immutable
parallel safe
set search_path = ''
as $$
  select (p_at at time zone 'UTC')::date;
$$;

comment on function public.dashboard_utc_day(timestamptz) is 'Internal: the UTC day of a moment (rollup key).';

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

comment on function public.dashboard_apply_orders(jsonb) is 'Internal: adds signed orders to the order rollups.';
comment on function public.dashboard_apply_lines(jsonb) is 'Internal: adds signed order lines to dashboard_product_sales.';

create or replace function public.dashboard_orders_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform public.dashboard_apply_orders(
      (select coalesce(jsonb_agg(jsonb_build_object('created_at', n.created_at, 'user_id', n.user_id,
        'status', n.status, 'total_amount', n.total_amount, 'sign', 1)), '[]') from new_rows n));
    -- Lines come after their order (order_items trigger); an order inserted with lines already
    -- present cannot happen (order_items references orders).
  elsif tg_op = 'UPDATE' then
    -- Orders whose figures change: out with the old row, in with the new.
    perform public.dashboard_apply_orders((
      select coalesce(jsonb_agg(x.r), '[]') from (
        select jsonb_build_object('created_at', o.created_at, 'user_id', o.user_id, 'status', o.status,
          'total_amount', o.total_amount, 'sign', -1) as r
        from old_rows o join new_rows n on n.id = o.id
        where (o.created_at, o.user_id, o.status, o.total_amount)
          is distinct from (n.created_at, n.user_id, n.status, n.total_amount)
        union all
        select jsonb_build_object('created_at', n.created_at, 'user_id', n.user_id, 'status', n.status,
          'total_amount', n.total_amount, 'sign', 1)
        from old_rows o join new_rows n on n.id = o.id
        where (o.created_at, o.user_id, o.status, o.total_amount)
          is distinct from (n.created_at, n.user_id, n.status, n.total_amount)
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
          where o.status <> 'cancelled'
            and (o.created_at is distinct from n.created_at or n.status = 'cancelled')
          union all
          select n.id, n.created_at, 1
          from old_rows o join new_rows n on n.id = o.id
          where n.status <> 'cancelled'
            and (o.created_at is distinct from n.created_at or o.status = 'cancelled')
        ) c
        join public.order_items i on i.order_id = c.id
      ) x));
  end if;
  return null;
end;
$$;

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
    'user_id', old.user_id, 'status', old.status, 'total_amount', old.total_amount, 'sign', -1)));
  if old.status <> 'cancelled' then
    perform public.dashboard_apply_lines((
      select coalesce(jsonb_agg(jsonb_build_object('created_at', old.created_at, 'product_id', i.product_id,
        'product_name', i.product_name, 'quantity', i.quantity, 'unit_price', i.unit_price, 'sign', -1)), '[]')
      from public.order_items i where i.order_id = old.id));
  end if;
  return old;
end;
$$;

create or replace function public.dashboard_order_items_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_lines jsonb := '[]';
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select coalesce(jsonb_agg(jsonb_build_object('created_at', o.created_at, 'product_id', i.product_id,
      'product_name', i.product_name, 'quantity', i.quantity, 'unit_price', i.unit_price, 'sign', -1)), '[]')
    into v_lines
    from old_rows i
    join public.orders o on o.id = i.order_id
    where o.status <> 'cancelled';
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select v_lines || coalesce(jsonb_agg(jsonb_build_object('created_at', o.created_at, 'product_id',
      i.product_id, 'product_name', i.product_name, 'quantity', i.quantity, 'unit_price', i.unit_price,
      'sign', 1)), '[]')
    into v_lines
    from new_rows i
    join public.orders o on o.id = i.order_id
    where o.status <> 'cancelled';
  end if;
  if jsonb_array_length(v_lines) > 0 then
    perform public.dashboard_apply_lines(v_lines);
  end if;
  return null;
end;
$$;

comment on function public.dashboard_orders_rollup() is
  'Trigger (per statement): keeps the dashboard rollups in step with inserted and updated orders.';
comment on function public.dashboard_orders_rollup_delete() is
  'Trigger (before delete, per row): takes a deleted order and its lines out of the dashboard rollups.';
comment on function public.dashboard_order_items_rollup() is
  'Trigger (per statement): keeps dashboard_product_sales in step with order lines.';

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

revoke execute on function public.dashboard_apply_orders(jsonb) from public, anon, authenticated;
revoke execute on function public.dashboard_apply_lines(jsonb) from public, anon, authenticated;
revoke execute on function public.dashboard_orders_rollup() from public, anon, authenticated;
revoke execute on function public.dashboard_orders_rollup_delete() from public, anon, authenticated;
revoke execute on function public.dashboard_order_items_rollup() from public, anon, authenticated;

-- Backfill from the orders already there -----------------------------------------------------------

insert into public.dashboard_order_days (day, order_count, sold_count, revenue)
select public.dashboard_utc_day(o.created_at), count(*), count(*) filter (where o.status <> 'cancelled'),
  coalesce(sum(o.total_amount) filter (where o.status <> 'cancelled'), 0)
from public.orders o
group by 1;

insert into public.dashboard_customer_days (day, user_id, order_count)
select public.dashboard_utc_day(o.created_at), o.user_id, count(*)
from public.orders o
where o.user_id is not null
group by 1, 2;

insert into public.dashboard_customers (user_id, order_count)
select o.user_id, count(*) from public.orders o where o.user_id is not null group by 1;

insert into public.dashboard_product_sales (period, period_start, item_key, product_id, deleted_name, units, revenue)
select p.period,
  case p.period when 'day' then public.dashboard_utc_day(o.created_at)
    else date_trunc('month', public.dashboard_utc_day(o.created_at)::timestamp)::date end,
  coalesce(i.product_id::text, 'name:' || i.product_name),
  min(i.product_id::text)::uuid,
  min(case when i.product_id is null then i.product_name end),
  sum(i.quantity), sum(i.unit_price * i.quantity)
from public.orders o
join public.order_items i on i.order_id = o.id
cross join (values ('day'), ('month')) as p (period)
where o.status <> 'cancelled'
group by 1, 2, 3;

-- Reading the rollups ------------------------------------------------------------------------------

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
    select o.user_id, o.status, o.total_amount
    from public.orders o, b
    where o.created_at >= p_from
      and o.created_at < (b.full_from::timestamp at time zone 'UTC')
      and (o.created_at < p_to or (p_to_inclusive and o.created_at = p_to))
    union all
    select o.user_id, o.status, o.total_amount
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
revoke execute on function public.dashboard_period_figures(timestamptz, timestamptz, boolean)
  from public, anon, authenticated;

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
      coalesce(sum(o.total_amount) filter (where o.status <> 'cancelled'), 0) as revenue_all,
      count(*) filter (where o.created_at >= b.current_start and o.created_at <= b.period_end) as orders_current,
      count(*) filter (where o.created_at >= b.previous_start and o.created_at < b.current_start)
        as orders_previous,
      count(distinct o.user_id) filter (where o.created_at >= b.current_start and o.created_at <= b.period_end)
        as customers_current,
      count(distinct o.user_id) filter (where o.created_at >= b.previous_start and o.created_at < b.current_start)
        as customers_previous,
      coalesce(sum(o.total_amount) filter (
        where o.status <> 'cancelled' and o.created_at >= b.current_start and o.created_at <= b.period_end
      ), 0) as revenue_current,
      coalesce(sum(o.total_amount) filter (
        where o.status <> 'cancelled' and o.created_at >= b.previous_start and o.created_at < b.current_start
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

create or replace function public.admin_top_products(p_limit integer default 5, p_days integer default 180)
returns table (product_name text, units bigint, revenue numeric)
language sql
stable
security definer
set search_path = ''
set jit = off
set work_mem = '64MB'
as $$
  with b as (
    select w.window_start, w.full_from, greatest(w.full_from, w.full_to) as full_to
    from (
      select s.window_start,
        case when s.window_start = (public.dashboard_utc_day(s.window_start)::timestamp at time zone 'UTC')
          then public.dashboard_utc_day(s.window_start)
          else public.dashboard_utc_day(s.window_start) + 1 end as full_from,
        public.dashboard_utc_day(now()) as full_to
      from (
        select now() - make_interval(days => least(greatest(coalesce(p_days, 180), 1), 3660)) as window_start
      ) s
    ) w
  ),
  -- Whole months inside the whole days, then the whole days outside them.
  m as (
    select b.*,
      (date_trunc('month', b.full_from::timestamp) + case
        when b.full_from = date_trunc('month', b.full_from::timestamp)::date
        then interval '0' else interval '1 month' end)::date as months_from,
      date_trunc('month', b.full_to::timestamp)::date as months_to
    from b
  ),
  pieces as (
    select s.item_key, s.product_id, s.deleted_name, s.units, s.revenue
    from public.dashboard_product_sales s, m
    where s.period = 'month' and m.months_from < m.months_to
      and s.period_start >= m.months_from and s.period_start < m.months_to
    union all
    select s.item_key, s.product_id, s.deleted_name, s.units, s.revenue
    from public.dashboard_product_sales s, m
    where s.period = 'day' and s.period_start >= m.full_from and s.period_start < m.full_to
      and (m.months_from >= m.months_to or s.period_start < m.months_from or s.period_start >= m.months_to)
    union all
    -- The partial days at either end (and any later order), from the order lines.
    select coalesce(oi.product_id::text, 'name:' || oi.product_name), oi.product_id,
      case when oi.product_id is null then oi.product_name end, oi.quantity::bigint, oi.unit_price * oi.quantity
    from public.orders o
    join public.order_items oi on oi.order_id = o.id
    cross join m
    where o.status <> 'cancelled'
      and o.created_at >= m.window_start
      and o.created_at < (m.full_from::timestamp at time zone 'UTC')
    union all
    select coalesce(oi.product_id::text, 'name:' || oi.product_name), oi.product_id,
      case when oi.product_id is null then oi.product_name end, oi.quantity::bigint, oi.unit_price * oi.quantity
    from public.orders o
    join public.order_items oi on oi.order_id = o.id
    cross join m
    where o.status <> 'cancelled'
      and o.created_at >= m.window_start
      and o.created_at >= (m.full_to::timestamp at time zone 'UTC')
  ),
  lines as (
    select p.item_key, min(p.product_id::text)::uuid as product_id, min(p.deleted_name) as deleted_name,
      sum(p.units)::bigint as units, sum(p.revenue)::numeric as revenue
    from pieces p
    group by p.item_key
    having sum(p.units) > 0
  ),
  top as (
    select l.product_id, l.deleted_name, l.units, l.revenue
    from lines l
    where (select public.has_admin_permission('orders'))
    order by l.revenue desc, l.units desc, l.product_id
    limit least(greatest(coalesce(p_limit, 5), 1), 50)
  )
  -- The product's name, or the name on the lines of a deleted one.
  select coalesce(p.name, t.deleted_name), t.units, t.revenue
  from top t
  left join public.products p on p.id = t.product_id
  order by 3 desc, 2 desc, 1;
$$;
