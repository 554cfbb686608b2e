-- Emergency mode in the storefront: the units held for other waitlist subscribers, as a computed field of
-- products and product_listing (the shop shows stock_count less them), and the caller's own hold.

-- The storefront's view of the holds ---------------------------------------------------------------
-- What a product page or card shows as in stock is stock_count less these units (mapProduct in the
-- shop): the units other people's open holds keep, counted as the checkout counts them
-- (checkout_held_units), so the page and checkout_quote / place_order agree. Anonymous reads (the shop's
-- server-rendered pages) count every open hold; a signed-in caller's own hold is not counted. A
-- computed field of products and of product_listing (select=*,waitlist_held_units); 0 outside an
-- emergency. Only a number per product: never whose holds they are.
create or replace function public.waitlist_held_units(p_product public.products)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select public.checkout_held_units(p_product.id, (select auth.uid()));
$$;

comment on function public.waitlist_held_units(public.products) is
  'Computed field: units of the product held for waitlist subscribers other than the caller (open '
  'waitlist_holds, as checkout_held_units counts them); the storefront shows stock_count less these.';
revoke execute on function public.waitlist_held_units(p_product public.products) from public;
grant execute on function public.waitlist_held_units(p_product public.products) to anon, authenticated, service_role;

create or replace function public.waitlist_held_units(p_listing public.product_listing)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select public.checkout_held_units(p_listing.id, (select auth.uid()));
$$;

comment on function public.waitlist_held_units(public.product_listing) is
  'Computed field of the storefront''s product list: as waitlist_held_units(products).';
revoke execute on function public.waitlist_held_units(p_listing public.product_listing) from public;
grant execute on function public.waitlist_held_units(p_listing public.product_listing) to anon, authenticated, service_role;

-- The signed-in caller's own open hold on a product (emergency mode): its units and until when, so the
-- product page can tell its holder "We are holding one for you until …" and let them buy it. No row
-- when they hold none (or are not signed in).
create or replace function public.waitlist_my_hold(p_product_id uuid)
returns table (quantity integer, expires_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select sum(h.quantity)::integer, min(h.expires_at)
  from public.waitlist_holds h
  where (select auth.uid()) is not null
    and h.product_id = p_product_id
    and h.ended_at is null
    and (h.user_id = (select auth.uid()) or h.email = public.waitlist_confirmed_email((select auth.uid())))
  having count(*) > 0;
$$;

comment on function public.waitlist_my_hold(uuid) is
  'The caller''s own open waitlist holds on the product (by user id, or the confirmed address of their '
  'account, as the checkout recognises them): units and earliest end; no row when none.';
revoke execute on function public.waitlist_my_hold(p_product_id uuid) from public, anon;
grant execute on function public.waitlist_my_hold(p_product_id uuid) to authenticated, service_role;
