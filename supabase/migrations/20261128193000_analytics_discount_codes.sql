-- Analytics: discount-code use (issue 30).

-- The orders that used a discount code, by date, for the analytics' discount-code use.
create index orders_discounted_created_at_idx on public.orders (created_at)
  include (promotion_id, discount_code, discount_amount, total_amount, status, payment_status)
  where discount_code is not null;

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
