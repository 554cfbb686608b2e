-- Filters with counts on the storefront's lists: availability and rating filters, the ranked search as a
-- paged list (search_products_page) and the facets' counts (product_facets) with their covering index.

create index products_facets_idx on public.products (category_id, subcategory_id, price)
  include (in_stock, stock_count, rating);

-- Filters and facets of the storefront's lists (/products, category and subcategory pages) -------------
-- A product's availability as the storefront names it: 'in_stock' (can be bought, low stock included),
-- 'low_stock' (can be bought, fewer than 10 left: the product card's 'Low Stock') or 'out_of_stock'.
-- The SQL condition of one availability filter (null or an unknown value: none); used by
-- search_products_page and product_facets.
create or replace function public.stock_condition(p_stock text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_stock
    when 'in_stock' then 'p.in_stock'
    when 'low_stock' then 'p.in_stock and p.stock_count < 10'
    when 'out_of_stock' then 'not p.in_stock'
    else 'true'
  end;
$$;

comment on function public.stock_condition(text) is
  'The condition (on products p) of an availability filter: in_stock, low_stock (in stock, under 10 left), '
  'out_of_stock; anything else is no filter. Used by search_products_page and product_facets.';
revoke execute on function public.stock_condition(p_stock text) from public, anon, authenticated;
grant execute on function public.stock_condition(p_stock text) to service_role;

-- /products?q=: one page of the ranked search with the page's filters and sort. The default sort
-- ('featured') is relevance as search_products ranks it (name over tags over description, the whole
-- query in the name first, then rating and name); the other sorts are the list's. Only products whose
-- words match (no category-name matches), so the page's count and facets (product_facets) count the
-- same rows. Each row carries its category and subcategory ({name, slug}) as the list's select does.
create or replace function public.search_products_page(
  p_query text,
  p_category_id uuid default null,
  p_subcategory_id uuid default null,
  p_min_price numeric default null,
  p_max_price numeric default null,
  p_stock text default null,
  p_min_rating numeric default null,
  p_sort text default 'featured',
  p_offset integer default 0,
  p_limit integer default 12
)
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
  category json,
  subcategory json
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_tsquery tsquery;
  v_phrase text;
  v_limit integer := least(greatest(coalesce(p_limit, 12), 0), 100);
  v_offset integer := least(greatest(coalesce(p_offset, 0), 0), 100000);
  v_stock text := public.stock_condition(p_stock);
begin
  -- Everyone may search: products are public (RLS policy `using (true)`), so no permission check.
  v_tsquery := public.search_tsquery(p_query);
  if v_tsquery is null or v_limit = 0 then
    return;
  end if;
  v_phrase := btrim(regexp_replace(lower(p_query), '[^[:alnum:]]+', ' ', 'g'));
  return query execute format(
    $sql$
    with hits as (
      select p.id,
        ts_rank('{0, 0.2, 0.4, 1}', p.search_vector, $1)
          + case when ' ' || regexp_replace(lower(p.name), '[^[:alnum:]]+', ' ', 'g') || ' '
                   like '%% ' || $2 || ' %%' then 1 else 0 end as relevance
      from public.products p
      where p.search_vector @@ $1
        and ($3::uuid is null or p.category_id = $3)
        and ($4::uuid is null or p.subcategory_id = $4)
        and ($5::numeric is null or p.price >= $5)
        and ($6::numeric is null or p.price <= $6)
        and ($7::numeric is null or p.rating >= $7)
        and (%s)
    )
    select p.id, p.name, p.slug, p.price, p.original_price, p.description, p.category_id,
      p.subcategory_id, p.image_url, p.images, p.in_stock, p.stock_count, p.rating, p.review_count,
      p.features, p.specifications, p.tags, p.created_at, p.updated_at,
      json_build_object('name', c.name, 'slug', c.slug),
      case when s.id is null then null else json_build_object('name', s.name, 'slug', s.slug) end
    from hits h
    join public.products p on p.id = h.id
    join public.categories c on c.id = p.category_id
    left join public.subcategories s on s.id = p.subcategory_id
    order by
      case when $8 = 'featured' then h.relevance end desc nulls last,
      case when $8 = 'newest' then p.created_at end desc nulls last,
      case when $8 = 'price-low' then p.price end asc nulls last,
      case when $8 = 'price-high' then p.price end desc nulls last,
      case when $8 in ('featured', 'rating') then p.rating end desc nulls last,
      case when $8 in ('featured', 'name') then p.name end asc nulls last,
      p.id
    offset $9 limit $10
    $sql$, v_stock)
  using v_tsquery, v_phrase, p_category_id, p_subcategory_id, p_min_price, p_max_price, p_min_rating,
    coalesce(p_sort, 'featured'), v_offset, v_limit;
end;
$$;

comment on function public.search_products_page(text, uuid, uuid, numeric, numeric, text, numeric, text, integer, integer) is
  'One page (p_offset, p_limit up to 100) of the products matching every word of p_query as search_products '
  'matches them (word prefixes, misspelt words as their nearest catalogue words), within a category, '
  'subcategory, price range, availability (in_stock, low_stock, out_of_stock) and lowest rating; sorted '
  'by relevance (featured) or newest, price-low, price-high, rating, name; each row with category and '
  'subcategory {name, slug}. No words: no rows.';
revoke execute on function public.search_products_page(p_query text, p_category_id uuid, p_subcategory_id uuid, p_min_price numeric, p_max_price numeric, p_stock text, p_min_rating numeric, p_sort text, p_offset integer, p_limit integer) from public;
grant execute on function public.search_products_page(p_query text, p_category_id uuid, p_subcategory_id uuid, p_min_price numeric, p_max_price numeric, p_stock text, p_min_rating numeric, p_sort text, p_offset integer, p_limit integer) to anon, authenticated, service_role;

-- The counts beside a list's filter options (facets), for the list's search and filters: `total` (what
-- the list shows), `stock` (in_stock, low_stock, out_of_stock), `rating` (at least 4, 3, 2, 1) and
-- `groups` ({id, count} per category with p_group 'category', per subcategory with 'subcategory').
-- Each option counts with every other filter in force and its own left out, so it says how many products
-- choosing it would show. One pass over the matching rows (the search_vector index for a search, else
-- the covering index products_facets_idx, read index-only), grouped by the facet's key.
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
        count(*) filter (where (%3$s) and (%4$s) and p.in_stock and p.stock_count < 10) as low_stock,
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
    v_key, v_stock, v_rating, v_own, array_to_string(v_where, ' and ')
  ) into v_result;
  return v_result;
end;
$$;

comment on function public.product_facets(text, uuid, uuid, numeric, numeric, text, numeric, text) is
  'Counts for a list''s filter options under its search and filters: total, stock {in_stock, low_stock, '
  'out_of_stock}, rating {4, 3, 2, 1: at least that many stars} and groups [{id, count}] per category '
  '(p_group category) or subcategory (p_group subcategory); each option counted with its own filter left '
  'out. Availability and rating as in search_products_page.';
revoke execute on function public.product_facets(p_query text, p_category_id uuid, p_subcategory_id uuid, p_min_price numeric, p_max_price numeric, p_stock text, p_min_rating numeric, p_group text) from public;
grant execute on function public.product_facets(p_query text, p_category_id uuid, p_subcategory_id uuid, p_min_price numeric, p_max_price numeric, p_stock text, p_min_rating numeric, p_group text) to anon, authenticated, service_role;
