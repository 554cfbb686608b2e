-- The product search and the dashboard functions rewritten for 100,000 products and 200,000 orders
-- (issue 17), with the indexes they read.
-- Why:
--   * search_products never used its trigram index: the condition was an OR across a join, and the
--     pattern was built inside a function the planner cannot inline, so it was no constant when the
--     plan was made. It now runs its query through EXECUTE with the pattern bound (a plan made for the
--     actual pattern), split in two arms that each have an index: the text arm on the trigram index of
--     search_text (materialized, so the planner cannot trade it for a walk of the whole rating order
--     that finds nothing when nothing matches), the category arm on (category_id, rating desc, name,
--     id), each a bounded top-N. Queries shorter than 3 characters find nothing: a trigram index needs
--     three, and one or two letters match nearly every product. It is `security definer` like the back office's functions, which also lets the
--     planner see the column statistics that row-level security hides from anon (products are
--     readable by everyone: the policy is `using (true)`, so nothing more is shown).
--   * admin_dashboard_summary scanned orders nine times and sorted all of them three times for
--     count(distinct user_id): now one pass over a narrow covering index of orders, grouped by
--     customer in a hash (no sort), and one over the products' created_at index.
--   * admin_sales_overview bounded only the start of each month: now one range scan of the months
--     asked for, grouped by month.
--   * admin_top_products grouped half a year of lines by product name (and spilled to disk): now by
--     product id (lines of deleted products by their name), reading the order lines from a covering
--     index.
-- Each dashboard function is `security definer` with an explicit check, and reads exactly what the
-- caller could read before under row-level security: every order with the orders permission, else the
-- caller's own (admin_dashboard_summary; the other two return no rows without the permission). No JIT.

-- Indexes --------------------------------------------------------------------------------------------

-- Orders by date with what the dashboard sums, so its scans never visit the table.
create index orders_created_at_figures_idx on public.orders (created_at)
  include (status, total_amount, user_id);
-- Order lines by order with what top products sums.
create index order_items_order_id_figures_idx on public.order_items (order_id)
  include (product_id, quantity, unit_price);
drop index if exists public.order_items_order_id_idx;
-- The search's order (best rated, then name), overall and per category.
create index products_rating_name_idx on public.products (rating desc, name, id);
create index products_category_rating_name_idx on public.products (category_id, rating desc, name, id);

-- Product search -------------------------------------------------------------------------------------

