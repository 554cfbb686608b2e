-- The customer's wishlist: wishlist_items (one row per customer and product) with the facts at the
-- time of saving (price_at_add, in_stock_at_add), so the account overlay can say what changed since
-- (price dropped, back in stock, out of stock); and merge_wishlist, which folds the list a visitor kept
-- in the browser into the signed-in customer's wishlist.
-- A wishlist is private: RLS lets a customer read, add and remove only their own rows (one policy per
-- operation; there is no update: a row is saved or not), anon holds no privilege at all. The "at save"
-- facts are read from products by a trigger whoever inserts, so the browser cannot invent a past price.
-- A wishlist holds at most 200 products, so one account cannot fill the table.
-- Messages raised with SQLSTATE P0001 are shown to shoppers as they are; 42501 means no permission.

-- Tables ------------------------------------------------------------------------------------------
create table public.wishlist_items (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete cascade,
  added_at timestamptz not null default now(),
  price_at_add numeric(10, 2) not null default 0 check (price_at_add >= 0),
  in_stock_at_add boolean not null default true,
  constraint wishlist_items_user_id_product_id_key unique (user_id, product_id)
);

alter table public.wishlist_items enable row level security;

comment on table public.wishlist_items is
  'A customer''s saved products; readable, insertable and deletable by their owner only.';

comment on column public.wishlist_items.price_at_add is
  'The product''s price when it was saved (set by wishlist_items_set_facts from products).';

comment on column public.wishlist_items.in_stock_at_add is
  'Whether the product was in stock when it was saved (set by wishlist_items_set_facts).';

create index wishlist_items_product_id_idx on public.wishlist_items (product_id);

-- Functions ---------------------------------------------------------------------------------------
-- The facts at saving time come from products, never from the caller ------------------------------
create or replace function public.wishlist_items_set_facts()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_product public.products;
begin
  select p.* into v_product from public.products p where p.id = new.product_id;
  if not found then
    raise exception 'Product not found' using errcode = 'P0001';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('wishlist_items:' || new.user_id::text, 0));
  if (select count(*) from public.wishlist_items w where w.user_id = new.user_id) >= 200 then
    raise exception 'Your wishlist is full (200 products). Remove some to save more.' using errcode = 'P0001';
  end if;
  new.price_at_add := v_product.price;
  new.in_stock_at_add := v_product.in_stock;
  new.added_at := now();
  return new;
end;
$$;

comment on function public.wishlist_items_set_facts() is
  'Trigger: refuses a product that does not exist and a 201st product (counted under a per-customer '
  'advisory lock, so concurrent inserts cannot pass the cap together), and sets the facts at saving time '
  '(price_at_add, in_stock_at_add, added_at) from products whatever the insert sends.';
revoke execute on function public.wishlist_items_set_facts() from public, anon, authenticated;

-- Merging the browser's list on sign-in -----------------------------------------------------------
create or replace function public.merge_wishlist(p_product_ids text[])
returns setof public.wishlist_items
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
begin
  if v_uid is null or (select public.auth_is_anonymous()) then
    raise exception 'Please sign in to keep a wishlist' using errcode = '42501';
  end if;
  if cardinality(coalesce(p_product_ids, '{}')) > 200 then
    raise exception 'A wishlist holds at most 200 products' using errcode = 'P0001';
  end if;

  insert into public.wishlist_items (user_id, product_id)
  select v_uid, p.id
  from public.products p
  where p.id = any (
    array(
      select distinct x::uuid
      from unnest(coalesce(p_product_ids, '{}')) as x
      where x ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    )
  )
  order by p.id
  on conflict (user_id, product_id) do nothing;

  return query
    select w.* from public.wishlist_items w where w.user_id = v_uid order by w.added_at desc, w.id;
end;
$$;

comment on function public.merge_wishlist(text[]) is
  'Adds the given products to the signed-in customer''s wishlist (ids that are not products are ignored, '
  'products already saved keep their first facts) and returns the whole wishlist, newest first.';
revoke execute on function public.merge_wishlist(p_product_ids text[]) from public, anon;
grant execute on function public.merge_wishlist(p_product_ids text[]) to authenticated;

-- Triggers ----------------------------------------------------------------------------------------
create trigger wishlist_items_set_facts
  before insert on public.wishlist_items
  for each row execute function public.wishlist_items_set_facts();

-- Row-level security ------------------------------------------------------------------------------
create policy wishlist_items_select on public.wishlist_items
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy wishlist_items_insert on public.wishlist_items
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy wishlist_items_delete on public.wishlist_items
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- Guests (anonymous sign-ins) keep no wishlist: the browser's list stays theirs.
create policy wishlist_items_no_guests on public.wishlist_items
  as restrictive
  for all to authenticated
  using (not (select public.auth_is_anonymous()))
  with check (not (select public.auth_is_anonymous()));

-- Grants ------------------------------------------------------------------------------------------
revoke all on public.wishlist_items from anon, authenticated;
grant select, insert, delete on public.wishlist_items to authenticated;
grant all on public.wishlist_items to service_role;
