-- The dashboard's five summary figures and the activity behind their change badges, in one call.
-- Why: the back office used to download every order to sum the revenue and count the customers in the
-- browser; that grows with the shop and stops being right once a hosted project's row cap (max_rows)
-- cuts the answer short. Aggregating next to the data costs one row. `security invoker`: row-level
-- security still decides what the caller counts, so an administrator without the orders permission
-- gets zero order figures rather than anyone's orders.

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
security invoker
set search_path = ''
as $$
  with bounds as (
    select
      now() as period_end,
      now() - make_interval(days => greatest(p_days, 1)) as current_start,
      now() - make_interval(days => 2 * greatest(p_days, 1)) as previous_start
  ),
  dated_orders as (
    select
      o.user_id,
      o.total_amount,
      case
        when o.created_at >= b.current_start and o.created_at <= b.period_end then 'current'
        when o.created_at >= b.previous_start and o.created_at < b.current_start then 'previous'
      end as period
    from public.orders o
    cross join bounds b
  ),
  dated_products as (
    select
      case
        when p.created_at >= b.current_start and p.created_at <= b.period_end then 'current'
        when p.created_at >= b.previous_start and p.created_at < b.current_start then 'previous'
      end as period
    from public.products p
    cross join bounds b
  ),
  dated_categories as (
    select
      case
        when c.created_at >= b.current_start and c.created_at <= b.period_end then 'current'
        when c.created_at >= b.previous_start and c.created_at < b.current_start then 'previous'
      end as period
    from public.categories c
    cross join bounds b
  )
  select
    (select count(*) from dated_products),
    (select count(*) from dated_categories),
    (select count(*) from dated_orders),
    (select count(distinct user_id) from dated_orders),
    (select coalesce(sum(total_amount), 0) from dated_orders),
    (select count(*) from dated_products where period = 'current'),
    (select count(*) from dated_products where period = 'previous'),
    (select count(*) from dated_categories where period = 'current'),
    (select count(*) from dated_categories where period = 'previous'),
    (select count(*) from dated_orders where period = 'current'),
    (select count(*) from dated_orders where period = 'previous'),
    (select count(distinct user_id) from dated_orders where period = 'current'),
    (select count(distinct user_id) from dated_orders where period = 'previous'),
    (select coalesce(sum(total_amount), 0) from dated_orders where period = 'current'),
    (select coalesce(sum(total_amount), 0) from dated_orders where period = 'previous');
$$;

comment on function public.admin_dashboard_summary(integer) is
  'All-time totals (products, categories, orders, distinct ordering customers, revenue = sum of '
  'total_amount) and the same activity in the last p_days days and the p_days before, for the '
  'dashboard''s change badges. Counts only what the caller may read.';

revoke execute on function public.admin_dashboard_summary(integer) from public, anon;
grant execute on function public.admin_dashboard_summary(integer) to authenticated, service_role;
