-- Issue 30: the analytics' stock cover reads the stock of the products that can be on the page, by stock,
-- instead of looking up every product that sold in the last 30 days (16,000 at scale). The same as
-- schemas/dashboard.sql.

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
