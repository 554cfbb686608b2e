-- The back office finds a SKU typed in any case (rs-000123, Rs-000123): sku_lower, a computed field of
-- products, is the SKU in lower case as the unique index products_sku_key holds it; the search filters
-- sku_lower=eq.<term in lower case>, which the planner answers from that index (the function is inlined).
create or replace function public.sku_lower(p_product public.products)
returns text
language sql
immutable
parallel safe
as $$
  select pg_catalog.lower(p_product.sku)
$$;

comment on function public.sku_lower(public.products) is
  'Computed field: the product''s SKU in lower case, as the unique index products_sku_key holds it, so a '
  'filter sku_lower=eq.<lower-case SKU> finds a SKU typed in any case from that index.';
revoke execute on function public.sku_lower(p_product public.products) from public;
grant execute on function public.sku_lower(p_product public.products) to anon, authenticated, service_role;
