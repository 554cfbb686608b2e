-- The dashboard rollups (migration 20250101001900) also follow TRUNCATE: emptying orders empties every
-- rollup, emptying order_items empties the product sales. Row triggers do not fire on TRUNCATE, so
-- without these the figures would outlive the rows they count.

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

create trigger dashboard_orders_rollup_truncate
  after truncate on public.orders
  for each statement execute function public.dashboard_rollups_truncate();
create trigger dashboard_order_items_rollup_truncate
  after truncate on public.order_items
  for each statement execute function public.dashboard_rollups_truncate();
