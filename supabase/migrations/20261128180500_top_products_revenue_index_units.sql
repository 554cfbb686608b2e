-- admin_top_products picks its candidates by revenue (at least T / M in a month) among rows with units.
-- Since analytics added dashboard_product_sales_period_units_idx, which carries every figure, the planner
-- could read a whole month through that index and filter on revenue. Carrying units in the revenue
-- index lets the candidates be read as a revenue range again, without a visit to the table.
drop index public.dashboard_product_sales_period_revenue_idx;
create index dashboard_product_sales_period_revenue_idx
  on public.dashboard_product_sales (period, period_start, revenue desc)
  include (item_key, units);
