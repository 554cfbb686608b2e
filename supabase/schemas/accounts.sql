-- The customer's own account data: who is a guest, and the address book.
-- Guests are anonymous sign-ins (supabase-js signInAnonymously): role authenticated with the JWT claim
-- is_anonymous = true. They get only what a guest needs (their own checkout and orders); whatever an
-- account keeps (addresses, wishlist, reviews, one-click waitlist) checks auth_is_anonymous().
-- The address book: saved shipping addresses with the same fields and rules as the checkout's shipping
-- address (checkout_shipping_address: every field but line2 non-blank, each at most 200 characters,
-- stored trimmed), at most 20 per customer, at most one default per customer (a unique partial index;
-- marking one default unmarks the others, the first address saved is the default, and deleting the
-- default makes the newest remaining one the default). Owners read and write only their own rows;
-- staff with the `customers` permission read them.
-- Messages raised with SQLSTATE P0001 are shown to shoppers as they are; 42501 means no permission.

-- Functions ---------------------------------------------------------------------------------------
create or replace function public.auth_is_anonymous()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((auth.jwt() ->> 'is_anonymous')::boolean, false);
$$;

comment on function public.auth_is_anonymous() is
  'Whether the caller is a guest: an anonymous sign-in (the is_anonymous claim of the JWT). False for '
  'anon (no JWT) and for full accounts.';
revoke execute on function public.auth_is_anonymous() from public;
grant execute on function public.auth_is_anonymous() to anon, authenticated, service_role;

-- Tables ------------------------------------------------------------------------------------------
create table public.customer_addresses (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  full_name text not null,
  line1 text not null,
  line2 text not null default '',
  city text not null,
  region text not null,
  postal_code text not null,
  country text not null,
  phone text not null,
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint customer_addresses_required check (
    btrim(full_name) <> '' and btrim(line1) <> '' and btrim(city) <> '' and btrim(region) <> ''
    and btrim(postal_code) <> '' and btrim(country) <> '' and btrim(phone) <> ''
  ),
  constraint customer_addresses_lengths check (
    length(full_name) <= 200 and length(line1) <= 200 and length(line2) <= 200 and length(city) <= 200
    and length(region) <= 200 and length(postal_code) <= 200 and length(country) <= 200
    and length(phone) <= 200
  )
);

alter table public.customer_addresses enable row level security;

comment on table public.customer_addresses is
  'A customer''s saved shipping addresses (the address book): read and written by their owner (not by '
  'guests), read by staff with the customers permission. Same fields and rules as orders.shipping_address.';

comment on column public.customer_addresses.is_default is
  'The address checkout preselects; at most one per customer (customer_addresses_one_default).';

create unique index customer_addresses_one_default on public.customer_addresses (user_id) where is_default;
create index customer_addresses_user_id_idx on public.customer_addresses (user_id, created_at);

-- Triggers ----------------------------------------------------------------------------------------
create or replace function public.customer_addresses_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_field text;
  v_value text;
begin
  if tg_op = 'UPDATE' then
    if new.user_id is distinct from old.user_id then
      raise exception 'An address cannot move to another account' using errcode = '42501';
    end if;
    new.created_at := old.created_at;
  else
    new.created_at := now();
  end if;
  -- One customer's writes queue here: the cap and the one default are judged on committed rows.
  perform pg_advisory_xact_lock(hashtextextended('customer_addresses:' || new.user_id::text, 0));

  new.full_name := btrim(coalesce(new.full_name, ''));
  new.line1 := btrim(coalesce(new.line1, ''));
  new.line2 := btrim(coalesce(new.line2, ''));
  new.city := btrim(coalesce(new.city, ''));
  new.region := btrim(coalesce(new.region, ''));
  new.postal_code := btrim(coalesce(new.postal_code, ''));
  new.country := btrim(coalesce(new.country, ''));
  new.phone := btrim(coalesce(new.phone, ''));
  foreach v_field in array array['full_name', 'line1', 'line2', 'city', 'region', 'postal_code', 'country', 'phone'] loop
    v_value := to_jsonb(new) ->> v_field;
    if v_field <> 'line2' and v_value = '' then
      raise exception 'Please complete the address' using errcode = 'P0001', detail = v_field;
    end if;
    if length(v_value) > 200 then
      raise exception 'Each address field can hold at most 200 characters' using errcode = 'P0001', detail = v_field;
    end if;
  end loop;

  if tg_op = 'INSERT' then
    if (select count(*) from public.customer_addresses a where a.user_id = new.user_id) >= 20 then
      raise exception 'You can save at most 20 addresses' using errcode = 'P0001';
    end if;
    if not exists (select 1 from public.customer_addresses a where a.user_id = new.user_id and a.is_default) then
      new.is_default := true;
    end if;
  end if;
  if new.is_default and (tg_op = 'INSERT' or not old.is_default) then
    update public.customer_addresses a
    set is_default = false
    where a.user_id = new.user_id and a.is_default and a.id <> new.id;
  end if;
  new.updated_at := now();
  return new;
end;
$$;

comment on function public.customer_addresses_before_write() is
  'Trigger: keeps user_id and created_at, trims every field and refuses a blank required field or one '
  'over 200 characters (P0001), caps an address book at 20, makes the first address the default and '
  'unmarks the previous default when another is marked; under a per-customer advisory lock.';
revoke execute on function public.customer_addresses_before_write() from public, anon, authenticated;

create or replace function public.customer_addresses_after_delete()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.is_default then
    update public.customer_addresses a
    set is_default = true
    where a.id = (
      select n.id from public.customer_addresses n
      where n.user_id = old.user_id
      order by n.created_at desc, n.id
      limit 1
    )
    and not exists (select 1 from public.customer_addresses d where d.user_id = old.user_id and d.is_default);
  end if;
  return null;
end;
$$;

comment on function public.customer_addresses_after_delete() is
  'Trigger: when the default address is deleted, the newest remaining address becomes the default.';
revoke execute on function public.customer_addresses_after_delete() from public, anon, authenticated;

create trigger customer_addresses_before_write
  before insert or update on public.customer_addresses
  for each row execute function public.customer_addresses_before_write();

create trigger customer_addresses_after_delete
  after delete on public.customer_addresses
  for each row execute function public.customer_addresses_after_delete();

-- Row-level security ------------------------------------------------------------------------------
create policy customer_addresses_select on public.customer_addresses
  for select to authenticated
  using (
    (user_id = (select auth.uid()) and not (select public.auth_is_anonymous()))
    or (select public.has_admin_permission('customers'))
  );

create policy customer_addresses_insert on public.customer_addresses
  for insert to authenticated
  with check (user_id = (select auth.uid()) and not (select public.auth_is_anonymous()));

create policy customer_addresses_update on public.customer_addresses
  for update to authenticated
  using (user_id = (select auth.uid()) and not (select public.auth_is_anonymous()))
  with check (user_id = (select auth.uid()) and not (select public.auth_is_anonymous()));

create policy customer_addresses_delete on public.customer_addresses
  for delete to authenticated
  using (user_id = (select auth.uid()) and not (select public.auth_is_anonymous()));

-- Grants ------------------------------------------------------------------------------------------
revoke all on public.customer_addresses from anon, authenticated;
grant select, insert, update, delete on public.customer_addresses to authenticated;
grant all on public.customer_addresses to service_role;
