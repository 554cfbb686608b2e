-- Emergency mode's waitlist holds in every storefront read that says "in stock" (issue 31): units held
-- for other people's holds are not in stock for the caller in the availability filter and its facet
-- counts (stock_condition, product_facets, waitlist_held_products for the list's own filter), and the
-- search's rows carry waitlist_held_units like PRODUCT_SELECT; a holding e-mail's link claims its hold
-- for the signed-in shopper who opens it (waitlist_claim_hold).

create or replace function public.waitlist_held_products()
returns table (product_id uuid, available integer)
language sql
stable
security definer
set search_path = ''
as $$
  select pr.id, pr.stock_count - least(public.checkout_held_units(pr.id, (select auth.uid())), pr.stock_count)
  from public.products pr
  where pr.id in (select h.product_id from public.waitlist_holds h where h.ended_at is null)
    and pr.in_stock
    and public.checkout_held_units(pr.id, (select auth.uid())) > 0;
$$;

comment on function public.waitlist_held_products() is
  'Products in stock with units held for waitlist subscribers other than the caller (open waitlist_holds), '
  'each with the units left for the caller (stock_count less waitlist_held_units; 0: every unit held). '
  'Empty outside an emergency. Only ids and numbers, never whose holds they are.';
revoke execute on function public.waitlist_held_products() from public;
grant execute on function public.waitlist_held_products() to anon, authenticated, service_role;

create or replace function public.waitlist_claim_hold(p_token text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_hold uuid;
begin
  if v_uid is null then
    raise exception 'Please sign in to buy the unit held for you' using errcode = '42501';
  end if;
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return false;
  end if;
  update public.waitlist_holds h
  set user_id = v_uid
  from public.waitlist_subscriptions s
  where s.id = h.subscription_id
    and s.token_hash = public.waitlist_token_hash(p_token)
    and h.ended_at is null
    and h.expires_at > now()
  returning h.id into v_hold;
  return v_hold is not null;
end;
$$;

comment on function public.waitlist_claim_hold(text) is
  'Emergency mode: the signed-in caller (anonymous guests too) claims the open, unexpired waitlist hold '
  'whose subscription token is p_token (the ?hold= of the holding back-in-stock e-mail''s product link): '
  'the hold''s user_id becomes theirs, so the checkout keeps its unit for them. False for an unknown, '
  'ended or expired hold; 42501 when not signed in.';
revoke execute on function public.waitlist_claim_hold(p_token text) from public, anon;
grant execute on function public.waitlist_claim_hold(p_token text) to authenticated, service_role;

create or replace function public.stock_condition(p_stock text)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_low integer := coalesce((select s.low_stock_threshold from public.store_settings s), 10);
  v_gone uuid[] := '{}';
  v_short uuid[] := '{}';
  v_condition text;
begin
  if p_stock is null or p_stock not in ('in_stock', 'low_stock', 'out_of_stock') then
    return 'true';
  end if;
  if exists (select 1 from public.waitlist_holds h where h.ended_at is null) then
    select coalesce(array_agg(w.product_id order by w.product_id) filter (where w.available <= 0), '{}'),
      coalesce(array_agg(w.product_id order by w.product_id) filter (where w.available > 0 and w.available < v_low), '{}')
    into v_gone, v_short
    from public.waitlist_held_products() w;
  end if;
  v_condition := case p_stock
    when 'in_stock' then 'p.in_stock'
    when 'low_stock' then format('p.in_stock and p.stock_count < %s', v_low)
    else 'not p.in_stock'
  end;
  if cardinality(v_gone) = 0 and cardinality(v_short) = 0 then
    return v_condition;
  end if;
  return case p_stock
    when 'in_stock' then format('(%s and p.id <> all (%L::uuid[]))', v_condition, v_gone)
    when 'low_stock' then format('((%s and p.id <> all (%L::uuid[])) or p.id = any (%L::uuid[]))',
      v_condition, v_gone, v_short)
    else format('(%s or p.id = any (%L::uuid[]))', v_condition, v_gone)
  end;
end;
$$;

comment on function public.stock_condition(text) is
  'The condition (on products p) of an availability filter: in_stock, low_stock (in stock, under the '
  'store''s low_stock_threshold), out_of_stock; anything else is no filter. Units held for other people''s '
  'waitlist holds (waitlist_held_products) are not in stock for the caller. Used by search_products_page '
  'and product_facets.';
revoke execute on function public.stock_condition(p_stock text) from public, anon, authenticated;
grant execute on function public.stock_condition(p_stock text) to service_role;

drop function public.search_products(text, integer);

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
  subcategory_name text,
  waitlist_held_units integer
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
    p.features, p.specifications, p.tags, p.created_at, p.updated_at, c.name, s.name,
    public.waitlist_held_units(p)
  from hits h
  join public.products p on p.id = h.id
  join public.categories c on c.id = p.category_id
  left join public.subcategories s on s.id = p.subcategory_id
  order by h.relevance desc, p.rating desc, p.name, p.id
  limit v_limit;
end;
$$;

comment on function public.search_products(text, integer) is
  'Products matching every word of the query as a word prefix in name, tags or description (misspelt '
  'words also as their nearest catalogue words), or in a category whose name holds the query; ranked by '
  'relevance (name over tags over description, the whole query in the name first), then rating and '
  'name; at most p_limit (default 6, capped at 50), each with category_name, subcategory_name and '
  'waitlist_held_units (units held for other people''s waitlist holds, as the computed field counts them). A '
  'query under 3 characters returns nothing.';
revoke execute on function public.search_products(p_query text, p_limit integer) from public;
grant execute on function public.search_products(p_query text, p_limit integer) to anon, authenticated, service_role;

drop function public.search_products_page(text, uuid, uuid, numeric, numeric, text, numeric, text, integer, integer);

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
  subcategory json,
  waitlist_held_units integer
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
    case when s.id is null then null else json_build_object('name', s.name, 'slug', s.slug) end,
    public.waitlist_held_units(p)
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

comment on function public.search_products_page(text, uuid, uuid, numeric, numeric, text, numeric, text, integer, integer) is
  'One page (p_offset, p_limit up to 100) of the products matching every word of p_query as search_products '
  'matches them (word prefixes, misspelt words as their nearest catalogue words), within a category, '
  'subcategory, price range, availability (in_stock, low_stock, out_of_stock) and lowest rating; sorted '
  'by relevance (featured) or newest, price-low, price-high, rating, name; each row with category and '
  'subcategory {name, slug} and waitlist_held_units. Availability as stock_condition (units held for '
  'other people''s waitlist holds are not in stock). No words: no rows.';
revoke execute on function public.search_products_page(p_query text, p_category_id uuid, p_subcategory_id uuid, p_min_price numeric, p_max_price numeric, p_stock text, p_min_rating numeric, p_sort text, p_offset integer, p_limit integer) from public;
grant execute on function public.search_products_page(p_query text, p_category_id uuid, p_subcategory_id uuid, p_min_price numeric, p_max_price numeric, p_stock text, p_min_rating numeric, p_sort text, p_offset integer, p_limit integer) to anon, authenticated, service_role;

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
  v_gone bigint := 0;
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
    -- Emergency mode: products whose every unit is held for others are out of stock for the caller.
    if exists (select 1 from public.waitlist_holds h where h.ended_at is null) then
      select count(*) into v_gone from public.waitlist_held_products() w where w.available <= 0;
    end if;
    select json_build_object(
      'total', coalesce(sum(f.product_count), 0),
      'stock', json_build_object(
        'in_stock', coalesce(sum(f.product_count) filter (where f.in_stock), 0) - v_gone,
        'low_stock', v_low,
        'out_of_stock', coalesce(sum(f.product_count) filter (where not f.in_stock), 0) + v_gone
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
        count(*) filter (where (%3$s) and (%4$s) and (%7$s)) as in_stock,
        count(*) filter (where (%3$s) and (%4$s) and (%6$s)) as low_stock,
        count(*) filter (where (%3$s) and (%4$s) and (%8$s)) as out_of_stock,
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
    v_key, v_stock, v_rating, v_own, array_to_string(v_where, ' and '), public.stock_condition('low_stock'),
    public.stock_condition('in_stock'), public.stock_condition('out_of_stock')
  ) into v_result;
  return v_result;
end;
$$;

comment on function public.product_facets(text, uuid, uuid, numeric, numeric, text, numeric, text) is
  'Counts for a list''s filter options under its search and filters: total, stock {in_stock, low_stock, '
  'out_of_stock}, rating {4, 3, 2, 1: at least that many stars} and groups [{id, count}] per category '
  '(p_group category) or subcategory (p_group subcategory); each option counted with its own filter left '
  'out. Availability and rating as in search_products_page (units held for other people''s waitlist '
  'holds are not in stock).';
revoke execute on function public.product_facets(p_query text, p_category_id uuid, p_subcategory_id uuid, p_min_price numeric, p_max_price numeric, p_stock text, p_min_rating numeric, p_group text) from public;
grant execute on function public.product_facets(p_query text, p_category_id uuid, p_subcategory_id uuid, p_min_price numeric, p_max_price numeric, p_stock text, p_min_rating numeric, p_group text) to anon, authenticated, service_role;