create or replace function public.search_products(p_query text, p_limit integer default 6)
returns table (
  id uuid,
  name text,
  slug text,
  price numeric,
  original_price numeric,
  description text,
  category_id uuid,
  subcategory_id uuid,
  image_url text,
  images text[],
  in_stock boolean,
  stock_count integer,
  rating numeric,
  review_count integer,
  features text[],
  specifications jsonb,
  tags text[],
  created_at timestamptz,
  updated_at timestamptz,
  category_name text,
  subcategory_name text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_query text := btrim(coalesce(p_query, ''));
  v_limit integer := least(greatest(coalesce(p_limit, 6), 0), 50);
begin
  -- Everyone may search: products are public (RLS policy `using (true)`), so no permission check.
  if char_length(v_query) < 3 or v_limit = 0 then
    return;
  end if;
  return query execute $sql$
    with text_matches as materialized (
      select p.id, p.rating, p.name from public.products p where p.search_text like $1
    ),
    hits as (
      (select t.id from text_matches t order by t.rating desc, t.name, t.id limit $2)
      union
      (select p.id from public.products p
       where p.category_id in (select c.id from public.categories c where lower(c.name) like $1)
       order by p.rating desc, p.name, p.id
       limit $2)
    )
    select p.id, p.name, p.slug, p.price, p.original_price, p.description, p.category_id,
      p.subcategory_id, p.image_url, p.images, p.in_stock, p.stock_count, p.rating, p.review_count,
      p.features, p.specifications, p.tags, p.created_at, p.updated_at, c.name, s.name
    from hits h
    join public.products p on p.id = h.id
    join public.categories c on c.id = p.category_id
    left join public.subcategories s on s.id = p.subcategory_id
    order by p.rating desc, p.name, p.id
    limit $2
  $sql$
  using '%' || replace(replace(replace(lower(v_query), '\', '\\'), '%', '\%'), '_', '\_') || '%', v_limit;
end;
$$;

comment on function public.search_products(text, integer) is
  'Products whose name, description, tags or category name contain the trimmed query (case-insensitive, '
  'literal: % and _ match themselves), best rated first then by name, at most p_limit (default 6, capped '
  'at 50), each with category_name and subcategory_name. A query under 3 characters returns nothing.';

-- Dashboard ------------------------------------------------------------------------------------------

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
set work_mem = '64MB'
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
  -- One pass over the orders (from orders_created_at_figures_idx), one row per customer (a hash).
  per_customer as (
    select
      o.user_id,
      count(*) as orders_all,
      count(*) filter (where o.created_at >= b.current_start and o.created_at <= b.period_end) as orders_current,
      count(*) filter (where o.created_at >= b.previous_start and o.created_at < b.current_start)
        as orders_previous,
      coalesce(sum(o.total_amount) filter (where o.status <> 'cancelled'), 0) as revenue_all,
      coalesce(sum(o.total_amount) filter (
        where o.status <> 'cancelled' and o.created_at >= b.current_start and o.created_at <= b.period_end
      ), 0) as revenue_current,
      coalesce(sum(o.total_amount) filter (
        where o.status <> 'cancelled' and o.created_at >= b.previous_start and o.created_at < b.current_start
      ), 0) as revenue_previous
    from public.orders o
    cross join bounds b
    where b.all_orders or o.user_id = b.caller
    group by o.user_id
  ),
  order_figures as (
    select
      coalesce(sum(orders_all), 0)::bigint as orders_all,
      count(user_id) as customers_all,
      coalesce(sum(revenue_all), 0) as revenue_all,
      coalesce(sum(orders_current), 0)::bigint as orders_current,
      coalesce(sum(orders_previous), 0)::bigint as orders_previous,
      count(user_id) filter (where orders_current > 0) as customers_current,
      count(user_id) filter (where orders_previous > 0) as customers_previous,
      coalesce(sum(revenue_current), 0) as revenue_current,
      coalesce(sum(revenue_previous), 0) as revenue_previous
    from per_customer
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
      and o.status <> 'cancelled'
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

create or replace function public.admin_top_products(p_limit integer default 5, p_days integer default 180)
returns table (product_name text, units bigint, revenue numeric)
language sql
stable
security definer
set search_path = ''
set jit = off
set work_mem = '64MB'
as $$
  with lines as (
    select oi.product_id,
      -- Lines of a deleted product (no id any more) are told apart by their name.
      case when oi.product_id is null then oi.product_name end as deleted_name,
      sum(oi.quantity)::bigint as units,
      sum(oi.unit_price * oi.quantity)::numeric as revenue
    from public.orders o
    join public.order_items oi on oi.order_id = o.id
    where o.created_at >= now() - make_interval(days => least(greatest(coalesce(p_days, 180), 1), 3660))
      and o.status <> 'cancelled'
    group by 1, 2
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

revoke execute on function public.search_products(text, integer) from public;
revoke execute on function public.admin_dashboard_summary(integer) from public, anon;
revoke execute on function public.admin_sales_overview(integer) from public, anon;
revoke execute on function public.admin_top_products(integer, integer) from public, anon;
grant execute on function public.search_products(text, integer) to anon, authenticated, service_role;
grant execute on function public.admin_dashboard_summary(integer) to authenticated, service_role;
grant execute on function public.admin_sales_overview(integer) to authenticated, service_role;
grant execute on function public.admin_top_products(integer, integer) to authenticated, service_role;
