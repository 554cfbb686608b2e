-- The storefront's count of units held for other people's waitlist holds never exceeds stock_count (stock
-- taken away after the holds were given), so the shop's stock less it is never below 0.

create or replace function public.waitlist_held_units(p_product public.products)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select least(public.checkout_held_units(p_product.id, (select auth.uid())), p_product.stock_count);
$$;

comment on function public.waitlist_held_units(public.products) is
  'Computed field: units of the product held for waitlist subscribers other than the caller (open '
  'waitlist_holds, as checkout_held_units counts them), at most stock_count; the storefront shows '
  'stock_count less these.';
revoke execute on function public.waitlist_held_units(p_product public.products) from public;
grant execute on function public.waitlist_held_units(p_product public.products) to anon, authenticated, service_role;

create or replace function public.waitlist_held_units(p_listing public.product_listing)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select least(public.checkout_held_units(p_listing.id, (select auth.uid())), p_listing.stock_count);
$$;

comment on function public.waitlist_held_units(public.product_listing) is
  'Computed field of the storefront''s product list: as waitlist_held_units(products).';
revoke execute on function public.waitlist_held_units(p_listing public.product_listing) from public;
grant execute on function public.waitlist_held_units(p_listing public.product_listing) to anon, authenticated, service_role;
