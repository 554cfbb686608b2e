-- Storefront search and facets at 100,000 products within the storefront's goal.
-- * Search ranks only candidates: a GIN index of the name's words finds up to 200 products whose name
--   holds every word of the query (they rank first); other matches are read best rated first only when
--   those are too few for the page. search_products_page's other sorts no longer rank at all.
-- * search_finds is planned per word, so a word in every description no longer costs a bitmap of the
--   whole catalogue (each query word asks it once).
-- * The unfiltered list's facets read product_facet_counts (products per category, availability and
--   rating band), kept by statement triggers on products, instead of counting every product.

create index products_name_vector_idx on public.products using gin (to_tsvector('pg_catalog.simple', name));

create table public.product_facet_counts (
  category_id uuid not null,
  in_stock boolean not null,
  rating_band smallint not null check (rating_band between 0 and 5),
  product_count bigint not null default 0,
  primary key (category_id, in_stock, rating_band)
);

alter table public.product_facet_counts enable row level security;

comment on table public.product_facet_counts is
  'Rollup for product_facets: products per category, in_stock and rating band (whole stars); kept by triggers on products.';

revoke all on public.product_facet_counts from public, anon, authenticated;
grant all on public.product_facet_counts to service_role;

insert into public.product_facet_counts (category_id, in_stock, rating_band, product_count)
select p.category_id, p.in_stock, floor(p.rating)::smallint, count(*)
from public.products p
group by 1, 2, 3;

create or replace function public.products_facet_counts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from public.product_facet_counts;
  elsif tg_op = 'INSERT' then
    insert into public.product_facet_counts as t (category_id, in_stock, rating_band, product_count)
    select w.category_id, w.in_stock, floor(w.rating)::smallint, count(*)
    from new_products w
    group by 1, 2, 3
    order by 1, 2, 3
    on conflict (category_id, in_stock, rating_band) do update
      set product_count = t.product_count + excluded.product_count;
  elsif tg_op = 'DELETE' then
    insert into public.product_facet_counts as t (category_id, in_stock, rating_band, product_count)
    select o.category_id, o.in_stock, floor(o.rating)::smallint, -count(*)
    from old_products o
    group by 1, 2, 3
    order by 1, 2, 3
    on conflict (category_id, in_stock, rating_band) do update
      set product_count = t.product_count + excluded.product_count;
  else
    insert into public.product_facet_counts as t (category_id, in_stock, rating_band, product_count)
    select d.category_id, d.in_stock, d.rating_band, sum(d.n)
    from (
      select o.category_id, o.in_stock, floor(o.rating)::smallint as rating_band, -1 as n from old_products o
      union all
      select w.category_id, w.in_stock, floor(w.rating)::smallint, 1 from new_products w
    ) d
    group by 1, 2, 3
    having sum(d.n) <> 0
    order by 1, 2, 3
    on conflict (category_id, in_stock, rating_band) do update
      set product_count = t.product_count + excluded.product_count;
  end if;
  return null;
end;
$$;

comment on function public.products_facet_counts() is
  'Trigger (per statement): keeps product_facet_counts in step with inserted, updated, deleted and truncated products.';
revoke execute on function public.products_facet_counts() from public, anon, authenticated;

create trigger products_facet_counts_insert
  after insert on public.products
  referencing new table as new_products
  for each statement execute function public.products_facet_counts();

create trigger products_facet_counts_update
  after update on public.products
  referencing old table as old_products new table as new_products
  for each statement execute function public.products_facet_counts();

create trigger products_facet_counts_delete
  after delete on public.products
  referencing old table as old_products
  for each statement execute function public.products_facet_counts();

create trigger products_facet_counts_truncate
  after truncate on public.products
  for each statement execute function public.products_facet_counts();

