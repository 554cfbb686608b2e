-- The storefront's availability in emergency mode as computed fields (waitlist_sold_out, waitlist_low_stock),
-- so a list filters on them with a filter of fixed size instead of naming every held product in the URL.

-- The same availability as computed fields, so a storefront read filters on it with a filter of fixed
-- size (waitlist_sold_out=eq.false) whatever the number of held products: naming them by id in the
-- request's address (id=neq.… per product, or id=in.(…)) grew with every product held, past the 8 kB
-- that proxies in front of PostgREST accept (and the local stack's 16 kB) at a few hundred products.
-- Each is a call per row it filters, which first probes the partial index of open holds and answers
-- false for a product without one; the shop adds these filters only while waitlist_held_products()
-- answers rows (an emergency with open holds), so the plain lists keep their plans. (A plain SQL
-- function would not help: one holding a subquery is never inlined.)
create or replace function public.waitlist_sold_out(p_product public.products)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_held integer;
begin
  if not exists (
    select 1 from public.waitlist_holds h where h.product_id = p_product.id and h.ended_at is null
  ) then
    return false;
  end if;
  v_held := public.checkout_held_units(p_product.id, (select auth.uid()));
  return p_product.in_stock and v_held > 0 and v_held >= p_product.stock_count;
end;
$$;

comment on function public.waitlist_sold_out(public.products) is
  'Computed field: the product is in stock but every unit is held for waitlist subscribers other than '
  'the caller (as waitlist_held_products: available 0), so the storefront shows it as not in stock and '
  'the checkout refuses it; false outside an emergency.';
revoke execute on function public.waitlist_sold_out(p_product public.products) from public;
grant execute on function public.waitlist_sold_out(p_product public.products) to anon, authenticated, service_role;

create or replace function public.waitlist_sold_out(p_listing public.product_listing)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_held integer;
begin
  if not exists (
    select 1 from public.waitlist_holds h where h.product_id = p_listing.id and h.ended_at is null
  ) then
    return false;
  end if;
  v_held := public.checkout_held_units(p_listing.id, (select auth.uid()));
  return p_listing.in_stock and v_held > 0 and v_held >= p_listing.stock_count;
end;
$$;

comment on function public.waitlist_sold_out(public.product_listing) is
  'Computed field of the storefront''s product list: as waitlist_sold_out(products).';
revoke execute on function public.waitlist_sold_out(p_listing public.product_listing) from public;
grant execute on function public.waitlist_sold_out(p_listing public.product_listing) to anon, authenticated, service_role;

create or replace function public.waitlist_low_stock(p_listing public.product_listing)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_left integer;
begin
  if not exists (
    select 1 from public.waitlist_holds h where h.product_id = p_listing.id and h.ended_at is null
  ) then
    return false;
  end if;
  v_left := p_listing.stock_count - public.checkout_held_units(p_listing.id, (select auth.uid()));
  return p_listing.in_stock and v_left < p_listing.stock_count and v_left > 0
    and v_left < coalesce((select s.low_stock_threshold from public.store_settings s), 10);
end;
$$;

comment on function public.waitlist_low_stock(public.product_listing) is
  'Computed field of the storefront''s product list: units are held for waitlist subscribers other than '
  'the caller and those left for the caller (as waitlist_held_products) are fewer than the store''s '
  'low_stock_threshold but not none, so the product is low stock for the caller whatever its '
  'stock_count; false outside an emergency.';
revoke execute on function public.waitlist_low_stock(p_listing public.product_listing) from public;
grant execute on function public.waitlist_low_stock(p_listing public.product_listing) to anon, authenticated, service_role;
