-- search_products picks its path by a probe of the trigram index, and never scans the catalogue.
-- Why (issue 17): the version of 20250101001700 took every text match from the trigram index and
-- sorted them, and looked for category matches by walking all products in rating order: a query that
-- matched no category (most do not) read the whole catalogue, 300-450 ms at 100,000 products on PGlite,
-- and a common word made the planner trade the trigram index for a sequential scan. Now:
--   * text: a probe counts up to 500 matches on the trigram index; few matches are all taken from that
--     index and sorted, many are found by walking (rating desc, name, id) until the limit is met;
--   * categories: for each category whose name matches, its best products from
--     (category_id, rating desc, name, id);
--   * `enable_seqscan = off` inside the function: every path is built on an index, so the planner may
--     never fall back to reading all products.
-- The result is the same as before (same rows, same order, same 3-character minimum).

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
-- Every path below is built on an index; never trade one for a scan of the whole catalogue.
set enable_seqscan = off
as $$
declare
  v_query text := btrim(coalesce(p_query, ''));
  v_limit integer := least(greatest(coalesce(p_limit, 6), 0), 50);
  v_pattern text;
  v_common boolean;
begin
  -- Everyone may search: products are public (RLS policy `using (true)`), so no permission check.
  if char_length(v_query) < 3 or v_limit = 0 then
    return;
  end if;
  v_pattern := '%' || replace(replace(replace(lower(v_query), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  -- A cheap probe on the trigram index: are there many matches (stop counting at 500)?
  execute 'select count(*) >= 500 from (select 1 from public.products p where p.search_text like $1 limit 500) m'
    into v_common using v_pattern;
  return query execute format($sql$
    with text_hits as (%s),
    hits as (
      (select t.id from text_hits t)
      union
      (select x.id from public.categories c
       cross join lateral (
         select p.id from public.products p
         where p.category_id = c.id
         order by p.rating desc, p.name, p.id
         limit $2
       ) x
       where lower(c.name) like $1)
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
  $sql$,
    case
      -- Many matches: walk the best rated first and stop at the limit.
      when v_common then
        'select p.id from public.products p where p.search_text like $1 order by p.rating desc, p.name, p.id limit $2'
      -- Few: take them all from the trigram index, then the best.
      else
        'select m.id from (select p.id, p.rating, p.name from public.products p where p.search_text like $1 offset 0) m
         order by m.rating desc, m.name, m.id limit $2'
    end)
  using v_pattern, v_limit;
end;
$$;

comment on function public.search_products(text, integer) is
  'Products whose name, description, tags or category name contain the trimmed query (case-insensitive, '
  'literal: % and _ match themselves), best rated first then by name, at most p_limit (default 6, capped '
  'at 50), each with category_name and subcategory_name. A query under 3 characters returns nothing.';

revoke execute on function public.search_products(text, integer) from public;
grant execute on function public.search_products(text, integer) to anon, authenticated, service_role;
