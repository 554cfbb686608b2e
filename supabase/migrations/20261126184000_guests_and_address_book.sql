-- Customers who look after themselves: guests (anonymous sign-ins) and the address book.
-- Guests: auth_is_anonymous() (the JWT's is_anonymous claim); place_order takes the guest's e-mail
-- (p_email); every order gets a random lookup_token, read by order_lookup (the link in a guest's order
-- e-mails: outbox_enqueue_order_email puts it in their payload); guests write no reviews, keep no
-- wishlist and have no one-click waitlist.
-- The address book: customer_addresses (owner only, staff with `customers` read), one default each.
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

-- Orders: the lookup link ------------------------------------------------------------------------
create or replace function public.order_lookup_token_new()
returns text
language sql
volatile
set search_path = ''
as $$
  select replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
$$;

comment on function public.order_lookup_token_new() is
  'Internal: a new orders.lookup_token, 64 hex digits holding 244 random bits (two v4 UUIDs).';
revoke execute on function public.order_lookup_token_new() from public, anon, authenticated;

alter table public.orders add column lookup_token text not null default public.order_lookup_token_new();
alter table public.orders add constraint orders_lookup_token_key unique (lookup_token);

comment on column public.orders.email is
  'Where the order''s e-mails go: the account''s e-mail at order time (copied from auth.users), or for a '
  'guest (anonymous sign-in) the address given at checkout.';

comment on column public.orders.lookup_token is
  'The secret of the order''s lookup link (/order-status?token=...): random, unique, read by '
  'order_lookup. Readable by whoever may read the order anyway (its owner, staff with orders).';

-- place_order takes the guest's e-mail ------------------------------------------------------------
drop function public.place_order(jsonb, jsonb, text, text, uuid);

create or replace function public.place_order(
  p_lines jsonb,
  p_shipping_address jsonb,
  p_shipping_method text default 'standard',
  p_payment_method text default 'bank_transfer',
  p_idempotency_key uuid default null,
  p_email text default null
)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_email text;
  v_anonymous boolean;
  v_order public.orders;
  v_address jsonb;
  v_payment_status text;
  v_lines jsonb;
  v_problem text;
  v_totals record;
begin
  if v_user is null then
    raise exception 'Please sign in to place an order' using errcode = 'P0001';
  end if;
  select u.email, u.is_anonymous into v_email, v_anonymous from auth.users u where u.id = v_user;
  if not found then
    raise exception 'Please sign in to place an order' using errcode = 'P0001';
  end if;

  -- The same attempt again (double click, retried request) waits for the first to finish, then gets
  -- its order; the unique (user_id, idempotency_key) constraint backs this up.
  if p_idempotency_key is not null then
    perform pg_advisory_xact_lock(hashtextextended('place_order:' || v_user::text || ':' || p_idempotency_key::text, 0));
    select * into v_order from public.orders o where o.user_id = v_user and o.idempotency_key = p_idempotency_key;
    if found then
      return v_order;
    end if;
  end if;

  if jsonb_typeof(p_lines) is distinct from 'array' or jsonb_array_length(p_lines) = 0 then
    raise exception 'Your cart is empty' using errcode = 'P0001';
  end if;
  if jsonb_array_length(p_lines) > 100 then
    raise exception 'An order can hold at most 100 lines' using errcode = 'P0001';
  end if;
  v_address := public.checkout_shipping_address(p_shipping_address);
  if v_address is null then
    raise exception 'Please complete the shipping address' using errcode = 'P0001';
  end if;
  -- A guest (anonymous sign-in) has no e-mail of its own: the order's e-mails go to the one given here.
  if v_anonymous then
    v_email := public.email_plain_normalised(p_email);
    if v_email is null then
      raise exception 'Please enter a valid e-mail address' using errcode = 'P0001';
    end if;
  end if;
  if not exists (select 1 from public.order_totals(0, p_shipping_method)) then
    raise exception 'Please choose a shipping method' using errcode = 'P0001';
  end if;
  v_payment_status := public.initial_payment_status(p_payment_method);
  if v_payment_status is null then
    raise exception 'Please choose a payment method' using errcode = 'P0001';
  end if;

  -- Lock the products in id order (every checkout and cancellation does), then judge the lines on the
  -- locked, current rows.
  perform 1
  from public.products pr
  where pr.id in (select l.product_id from public.checkout_lines(p_lines) l where l.product_id is not null)
  order by pr.id
  for update;

  select jsonb_agg(to_jsonb(l) order by l.line_position) into v_lines from public.checkout_lines(p_lines) l;
  select l ->> 'problem' into v_problem
  from jsonb_array_elements(v_lines) l
  where l ->> 'problem' is not null
  order by (l ->> 'line_position')::integer
  limit 1;
  if v_problem is not null then
    raise exception '%', v_problem using errcode = 'P0001';
  end if;

  select t.* into v_totals
  from public.order_totals(
    (select sum((l ->> 'line_total')::numeric) from jsonb_array_elements(v_lines) l), p_shipping_method
  ) t;

  insert into public.orders (
    user_id, email, status, payment_status, payment_method, shipping_method, subtotal, shipping_amount,
    tax_amount, total_amount, shipping_address, idempotency_key
  )
  values (
    v_user, v_email, 'pending', v_payment_status, p_payment_method, p_shipping_method, v_totals.subtotal,
    v_totals.shipping, v_totals.tax, v_totals.total, v_address, p_idempotency_key
  )
  returning * into v_order;

  insert into public.order_items (order_id, product_id, product_name, unit_price, quantity)
  select v_order.id, (l ->> 'product_id')::uuid, l ->> 'name', (l ->> 'unit_price')::numeric,
    (l ->> 'quantity')::integer
  from jsonb_array_elements(v_lines) l
  order by (l ->> 'line_position')::integer;

  -- Products with lots: each line from its lots, first expiry first out (the lots trigger keeps
  -- stock_count); the others: their plain stock.
  perform public.order_allocate_lots(v_order.id);

  update public.products pr
  set stock_count = pr.stock_count - (l ->> 'quantity')::integer,
      in_stock = pr.stock_count - (l ->> 'quantity')::integer > 0
  from jsonb_array_elements(v_lines) l
  where pr.id = (l ->> 'product_id')::uuid
    and not exists (select 1 from public.product_lots pl where pl.product_id = pr.id);

  perform public.order_event_add(v_order.id, 'placed', null, 'pending', 'customer');

  return v_order;
end;
$$;

comment on function public.place_order(jsonb, jsonb, text, text, uuid, text) is
  'The only way to create an order. For the signed-in user (a guest too: an anonymous sign-in, whose '
  'order e-mail is p_email, required and a plain address), in one transaction: locks the products of '
  'p_lines [{product_id, quantity}] in id order, refuses the whole order when any line is unknown, out of '
  'stock, short of stock, over its purchase_limit or has a bad quantity (P0001 with the message), '
  'prices every line from products, writes the order (totals from order_totals, e-mail from auth.users, '
  'or p_email for a guest, payment status from initial_payment_status) and its items, takes the lines of products with lots from '
  'their usable lots first-expiry-first-out (order_allocate_lots: out of stock when the unexpired lots '
  'cannot cover a line) and decrements the plain stock of the others (in_stock false at 0), writes a '
  'placed event and returns the order. The same p_idempotency_key again returns the existing order and '
  'writes nothing.';
revoke execute on function public.place_order(p_lines jsonb, p_shipping_address jsonb, p_shipping_method text, p_payment_method text, p_idempotency_key uuid, p_email text) from public;
grant execute on function public.place_order(p_lines jsonb, p_shipping_address jsonb, p_shipping_method text, p_payment_method text, p_idempotency_key uuid, p_email text) to anon, authenticated, service_role;

-- The guest's order link ---------------------------------------------------------------------------
create or replace function public.order_lookup(p_token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select (to_jsonb(o) - 'user_id' - 'idempotency_key' - 'lookup_token')
    || jsonb_build_object(
      'user_id', null,
      'order_items', coalesce((
        select jsonb_agg(to_jsonb(i) order by i.product_name, i.id)
        from public.order_items i where i.order_id = o.id
      ), '[]'::jsonb),
      'order_events', coalesce((
        select jsonb_agg(to_jsonb(e) || jsonb_build_object('actor_id', null, 'actor_email', null)
          order by e.created_at, e.id)
        from public.order_events e where e.order_id = o.id
      ), '[]'::jsonb)
    )
  from public.orders o
  where p_token ~ '^[0-9a-f]{64}$' and o.lookup_token = p_token;
$$;

comment on function public.order_lookup(text) is
  'The order behind a lookup link (orders.lookup_token, 64 hex digits; anything else finds nothing), for '
  'whoever holds the link, signed in or not: the order as its owner reads it (lines as order_items, '
  'history as order_events without who acted), without user_id, idempotency_key or the token; null when '
  'no order has that token.';
revoke execute on function public.order_lookup(p_token text) from public;
grant execute on function public.order_lookup(p_token text) to anon, authenticated, service_role;

-- A guest's order e-mails link to the order's lookup page (a guest has no order history) ----------
create or replace function public.outbox_enqueue_order_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text;
  v_order public.orders;
  v_recipient text;
  v_lines jsonb;
  v_guest boolean;
begin
  v_kind := case
    when new.kind = 'placed' then 'order_placed'
    -- A payment event that moves nothing (a partial card refund, a payment after a cancellation) is
    -- no news of a payment or a refund.
    when new.kind = 'payment_changed' and new.from_value is not distinct from new.to_value then null
    when new.kind = 'payment_changed' and new.to_value = 'paid' then 'order_paid'
    when new.kind = 'status_changed' and new.to_value = 'shipped' then 'order_shipped'
    when new.kind = 'cancelled' then 'order_cancelled'
    when new.kind = 'payment_changed' and new.to_value = 'refunded' then 'order_refunded'
  end;
  if v_kind is null then
    return null;
  end if;
  select o.* into v_order from public.orders o where o.id = new.order_id;
  v_recipient := public.email_plain_normalised(coalesce(
    v_order.email, (select u.email from auth.users u where u.id = v_order.user_id)));
  if v_recipient is null then
    return null;
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
      'name', i.product_name, 'quantity', i.quantity, 'unit_price', i.unit_price,
      'line_total', i.unit_price * i.quantity) order by i.product_name, i.id), '[]'::jsonb)
    into v_lines
  from public.order_items i where i.order_id = v_order.id;
  v_guest := v_order.user_id is null
    or coalesce((select u.is_anonymous from auth.users u where u.id = v_order.user_id), false);
  insert into public.outbox_messages (kind, recipient, payload, order_event_id)
  values (v_kind, v_recipient, jsonb_build_object(
      'order_id', v_order.id,
      'order_number', v_order.order_number,
      'placed_at', v_order.created_at,
      'status', v_order.status,
      'payment_status', v_order.payment_status,
      'payment_method', v_order.payment_method,
      'shipping_method', v_order.shipping_method,
      'subtotal', v_order.subtotal,
      'shipping', v_order.shipping_amount,
      'tax', v_order.tax_amount,
      'total', v_order.total_amount,
      'lines', v_lines,
      'address', coalesce(v_order.shipping_address, '{}'::jsonb),
      'carrier', v_order.shipping_carrier,
      'tracking_number', v_order.tracking_number,
      'tracking_url', v_order.tracking_url,
      'by', new.actor_role,
      'note', new.note,
      'guest', v_guest,
      -- A guest has no order history: the e-mail links to the order's lookup page instead.
      'lookup_token', case when v_guest then v_order.lookup_token end),
    new.id)
  on conflict (order_event_id) do nothing;
  return null;
