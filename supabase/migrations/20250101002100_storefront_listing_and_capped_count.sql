-- The /products page at scale (issue 17): `product_listing`, the view its page reads, and
-- `count_products`, its count, capped at 10,001.
-- Why: at 100,000 products the /products page with a price range or a text search took 60-93 ms on
-- PostgreSQL and up to 236 ms on PGlite, for two reasons:
--   * Row-level security hides the column statistics from the planner for anon and authenticated
--     (numeric comparisons and ILIKE are not leakproof), so a price range was estimated at a handful of
--     rows and read through the price index, all 21,000 matches, then sorted; a text search was sorted
--     from its whole trigram match. With the statistics the planner walks the sort's own index and stops
--     after a page (EXPLAIN ANALYZE as anon: 117 ms and 53 ms before, under 3 ms after).
--   * `count=exact` counted the whole filtered set on every page view.
--
-- product_listing: `select * from products`, owned by the owner of products and NOT security_invoker,
-- so the planner plans it with the owner's rights and sees the statistics. It shows exactly what anon
-- may already read: products are public (grant select on products to anon, RLS policy `using (true)`
-- for anon and authenticated), and the view has only SELECT granted (no writes through it). No
-- security_barrier, so the page's filters and order reach the indexes. PostgREST (and the local stack)
-- embeds categories and subcategories through it as through products (relationships inferred from the
-- base table). Its columns are those of products when this migration ran: a migration that adds a
-- column to products recreates the view.
--
-- count_products: the number of products a /products filter set matches, counted up to 10,001 and
-- asked once per filter set (the page keeps it while paging and sorting):
--   * `limit 10001`: up to 10,000 the answer is exact (the page shows "N products"); 10,001 means
--     "more than 10,000" and the page says "10,000+ products";
--   * security definer (the statistics again) and EXECUTE, so the patterns and the price bounds are
--     constants when it is planned (the trigram index for words, the price index for a range);
--   * the filters of mf-catalog's get-products-page.ts: words that must each occur in search_text (ILIKE
--     as the page's query), a category, a lowest and a highest price.
-- Products are public, so there is no permission check: the function reveals nothing a select does not.

create view public.product_listing with (security_invoker = false) as
  select * from public.products;

comment on view public.product_listing is
  'The storefront''s product list (/products): products with the owner''s planner statistics; read-only.';

revoke all on public.product_listing from public, anon, authenticated;
grant select on public.product_listing to anon, authenticated, service_role;

create or replace function public.count_products(
  p_terms text[] default '{}',
  p_category_id uuid default null,
  p_min_price numeric default null,
  p_max_price numeric default null
)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_where text[] := array['true'];
  v_term text;
  v_count integer;
begin
  if coalesce(cardinality(p_terms), 0) > 8 then
    raise exception 'At most 8 search words' using errcode = '22023';
  end if;
  foreach v_term in array coalesce(p_terms, '{}') loop
    -- The words arrive as the page sends them; LIKE's own characters are matched literally here.
    v_where := v_where || format(
      'p.search_text ilike %L',
      '%' || replace(replace(replace(lower(v_term), '\', '\\'), '%', '\%'), '_', '\_') || '%'
    );
  end loop;
  if p_category_id is not null then
    v_where := v_where || format('p.category_id = %L::uuid', p_category_id);
  end if;
  if p_min_price is not null then
    v_where := v_where || format('p.price >= %L::numeric', p_min_price);
  end if;
  if p_max_price is not null then
    v_where := v_where || format('p.price <= %L::numeric', p_max_price);
  end if;
  execute format(
    'select count(*)::integer from (select 1 from public.products p where %s limit 10001) m',
    array_to_string(v_where, ' and ')
  ) into v_count;
  return v_count;
end;
$$;

revoke all on function public.count_products(text[], uuid, numeric, numeric) from public;
grant execute on function public.count_products(text[], uuid, numeric, numeric)
  to anon, authenticated, service_role;