create or replace function public.search_finds(p_lexeme text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
set enable_seqscan = on
as $$
declare
  v_found boolean;
begin
  execute $sql$
    select exists (select 1 from public.products p where p.search_vector @@ $1)
  $sql$
  into v_found
  using to_tsquery('pg_catalog.simple', quote_literal(split_part(p_lexeme, ':', 1))
    || case when p_lexeme like '%:*' then ':*' else '' end);
  return v_found;
end;
$$;

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
set enable_seqscan = off
as $$
declare
  v_query text := btrim(coalesce(p_query, ''));
  v_limit integer := least(greatest(coalesce(p_limit, 6), 0), 50);
  v_tsquery tsquery;
  v_phrase text;
  v_pattern text;
  v_named uuid[];
  v_others uuid[] := '{}';
begin
  -- Everyone may search: products are public (RLS policy `using (true)`), so no permission check.
  if char_length(v_query) < 3 or v_limit = 0 then
    return;
  end if;
  v_tsquery := public.search_tsquery(v_query);
  if v_tsquery is null then
    return;
  end if;
  -- The query's words joined by single spaces, to compare with the name's words the same way.
  v_phrase := btrim(regexp_replace(lower(v_query), '[^[:alnum:]]+', ' ', 'g'));
  v_pattern := '%' || replace(replace(replace(lower(v_query), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  -- The candidates: names holding every word (they rank first), then other matches if those are too few.
  select array(
    select p.id from public.products p
    where to_tsvector('pg_catalog.simple', p.name) @@ v_tsquery
    limit 200
  ) into v_named;
  if cardinality(v_named) < v_limit then
    -- The best rated other matches, planned for this query (EXECUTE): a word in most products is read
    -- along products_rating_name_idx until 200 are found, a rarer one from the search_vector index.
    execute $sql$
      select array(
        select p.id from public.products p
        where p.search_vector @@ $1 and p.id <> all ($2)
        order by p.rating desc, p.name, p.id
        limit 200
      )
    $sql$ into v_others using v_tsquery, v_named;
  end if;
  return query
  with text_hits as (
    select p.id,
      ts_rank('{0, 0.2, 0.4, 1}', p.search_vector, v_tsquery)
        + case when ' ' || regexp_replace(lower(p.name), '[^[:alnum:]]+', ' ', 'g') || ' '
                 like '% ' || v_phrase || ' %' then 1 else 0 end as relevance
    from public.products p
    where p.id = any (v_named || v_others)
  ),
  category_hits as (
    select x.id, -1::real as relevance
    from public.categories c
    cross join lateral (
      select p.id from public.products p
      where p.category_id = c.id
      order by p.rating desc, p.name, p.id
      limit v_limit
    ) x
    where lower(c.name) like v_pattern
  ),
  hits as (
    select h.id, max(h.relevance) as relevance
    from (select * from text_hits union all select * from category_hits) h
    group by h.id
  )
  select p.id, p.name, p.slug, p.price, p.original_price, p.description, p.category_id,
    p.subcategory_id, p.image_url, p.images, p.in_stock, p.stock_count, p.rating, p.review_count,
    p.features, p.specifications, p.tags, p.created_at, p.updated_at, c.name, s.name
  from hits h
  join public.products p on p.id = h.id
  join public.categories c on c.id = p.category_id
  left join public.subcategories s on s.id = p.subcategory_id
  order by h.relevance desc, p.rating desc, p.name, p.id
  limit v_limit;
end;
$$;

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
  v_sort text := coalesce(p_sort, 'featured');
  v_order text;
  v_filters text;
  v_named uuid[];
  v_others uuid[] := '{}';
  v_columns constant text := $cols$
    p.id, p.name, p.slug, p.price, p.original_price, p.description, p.category_id,
    p.subcategory_id, p.image_url, p.images, p.in_stock, p.stock_count, p.rating, p.review_count,
    p.features, p.specifications, p.tags, p.created_at, p.updated_at,
    json_build_object('name', c.name, 'slug', c.slug),
    case when s.id is null then null else json_build_object('name', s.name, 'slug', s.slug) end
  $cols$;
begin
  -- Everyone may search: products are public (RLS policy `using (true)`), so no permission check.
  v_tsquery := public.search_tsquery(p_query);
  if v_tsquery is null or v_limit = 0 then
    return;
  end if;
  -- The page's filters on products p ($2 to $6), planned with their values (EXECUTE ... USING).
  v_filters := format(
    '($2::uuid is null or p.category_id = $2) and ($3::uuid is null or p.subcategory_id = $3)
     and ($4::numeric is null or p.price >= $4) and ($5::numeric is null or p.price <= $5)
     and ($6::numeric is null or p.rating >= $6) and (%s)',
    public.stock_condition(p_stock));
  if v_sort <> 'featured' then
    v_order := case v_sort
      when 'newest' then 'p.created_at desc, p.id'
      when 'price-low' then 'p.price, p.id'
      when 'price-high' then 'p.price desc, p.id'
      when 'rating' then 'p.rating desc, p.id'
      when 'name' then 'p.name, p.id'
      else 'p.id'
    end;
    return query execute format(
      $sql$
      select %s
      from public.products p
      join public.categories c on c.id = p.category_id
      left join public.subcategories s on s.id = p.subcategory_id
      where p.search_vector @@ $1 and %s
      order by %s
      offset $7 limit $8
      $sql$, v_columns, v_filters, v_order)
    using v_tsquery, p_category_id, p_subcategory_id, p_min_price, p_max_price, p_min_rating,
      v_offset, v_limit;
    return;
  end if;

  -- The candidates, as in search_products, within the filters.
  execute format(
    $sql$
    select array(
      select p.id from public.products p
      where to_tsvector('pg_catalog.simple', p.name) @@ $1 and %s
      limit 200
    )
    $sql$, v_filters)
  into v_named
  using v_tsquery, p_category_id, p_subcategory_id, p_min_price, p_max_price, p_min_rating;
  if cardinality(v_named) < v_offset + v_limit then
    execute format(
      $sql$
      select array(
        select p.id from public.products p
        where p.search_vector @@ $1 and %s and p.id <> all ($7)
        order by p.rating desc, p.name, p.id
        limit 200
      )
      $sql$, v_filters)
    into v_others
    using v_tsquery, p_category_id, p_subcategory_id, p_min_price, p_max_price, p_min_rating, v_named;
  end if;
  v_phrase := btrim(regexp_replace(lower(p_query), '[^[:alnum:]]+', ' ', 'g'));
  return query execute format(
    $sql$
    with ranked as (
      select p.id, 0 as band,
        ts_rank('{0, 0.2, 0.4, 1}', p.search_vector, $1)
          + case when ' ' || regexp_replace(lower(p.name), '[^[:alnum:]]+', ' ', 'g') || ' '
                   like '%% ' || $7 || ' %%' then 1 else 0 end as relevance,
        p.rating, p.name
      from public.products p
      where p.id = any ($8)
    ),
    rest as (
      -- Only read for a page past the candidates ($11).
      select p.id, 1 as band, null::real as relevance, p.rating, p.name
      from public.products p
      where $11 and p.search_vector @@ $1 and %s and p.id <> all ($8)
    ),
    page as (
      select h.* from (select * from ranked union all select * from rest) h
      order by h.band, h.relevance desc nulls last, h.rating desc, h.name, h.id
      offset $9 limit $10
    )
    select %s
    from page h
    join public.products p on p.id = h.id
    join public.categories c on c.id = p.category_id
    left join public.subcategories s on s.id = p.subcategory_id
    order by h.band, h.relevance desc nulls last, h.rating desc, h.name, h.id
    $sql$, v_filters, v_columns)
  using v_tsquery, p_category_id, p_subcategory_id, p_min_price, p_max_price, p_min_rating, v_phrase,
    v_named || v_others, v_offset, v_limit, v_offset + v_limit > cardinality(v_named || v_others);
end;
$$;

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
  v_low bigint;
  v_result json;
begin
  -- Everyone may read it: products are public (RLS policy `using (true)`), so no permission check.
  if p_group is not null and p_group not in ('category', 'subcategory') then
    raise exception 'p_group must be category, subcategory or null' using errcode = '22023';
  end if;
  -- The unfiltered list (/products with no search and no filter): the rollup's few rows, and low stock
  -- (whose threshold is a setting) from products_in_stock_stock_count_idx.
  if btrim(coalesce(p_query, '')) = '' and p_category_id is null and p_subcategory_id is null
     and p_min_price is null and p_max_price is null and p_stock is null and p_min_rating is null
     and p_group is distinct from 'subcategory' then
    execute format('select count(*) from public.products p where %s', public.stock_condition('low_stock'))
      into v_low;
    select json_build_object(
      'total', coalesce(sum(f.product_count), 0),
      'stock', json_build_object(
        'in_stock', coalesce(sum(f.product_count) filter (where f.in_stock), 0),
        'low_stock', v_low,
        'out_of_stock', coalesce(sum(f.product_count) filter (where not f.in_stock), 0)
      ),
      'rating', json_build_object(
        '4', coalesce(sum(f.product_count) filter (where f.rating_band >= 4), 0),
        '3', coalesce(sum(f.product_count) filter (where f.rating_band >= 3), 0),
        '2', coalesce(sum(f.product_count) filter (where f.rating_band >= 2), 0),
        '1', coalesce(sum(f.product_count) filter (where f.rating_band >= 1), 0)
      ),
      'groups', case when p_group = 'category' then coalesce((
        select json_agg(json_build_object('id', g.category_id, 'count', g.n) order by g.category_id)
        from (
          select r.category_id, sum(r.product_count) as n
          from public.product_facet_counts r
          group by r.category_id
          having sum(r.product_count) > 0
        ) g
      ), '[]'::json) else '[]'::json end
    )
    into v_result
    from public.product_facet_counts f;
    return v_result;
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