end;
$$;

comment on function public.outbox_enqueue_order_email() is
  'Trigger after insert on order_events: writes the customer''s e-mail for a placed, paid, shipped, '
  'cancelled or refunded event into the outbox (once per event: order_event_id is unique), to the '
  'order''s e-mail, else the account''s; nothing for an address that is not plain. A guest''s e-mail '
  'carries the order''s lookup_token (its link to /order-status).';
revoke execute on function public.outbox_enqueue_order_email() from public, anon, authenticated;

-- Guests write no reviews, keep no wishlist, have no one-click waitlist ---------------------------
create or replace function public.create_review(p_product_id uuid, p_rating integer, p_title text, p_body text)
returns public.reviews
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_review public.reviews;
begin
  if v_user is null then
    raise exception 'Please sign in to write a review' using errcode = 'P0001';
  end if;
  if (select public.auth_is_anonymous()) then
    raise exception 'Please create an account to write a review' using errcode = 'P0001';
  end if;
  perform public.review_check_input(p_rating, p_title, p_body);
  if not exists (select 1 from public.products p where p.id = p_product_id) then
    raise exception 'Product not found' using errcode = 'P0001';
  end if;
  -- One account's submissions queue up here, so two at once cannot both pass the limit.
  perform pg_advisory_xact_lock(hashtext('review_submissions:' || v_user::text));
  if exists (select 1 from public.reviews r where r.product_id = p_product_id and r.author_id = v_user) then
    raise exception 'You have already reviewed this product; edit your review instead' using errcode = 'P0001';
  end if;
  if (
    select count(*) from public.review_submissions s
    where s.author_id = v_user and s.created_at > now() - interval '24 hours'
  ) >= 5 then
    raise exception 'You can write at most 5 reviews a day. Please try again tomorrow.' using errcode = 'P0001';
  end if;

  insert into public.review_submissions (author_id) values (v_user);
  insert into public.reviews (product_id, author_id, rating, title, body)
  values (p_product_id, v_user, p_rating, trim(p_title), trim(p_body))
  returning * into v_review;
  return v_review;
