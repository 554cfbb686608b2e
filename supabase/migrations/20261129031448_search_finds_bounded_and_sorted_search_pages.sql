-- search_finds no longer lets the planner choose per word: a misspelt word that is nowhere was estimated
-- rare enough for a plain scan, which then read the whole catalogue (250 ms at 100,000 products). It
-- reads the first 500 rows (where a common word shows at once), then the search_vector index only.
-- search_products_page's sorts other than relevance take the page from the head of the sort's index
-- (its first 1,000 products within the filters) when it holds the page, instead of sorting every match.

create or replace function public.search_finds(p_lexeme text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
set enable_seqscan = on
as $$
declare
  v_query tsquery := to_tsquery('pg_catalog.simple', quote_literal(split_part(p_lexeme, ':', 1))
    || case when p_lexeme like '%:*' then ':*' else '' end);
begin
  if exists (
    select 1 from (select p.search_vector from public.products p limit 500) x
    where x.search_vector @@ v_query
  ) then
    return true;
  end if;
  -- Only the index from here (the function's own setting is restored when it returns).
  perform set_config('enable_seqscan', 'off', true);
  return exists (select 1 from public.products p where p.search_vector @@ v_query);
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
  v_head uuid[];
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
    -- First the head of the sort order (its first 1,000 products within the filters): when it holds the
    -- page's rows, they are the page exactly, found without reading every match (a common word);
    -- otherwise every match is sorted (a rarer word, whose matches are fewer).
    execute format(
      $sql$
      select array(
        select p.id
        from (
          select p.id, p.search_vector, p.created_at, p.price, p.rating, p.name
          from public.products p
          where %s
          order by %s
          limit 1000
        ) p
        where p.search_vector @@ $1
        order by %s
        limit $7
      )
      $sql$, v_filters, v_order, v_order)
    into v_head
    using v_tsquery, p_category_id, p_subcategory_id, p_min_price, p_max_price, p_min_rating,
      v_offset + v_limit;
    if cardinality(v_head) = v_offset + v_limit then
      return query execute format(
        $sql$
        select %s
        from unnest($1::uuid[]) with ordinality as k(id, n)
        join public.products p on p.id = k.id
        join public.categories c on c.id = p.category_id
        left join public.subcategories s on s.id = p.subcategory_id
        where k.n > $2
        order by k.n
        $sql$, v_columns)
      using v_head, v_offset;
      return;
    end if;
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
