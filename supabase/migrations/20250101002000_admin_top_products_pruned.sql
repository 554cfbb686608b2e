-- admin_top_products adds up only the products that can still make the list (issue 17).
-- Why: the rollups of migration 20250101001900 still meant adding up every (month or day, product) row
-- of half a year (about 250,000 rows at 100,000 products and 200,000 orders: p95 180-430 ms). Now:
--   1. The window is every order from `now() - p_days` on (as before: later orders count too). Its total
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
-- Same rows, same order (revenue desc, units desc, product id; deleted products by the name on their
-- lines), same permission check (no rows without the orders permission), `security definer`, empty
-- search_path, jit off.

create index dashboard_product_sales_period_revenue_idx
  on public.dashboard_product_sales (period, period_start, revenue desc)
  include (item_key);
create index dashboard_product_sales_item_idx
  on public.dashboard_product_sales (item_key, period, period_start)
  include (product_id, deleted_name, units, revenue);

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
    where o.status <> 'cancelled'
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
revoke execute on function public.dashboard_product_totals(timestamptz, text[]) from public, anon, authenticated;

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