end;
$$;

comment on function public.create_review(uuid, integer, text, text) is
  'The signed-in customer''s review of a product (one per product; at most 5 new reviews per 24 hours; '
  'not for guests, anonymous sign-ins). '
  'It waits for moderation (pending); author, name, status and verified_purchase are set by the database.';

create or replace function public.waitlist_subscribe(p_product_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_email text;
begin
  if v_uid is null then
    raise exception 'Please sign in to be notified' using errcode = '42501';
  end if;
  if (select public.auth_is_anonymous()) then
    raise exception 'Please create an account, or use the form for any address' using errcode = 'P0001';
  end if;
  if not exists (select 1 from auth.users u where u.id = v_uid and nullif(btrim(u.email), '') is not null) then
    raise exception 'Your account has no e-mail address' using errcode = 'P0001';
  end if;
  v_email := public.waitlist_confirmed_email(v_uid);
  if v_email is null then
    raise exception 'Please confirm your e-mail address first'
      using errcode = 'P0001',
        hint = 'Follow the link in the e-mail sent to your address, or use the form for any address.';
  end if;
  v_email := public.email_plain_normalised(v_email);
  if v_email is null then
    raise exception 'Your account''s e-mail address cannot receive alerts' using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.products p where p.id = p_product_id) then
    raise exception 'Product not found' using errcode = 'P0001';
  end if;
  if public.waitlist_product_buyable(p_product_id) then
    raise exception 'This product is in stock' using errcode = 'P0001';
  end if;

  insert into public.waitlist_subscriptions (product_id, user_id, email, token_hash, confirmed_at)
  values (p_product_id, v_uid, v_email, public.waitlist_token_hash(public.waitlist_new_token()), now())
  on conflict (product_id, email) where notified_at is null and unsubscribed_at is null
  do update set user_id = excluded.user_id, confirmed_at = coalesce(public.waitlist_subscriptions.confirmed_at, now());
  return true;
end;
$$;

comment on function public.waitlist_subscribe(uuid) is
  'Signed-in customer with a confirmed, plain e-mail address: subscribes it to the product''s '
  'back-in-stock e-mail, confirmed at once (calling it again changes nothing). Refused while the product '
  'is in stock, while the account''s address is unconfirmed, and for guests (anonymous sign-ins).';

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

-- Guests (anonymous sign-ins) keep no wishlist: the browser's list stays theirs.
create policy wishlist_items_no_guests on public.wishlist_items
  as restrictive
  for all to authenticated
  using (not (select public.auth_is_anonymous()))
  with check (not (select public.auth_is_anonymous()));
