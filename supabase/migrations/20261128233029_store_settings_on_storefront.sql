-- The storefront follows the store's settings (issue 29): the availability filter and facet counts name
-- Low Stock below store_settings.low_stock_threshold instead of a fixed 10.

create or replace function public.stock_condition(p_stock text)
returns text
language sql
stable
set search_path = ''
as $$
  select case p_stock
    when 'in_stock' then 'p.in_stock'
    when 'low_stock' then format('p.in_stock and p.stock_count < %s',
      coalesce((select s.low_stock_threshold from public.store_settings s), 10))
    when 'out_of_stock' then 'not p.in_stock'
    else 'true'
  end;
$$;

comment on function public.stock_condition(text) is
  'The condition (on products p) of an availability filter: in_stock, low_stock (in stock, under the '
  'store''s low_stock_threshold), out_of_stock; anything else is no filter. Used by search_products_page '
  'and product_facets.';
create or replace function public.product_facets(
  p_query text default null,
  p_category_id uuid default null,
  p_subcategory_id uuid default null,
  p_min_price numeric default null,
  p_max_price numeric default null,
  p_stock text default null,
  p_min_rating numeric default null,
  p_group text default null
)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_tsquery tsquery;
  v_where text[] := array['true'];
  v_stock text := public.stock_condition(p_stock);
  v_rating text := 'true';
  v_own text := 'true';
  v_key text := 'null::uuid';
  v_result json;
begin
  -- Everyone may read it: products are public (RLS policy `using (true)`), so no permission check.
  if p_group is not null and p_group not in ('category', 'subcategory') then
    raise exception 'p_group must be category, subcategory or null' using errcode = '22023';
  end if;
  if btrim(coalesce(p_query, '')) <> '' then
    v_tsquery := public.search_tsquery(p_query);
    if v_tsquery is not null then
      v_where := v_where || format('p.search_vector @@ %L::tsquery', v_tsquery::text);
    end if;
  end if;
  if p_min_price is not null then
    v_where := v_where || format('p.price >= %L::numeric', p_min_price);
  end if;
  if p_max_price is not null then
    v_where := v_where || format('p.price <= %L::numeric', p_max_price);
  end if;
  if p_min_rating is not null then
    v_rating := format('p.rating >= %L::numeric', p_min_rating);
  end if;
  -- The grouped facet's own filter is counted apart; the other scope filters narrow the rows read.
  if p_group = 'category' then
    v_key := 'p.category_id';
    if p_category_id is not null then
      v_own := format('p.category_id = %L::uuid', p_category_id);
    end if;
  elsif p_category_id is not null then
    v_where := v_where || format('p.category_id = %L::uuid', p_category_id);
  end if;
  if p_group = 'subcategory' then
    v_key := 'p.subcategory_id';
    if p_subcategory_id is not null then
      v_own := format('p.subcategory_id = %L::uuid', p_subcategory_id);
    end if;
  elsif p_subcategory_id is not null then
    v_where := v_where || format('p.subcategory_id = %L::uuid', p_subcategory_id);
  end if;
  execute format(
    $sql$
    with counted as (
      select %1$s as key,
        count(*) filter (where (%2$s) and (%3$s) and (%4$s)) as total,
        count(*) filter (where (%3$s) and (%4$s) and p.in_stock) as in_stock,
        count(*) filter (where (%3$s) and (%4$s) and %6$s) as low_stock,
        count(*) filter (where (%3$s) and (%4$s) and not p.in_stock) as out_of_stock,
        count(*) filter (where (%2$s) and (%4$s) and p.rating >= 4) as rating_4,
        count(*) filter (where (%2$s) and (%4$s) and p.rating >= 3) as rating_3,
        count(*) filter (where (%2$s) and (%4$s) and p.rating >= 2) as rating_2,
        count(*) filter (where (%2$s) and (%4$s) and p.rating >= 1) as rating_1,
        count(*) filter (where (%2$s) and (%3$s)) as in_group
      from public.products p
      where %5$s
      group by 1
    )
    select json_build_object(
      'total', coalesce(sum(c.total), 0),
      'stock', json_build_object(
        'in_stock', coalesce(sum(c.in_stock), 0),
        'low_stock', coalesce(sum(c.low_stock), 0),
        'out_of_stock', coalesce(sum(c.out_of_stock), 0)
      ),
      'rating', json_build_object(
        '4', coalesce(sum(c.rating_4), 0),
        '3', coalesce(sum(c.rating_3), 0),
        '2', coalesce(sum(c.rating_2), 0),
        '1', coalesce(sum(c.rating_1), 0)
      ),
      'groups', coalesce(
        json_agg(json_build_object('id', c.key, 'count', c.in_group) order by c.key)
          filter (where c.key is not null and c.in_group > 0),
        '[]'::json
      )
    )
    from counted c
    $sql$,
    v_key, v_stock, v_rating, v_own, array_to_string(v_where, ' and '), public.stock_condition('low_stock')
  ) into v_result;
  return v_result;
end;
$$;

comment on function public.stock_condition(text) is
  'The condition (on products p) of an availability filter: in_stock, low_stock (in stock, under the '
  'store''s low_stock_threshold), out_of_stock; anything else is no filter. Used by search_products_page '
  'and product_facets.';
