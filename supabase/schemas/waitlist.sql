-- The back-in-stock waitlist. waitlist_subscriptions: one row per wish to hear when a product is
-- buyable again, for a signed-in customer (confirmed at once, with the account's address once that is
-- confirmed in auth.users) or for a
-- visitor's e-mail address (confirmed only once the link in the confirmation e-mail is followed).
-- A restock must produce exactly one e-mail per subscriber whatever happens to the sender, so the
-- database records what to send in the outbox (outbox.sql) atomically with the stock change (a trigger
-- on products), and the sender only moves messages out. When a product becomes buyable again (in stock
-- with a stock count above 0, after not being so) each active confirmed subscription gets one message
-- and is marked notified: it has done its job, and a later restock sends nothing unless the shopper
-- subscribes again.
-- Tokens for the confirm and unsubscribe links are 32 random bytes; only their sha256 is stored, so the
-- table does not hold usable links (the outbox, readable by the service role only, carries the token).
-- Nobody but the service role touches the table; shoppers and administrators go through the functions
-- below (security definer, empty search_path, explicit checks). A visitor's request always answers the
-- same, whether the address was already subscribed or not, and sends at most one confirmation per
-- product and address per 10 minutes and 3 per mailbox (email_limit_key) per hour. Only a plain address
-- is taken (email_plain_normalised, outbox.sql).
-- During an emergency (emergency.sql) the waitlist is served in order of sign-up instead: when a product
-- comes back, only as many subscribers as its free units cover get the e-mail, each with one unit held
-- for them (waitlist_holds) for store_settings.waitlist_hold_hours; the rest keep waiting. The checkout
-- keeps held units for their holder (checkout_held_units, orders.sql), whose order uses the hold up.
-- waitlist_expire_holds (scheduled) ends the holds that ran out and serves the next subscribers with the
-- units they freed; ending the emergency ends every hold.
-- Messages raised with SQLSTATE P0001 are shown to shoppers as they are; 42501 means no permission.

-- Tables ------------------------------------------------------------------------------------------
create table public.waitlist_subscriptions (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references public.products (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  email text not null check (email = lower(btrim(email)) and length(email) between 3 and 254),
  token_hash bytea not null,
  confirmed_at timestamptz,
  confirmation_sent_at timestamptz,
  notified_at timestamptz,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint waitlist_subscriptions_token_hash_key unique (token_hash),
  constraint waitlist_subscriptions_email_plain check (public.email_plain_normalised(email) is not distinct from email)
);

alter table public.waitlist_subscriptions enable row level security;

comment on table public.waitlist_subscriptions is
  'Back-in-stock subscriptions; written and read only through the waitlist_* functions (service role aside).';

comment on column public.waitlist_subscriptions.token_hash is
  'sha256 of the token in the confirm and unsubscribe links (the token itself is never stored here).';

comment on column public.waitlist_subscriptions.notified_at is
  'When the back-in-stock e-mail was queued; the subscription then ends (a later restock sends nothing).';

-- One active (neither notified nor unsubscribed) subscription per product and address.
create unique index waitlist_subscriptions_active_key
  on public.waitlist_subscriptions (product_id, email)
  where notified_at is null and unsubscribed_at is null;

create index waitlist_subscriptions_user_id_idx on public.waitlist_subscriptions (user_id);
-- The foreign key's own index: deleting a product (the bulk delete takes 1,000 at once) finds its
-- subscriptions here; waitlist_subscriptions_active_key is partial (active ones only), so it cannot.
create index waitlist_subscriptions_product_id_idx on public.waitlist_subscriptions (product_id);

-- Stock that came back from an order cancelled within 10 minutes of being placed is announced only
-- if it is still there 10 minutes later: a cancel-and-re-order trick would otherwise use up every
-- back-in-stock e-mail on stock that is gone again a moment later.
create table public.waitlist_restock_holds (
  product_id uuid primary key references public.products (id) on delete cascade,
  due_at timestamptz not null,
  created_at timestamptz not null default now()
);

comment on table public.waitlist_restock_holds is
  'Products whose stock came back from an order cancelled within 10 minutes of being placed: their '
  'back-in-stock e-mails wait until due_at and go out only if the product is still in stock then '
  '(waitlist_release_restock_holds). Written only by the database.';

alter table public.waitlist_restock_holds enable row level security;
revoke all on public.waitlist_restock_holds from anon, authenticated;
grant all on public.waitlist_restock_holds to service_role;

-- During an emergency: one unit held for one served subscriber until expires_at. A hold is open while
-- ended_at is null; it ends when the holder orders the product ('ordered'), when it runs out and the
-- scheduled job passes ('expired'), or when the emergency ends ('emergency_ended'). One hold per
-- subscription: a served subscription is notified and done, like outside an emergency.
create table public.waitlist_holds (
  id uuid primary key default gen_random_uuid(),
  subscription_id uuid not null references public.waitlist_subscriptions (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  email text not null,
  quantity integer not null default 1 check (quantity > 0),
  held_at timestamptz not null,
  expires_at timestamptz not null,
  ended_at timestamptz,
  end_reason text check (end_reason in ('ordered', 'expired', 'emergency_ended')),
  order_id uuid references public.orders (id) on delete set null,
  constraint waitlist_holds_subscription_id_key unique (subscription_id),
  constraint waitlist_holds_expiry check (expires_at > held_at),
  constraint waitlist_holds_end check ((ended_at is null) = (end_reason is null))
);

comment on table public.waitlist_holds is
  'Emergency mode: units held for a waitlist subscriber whose back-in-stock e-mail went out, until '
  'expires_at (store_settings.waitlist_hold_hours after). Open while ended_at is null; the checkout keeps '
  'them for their holder (user_id, or the e-mail address confirmed on their account). Written only by the '
  'database.';

create index waitlist_holds_open_idx on public.waitlist_holds (product_id) where ended_at is null;
-- Every hold of a product, ended ones too: the foreign key's index, for deleting products (the partial
-- index above holds only the open holds).
create index waitlist_holds_product_id_idx on public.waitlist_holds (product_id);
create index waitlist_holds_expires_at_idx on public.waitlist_holds (expires_at) where ended_at is null;
create index waitlist_holds_user_id_idx on public.waitlist_holds (user_id);
create index waitlist_holds_order_id_idx on public.waitlist_holds (order_id);

alter table public.waitlist_holds enable row level security;
revoke all on public.waitlist_holds from anon, authenticated;
grant all on public.waitlist_holds to service_role;

-- Functions ---------------------------------------------------------------------------------------
-- Helpers -----------------------------------------------------------------------------------------
create or replace function public.waitlist_new_token()
returns text
language sql
volatile
set search_path = ''
as $$
  select encode(extensions.gen_random_bytes(32), 'hex');
$$;
revoke execute on function public.waitlist_new_token() from public, anon, authenticated;

-- Waitlist tokens are hashed with PostgreSQL's own sha256(), not pgcrypto's digest(): digest() goes
-- through the OpenSSL build inside the database, which on the local stack's PGlite once failed under load
-- ('Cannot use "sha256": Cipher cannot be initialized'). Both give the same bytes for the same text.
create or replace function public.waitlist_token_hash(p_token text)
returns bytea
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8'));
$$;

comment on function public.waitlist_token_hash(text) is
  'Internal: the SHA-256 of a waitlist token (the table keeps only the hash). Core sha256(), no pgcrypto.';
revoke execute on function public.waitlist_token_hash(p_token text) from public, anon, authenticated;

-- Whether a product can be bought now, so that signing up for it makes no sense. During an emergency a
-- product whose every unit is held for earlier subscribers (waitlist_holds) cannot: one joins the line.
create or replace function public.waitlist_product_buyable(p_product_id uuid)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  if not coalesce((select p.in_stock and p.stock_count > 0 from public.products p where p.id = p_product_id), false) then
    return false;
  end if;
  if exists (select 1 from public.waitlist_holds h where h.product_id = p_product_id and h.ended_at is null) then
    return public.waitlist_free_units(p_product_id) > 0;
  end if;
  return true;
end;
$$;

comment on function public.waitlist_product_buyable(uuid) is
  'Internal: the product is in stock with a stock count above 0 and, when waitlist holds are open on it '
  '(emergency mode), has units nobody holds. Signing up for a buyable product is refused.';
revoke execute on function public.waitlist_product_buyable(p_product_id uuid) from public, anon, authenticated;

-- The account's address gives ownership of its subscriptions only once it is confirmed: otherwise whoever
-- registered a visitor's address could see and cancel that visitor's subscriptions and one-click
-- subscribe an address nobody confirmed.
create or replace function public.waitlist_confirmed_email(p_user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select nullif(lower(btrim(u.email)), '')
  from auth.users u
  where u.id = p_user_id and u.email_confirmed_at is not null;
$$;

comment on function public.waitlist_confirmed_email(uuid) is
  'Internal: the account''s e-mail address (lower case) when it is confirmed (email_confirmed_at set), '
  'else null. The waitlist gives ownership of an address only through it.';
revoke execute on function public.waitlist_confirmed_email(p_user_id uuid) from public, anon, authenticated;

-- Signed-in customers: one click ------------------------------------------------------------------
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
revoke execute on function public.waitlist_subscribe(p_product_id uuid) from public, anon;
grant execute on function public.waitlist_subscribe(p_product_id uuid) to authenticated;

create or replace function public.waitlist_cancel(p_product_id uuid)
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
    raise exception 'Please sign in' using errcode = '42501';
  end if;
  v_email := public.waitlist_confirmed_email(v_uid);
  update public.waitlist_subscriptions s
  set unsubscribed_at = now()
  where s.product_id = p_product_id
    and s.notified_at is null
    and s.unsubscribed_at is null
    and (s.user_id = v_uid or s.email = v_email);
  return false;
end;
$$;

comment on function public.waitlist_cancel(uuid) is
  'Signed-in customer: ends their active subscription for the product (their own one-click one, or one '
  'of their address once it is confirmed; none: nothing happens). Returns false, the new state.';
revoke execute on function public.waitlist_cancel(p_product_id uuid) from public, anon;
grant execute on function public.waitlist_cancel(p_product_id uuid) to authenticated;

create or replace function public.waitlist_status(p_product_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (select auth.uid()) is not null and exists (
    select 1
    from public.waitlist_subscriptions s
    where s.product_id = p_product_id
      and s.confirmed_at is not null
      and s.notified_at is null
      and s.unsubscribed_at is null
      and (
        s.user_id = (select auth.uid())
        or s.email = public.waitlist_confirmed_email((select auth.uid()))
      )
  );
$$;

comment on function public.waitlist_status(uuid) is
  'True when the signed-in caller will be e-mailed once the product is back in stock: their own '
  'one-click subscription, or one of their address once it is confirmed (false for visitors).';
revoke execute on function public.waitlist_status(p_product_id uuid) from public;
grant execute on function public.waitlist_status(p_product_id uuid) to anon, authenticated;

-- Visitors: an address, confirmed from the e-mail -------------------------------------------------
create or replace function public.waitlist_subscribe_email(p_product_id uuid, p_email text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := public.email_plain_normalised(p_email);
  v_key text;
  v_token text := public.waitlist_new_token();
  v_product public.products;
  v_sub public.waitlist_subscriptions;
  v_client text := public.request_client_key();
  v_settings public.store_settings;
begin
  if btrim(coalesce(p_email, '')) = '' then
    raise exception 'Please enter your e-mail address' using errcode = 'P0001';
  end if;
  if v_email is null then
    raise exception 'Please enter a valid e-mail address' using errcode = 'P0001';
  end if;
  v_key := public.email_limit_key(v_email);
  select p.* into v_product from public.products p where p.id = p_product_id;
  if not found then
    raise exception 'Product not found' using errcode = 'P0001';
  end if;
  if public.waitlist_product_buyable(p_product_id) then
    raise exception 'This product is in stock' using errcode = 'P0001';
  end if;

  -- Serialise visitor sign-ups, so the per-client and hourly limits hold under concurrency; they are
  -- judged before the address is looked at, so the answer says nothing about it.
  perform pg_advisory_xact_lock(hashtextextended('waitlist:signups', 0));
  select s.* into v_settings from public.store_settings s;
  if (
    select count(*) from public.outbox_messages m
    where m.kind = 'waitlist_confirmation' and m.client_key = v_client and m.created_at > now() - interval '1 hour'
  ) >= coalesce(v_settings.waitlist_signups_per_client_hour, 10)
  or (
    select count(*) from public.outbox_messages m
    where m.kind = 'waitlist_confirmation' and m.created_at > now() - interval '1 hour'
  ) >= coalesce(v_settings.waitlist_signups_per_hour, 200) then
    raise exception 'Too many alert requests. Please try again later.' using errcode = 'P0001';
  end if;

  -- Serialise requests for one mailbox, so the limits below hold under concurrency.
  perform pg_advisory_xact_lock(hashtextextended('waitlist:' || v_key, 0));

  select s.* into v_sub
  from public.waitlist_subscriptions s
  where s.product_id = p_product_id and s.email = v_email and s.notified_at is null and s.unsubscribed_at is null
  for update;

  if found and v_sub.confirmed_at is not null then
    return; -- already waiting: nothing to send, and the answer gives nothing away
  end if;
  if found and v_sub.confirmation_sent_at > now() - interval '10 minutes' then
    return; -- a confirmation was sent a moment ago
  end if;
  if (
    select count(*) from public.outbox_messages m
    where public.email_limit_key(m.recipient) = v_key and m.kind = 'waitlist_confirmation'
      and m.created_at > now() - interval '1 hour'
  ) >= 3 then
    return; -- this mailbox got enough confirmation e-mails for now
  end if;

  if found then
    update public.waitlist_subscriptions s
    set token_hash = public.waitlist_token_hash(v_token), confirmation_sent_at = now()
    where s.id = v_sub.id;
  else
    insert into public.waitlist_subscriptions (product_id, email, token_hash, confirmation_sent_at)
    values (p_product_id, v_email, public.waitlist_token_hash(v_token), now());
  end if;

  insert into public.outbox_messages (kind, recipient, payload, client_key)
  values (
    'waitlist_confirmation',
    v_email,
    jsonb_build_object('product_id', v_product.id, 'product_name', v_product.name,
      'product_slug', v_product.slug, 'token', v_token),
    v_client
  );
end;
$$;

comment on function public.waitlist_subscribe_email(uuid, text) is
  'Visitor: asks for a back-in-stock e-mail at p_email, a plain address only (email_plain_normalised). '
  'Queues a confirmation e-mail (outbox); the subscription counts only once confirmed. Always answers '
  'the same for a valid address; sends at most one confirmation per product and address per 10 minutes '
  'and 3 per mailbox (email_limit_key) per hour. Refused (Too many alert requests) once the client '
  '(request_client_key) or the whole shop reached its hourly number of confirmations (store_settings).';
revoke execute on function public.waitlist_subscribe_email(p_product_id uuid, p_email text) from public;
grant execute on function public.waitlist_subscribe_email(p_product_id uuid, p_email text) to anon, authenticated;

-- What a confirm or unsubscribe link does (p_action 'confirm' or 'unsubscribe'), in one place.
create or replace function public.waitlist_follow_link(p_token text, p_action text)
returns table (result text, product_name text, product_slug text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sub public.waitlist_subscriptions;
begin
  select s.* into v_sub from public.waitlist_subscriptions s
  where s.token_hash = public.waitlist_token_hash(p_token)
  for update;
  if not found then
    return query select 'unknown'::text, null::text, null::text;
    return;
  end if;
  if p_action = 'unsubscribe' then
    if v_sub.unsubscribed_at is not null then
      result := 'already_unsubscribed';
    else
      update public.waitlist_subscriptions s set unsubscribed_at = now() where s.id = v_sub.id;
      result := 'unsubscribed';
    end if;
  elsif v_sub.unsubscribed_at is not null or v_sub.notified_at is not null then
    result := 'ended';
  elsif v_sub.confirmed_at is not null then
    result := 'already_confirmed';
  else
    update public.waitlist_subscriptions s set confirmed_at = now() where s.id = v_sub.id;
    result := 'confirmed';
  end if;
  return query select result, p.name, p.slug from public.products p where p.id = v_sub.product_id;
end;
$$;
revoke execute on function public.waitlist_follow_link(p_token text, p_action text) from public, anon, authenticated;

create or replace function public.waitlist_confirm(p_token text)
returns table (result text, product_name text, product_slug text)
language sql
security definer
set search_path = ''
as $$
  select * from public.waitlist_follow_link(p_token, 'confirm');
$$;

comment on function public.waitlist_confirm(text) is
  'Follows a confirmation link: result confirmed, already_confirmed, ended (unsubscribed or already '
  'notified) or unknown (no such token), with the product''s name and slug when known.';
revoke execute on function public.waitlist_confirm(p_token text) from public;
grant execute on function public.waitlist_confirm(p_token text) to anon, authenticated;

create or replace function public.waitlist_unsubscribe(p_token text)
returns table (result text, product_name text, product_slug text)
language sql
security definer
set search_path = ''
as $$
  select * from public.waitlist_follow_link(p_token, 'unsubscribe');
$$;

comment on function public.waitlist_unsubscribe(text) is
  'One-click unsubscribe from a link: result unsubscribed, already_unsubscribed or unknown, with the '
  'product''s name and slug when known. Calling it again is harmless.';
revoke execute on function public.waitlist_unsubscribe(p_token text) from public;
grant execute on function public.waitlist_unsubscribe(p_token text) to anon, authenticated;

-- Administrators: how many are waiting ------------------------------------------------------------
create or replace function public.admin_waitlist_counts(p_product_ids uuid[] default null)
returns table (product_id uuid, waiting integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_admin_permission('products') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  return query
    select s.product_id, count(*)::integer
    from public.waitlist_subscriptions s
    where s.confirmed_at is not null and s.notified_at is null and s.unsubscribed_at is null
      and (p_product_ids is null or s.product_id = any (p_product_ids))
    group by s.product_id;
end;
$$;

comment on function public.admin_waitlist_counts(uuid[]) is
  'Administrators with products: confirmed subscribers waiting per product (products with none are left '
  'out); all products when p_product_ids is null.';
revoke execute on function public.admin_waitlist_counts(p_product_ids uuid[]) from public, anon;
grant execute on function public.admin_waitlist_counts(p_product_ids uuid[]) to authenticated;

-- The restock: one message per confirmed subscriber, in the stock change's transaction ------------
create or replace function public.waitlist_queue_back_in_stock(p_product_id uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_product public.products;
  v_sub record;
  v_token text;
  v_count integer := 0;
begin
  -- During an emergency: in order of sign-up, as far as the free units go, each with a hold.
  if exists (select 1 from public.emergencies e where e.ended_at is null) then
    return public.waitlist_serve_holds(p_product_id, now());
  end if;
  select * into v_product from public.products pr where pr.id = p_product_id;
  if not found then
    return 0;
  end if;
  for v_sub in
    select s.id, s.email from public.waitlist_subscriptions s
    where s.product_id = p_product_id and s.confirmed_at is not null
      and s.notified_at is null and s.unsubscribed_at is null
    order by s.created_at
    for update
  loop
    v_token := public.waitlist_new_token();
    update public.waitlist_subscriptions s
    set notified_at = now(), token_hash = public.waitlist_token_hash(v_token)
    where s.id = v_sub.id;
    insert into public.outbox_messages (kind, recipient, payload)
    values (
      'waitlist_back_in_stock',
      v_sub.email,
      jsonb_build_object('product_id', v_product.id, 'product_name', v_product.name,
        'product_slug', v_product.slug, 'token', v_token)
    );
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

comment on function public.waitlist_queue_back_in_stock(uuid) is
  'Internal: queues one back-in-stock e-mail per confirmed subscriber of the product still waiting and '
  'marks them notified (a new one-click token each); during an emergency only those the free units cover, '
  'in order of sign-up, each with a hold (waitlist_serve_holds). Returns how many were queued.';
revoke execute on function public.waitlist_queue_back_in_stock(p_product_id uuid) from public, anon, authenticated;

create or replace function public.products_queue_back_in_stock()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- More stock for a product already buyable: during an emergency its waiting subscribers may now be
  -- served (waitlist_serve_holds does nothing otherwise). Stock back from a quick cancellation waits
  -- for the scheduled job like below.
  if old.in_stock and old.stock_count > 0 and new.in_stock and new.stock_count > old.stock_count
    and current_setting('prepper.restock_hold', true) is distinct from 'on' then
    perform public.waitlist_serve_holds(new.id, now());
    return null;
  end if;
  if (old.in_stock and old.stock_count > 0) or not (new.in_stock and new.stock_count > 0) then
    return null;
  end if;
  -- order_restock sets this while it returns the stock of an order cancelled minutes after placing.
  if current_setting('prepper.restock_hold', true) = 'on' then
    insert into public.waitlist_restock_holds (product_id, due_at)
    values (new.id, now() + interval '10 minutes')
    on conflict (product_id) do update set due_at = excluded.due_at;
    return null;
  end if;
  perform public.waitlist_queue_back_in_stock(new.id);
  return null;
end;
$$;

comment on function public.products_queue_back_in_stock() is
  'Trigger: when a product comes back in stock, queues the back-in-stock e-mails of its waiting '
  'subscribers, or, when the stock came from an order cancelled within 10 minutes of placing, puts the '
  'product on hold for 10 minutes (waitlist_restock_holds). During an emergency more stock for a product '
  'already in stock also serves its waiting subscribers (waitlist_serve_holds).';
revoke execute on function public.products_queue_back_in_stock() from public, anon, authenticated;

create or replace function public.waitlist_release_restock_holds(p_now timestamptz default now())
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_hold record;
  v_count integer := 0;
begin
  for v_hold in
    select h.product_id from public.waitlist_restock_holds h
    where h.due_at <= p_now
    order by h.product_id
    for update skip locked
  loop
    delete from public.waitlist_restock_holds h where h.product_id = v_hold.product_id;
    if exists (
      select 1 from public.products pr where pr.id = v_hold.product_id and pr.in_stock and pr.stock_count > 0
    ) then
      v_count := v_count + public.waitlist_queue_back_in_stock(v_hold.product_id);
    end if;
  end loop;
  return v_count;
end;
$$;

comment on function public.waitlist_release_restock_holds(timestamptz) is
  'Scheduled: for every hold due by p_now, queues the back-in-stock e-mails if the product is still in '
  'stock (else its subscribers keep waiting) and removes the hold. Returns the e-mails queued.';
revoke execute on function public.waitlist_release_restock_holds(p_now timestamp with time zone) from public, anon, authenticated;
grant execute on function public.waitlist_release_restock_holds(p_now timestamp with time zone) to service_role;

-- Emergency mode: holds in order of sign-up -------------------------------------------------------
-- The units of a product free for the waitlist: what can ship (its unexpired lots, or its plain stock)
-- less the units of the holds still open.
create or replace function public.waitlist_free_units(p_product_id uuid)
returns integer
language plpgsql
stable
set search_path = ''
as $$
declare
  v_stock integer;
begin
  select case
      when not pr.in_stock then 0
      when exists (select 1 from public.product_lots l where l.product_id = pr.id) then (
        select coalesce(sum(l.quantity), 0)::integer from public.product_lots l
        where l.product_id = pr.id and (l.best_before is null or l.best_before >= current_date))
      else pr.stock_count
    end
  into v_stock
  from public.products pr
  where pr.id = p_product_id;
  return greatest(coalesce(v_stock, 0) - coalesce((
    select sum(h.quantity)::integer from public.waitlist_holds h
    where h.product_id = p_product_id and h.ended_at is null
  ), 0), 0);
end;
$$;

comment on function public.waitlist_free_units(uuid) is
  'Internal: units of the product that can ship (unexpired lots, else stock_count; 0 when not in stock) '
  'less the units of its open waitlist holds, never below 0.';
revoke execute on function public.waitlist_free_units(p_product_id uuid) from public, anon, authenticated;

-- Serves the product's waiting subscribers in order of sign-up while an emergency is open: each of the
-- first ones the free units cover gets one unit held until p_now + store_settings.waitlist_hold_hours,
-- is marked notified, and gets the back-in-stock e-mail with the hold's end. One unit each, so that as
-- many households as possible are sure of one; a subscriber who needs more buys the rest from the
-- units nobody holds (within the purchase limit).
create or replace function public.waitlist_serve_holds(p_product_id uuid, p_now timestamptz default now())
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_product public.products;
  v_free integer;
  v_until timestamptz;
  v_sub record;
  v_token text;
  v_count integer := 0;
begin
  if not exists (select 1 from public.emergencies e where e.ended_at is null) then
    return 0;
  end if;
  -- The product row is the lock every checkout takes: no order slips in between counting and holding.
  select pr.* into v_product from public.products pr where pr.id = p_product_id for update;
  if not found or not (v_product.in_stock and v_product.stock_count > 0) then
    return 0;
  end if;
  v_free := public.waitlist_free_units(p_product_id);
  if v_free <= 0 then
    return 0;
  end if;
  v_until := p_now + make_interval(secs => coalesce(
    (select s.waitlist_hold_hours from public.store_settings s), 2) * 3600);
  for v_sub in
    select s.id, s.email, s.user_id from public.waitlist_subscriptions s
    where s.product_id = p_product_id and s.confirmed_at is not null
      and s.notified_at is null and s.unsubscribed_at is null
    order by s.created_at, s.id
    limit v_free
    for update
  loop
    v_token := public.waitlist_new_token();
    update public.waitlist_subscriptions s
    set notified_at = now(), token_hash = public.waitlist_token_hash(v_token)
    where s.id = v_sub.id;
    insert into public.waitlist_holds (subscription_id, product_id, user_id, email, quantity, held_at, expires_at)
    values (v_sub.id, p_product_id, v_sub.user_id, v_sub.email, 1, p_now, v_until);
    insert into public.outbox_messages (kind, recipient, payload)
    values (
      'waitlist_back_in_stock',
      v_sub.email,
      jsonb_build_object('product_id', v_product.id, 'product_name', v_product.name,
        'product_slug', v_product.slug, 'token', v_token, 'held_until', v_until, 'held_quantity', 1)
    );
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

comment on function public.waitlist_serve_holds(uuid, timestamptz) is
  'Internal, emergency mode: serves the product''s confirmed waiting subscribers in order of sign-up, as '
  'many as its free units cover (waitlist_free_units): one unit held for each until p_now + '
  'store_settings.waitlist_hold_hours, marked notified, back-in-stock e-mail queued with held_until. '
  'Nothing outside an emergency or when the product is not in stock. Returns the e-mails queued.';
revoke execute on function public.waitlist_serve_holds(p_product_id uuid, p_now timestamp with time zone) from public, anon, authenticated;

create or replace function public.waitlist_expire_holds(p_now timestamptz default now())
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_product record;
  v_count integer := 0;
begin
  update public.waitlist_holds h
  set ended_at = p_now, end_reason = 'expired'
  where h.ended_at is null and h.expires_at <= p_now;
  if not exists (select 1 from public.emergencies e where e.ended_at is null) then
    return 0;
  end if;
  -- Every product in stock with subscribers still waiting (not one whose stock came back from a quick
  -- cancellation and waits for waitlist_release_restock_holds), in id order like the checkout's locks.
  for v_product in
    select pr.id from public.products pr
    where pr.in_stock and pr.stock_count > 0
      and exists (
        select 1 from public.waitlist_subscriptions s
        where s.product_id = pr.id and s.confirmed_at is not null
          and s.notified_at is null and s.unsubscribed_at is null
      )
      and not exists (select 1 from public.waitlist_restock_holds r where r.product_id = pr.id)
    order by pr.id
  loop
    v_count := v_count + public.waitlist_serve_holds(v_product.id, p_now);
  end loop;
  return v_count;
end;
$$;

comment on function public.waitlist_expire_holds(timestamptz) is
  'Scheduled: ends the waitlist holds whose time ran out by p_now (expired) and, while an emergency is '
  'open, serves the next subscribers in order of sign-up with the free units of every product in stock '
  '(waitlist_serve_holds, holds from p_now). Returns the back-in-stock e-mails queued. Service role only.';
revoke execute on function public.waitlist_expire_holds(p_now timestamp with time zone) from public, anon, authenticated;
grant execute on function public.waitlist_expire_holds(p_now timestamp with time zone) to service_role;

-- The storefront's view of the holds ---------------------------------------------------------------
-- What a product page or card shows as in stock is stock_count less these units (mapProduct in the
-- shop): the units other people's open holds keep, counted as the checkout counts them
-- (checkout_held_units), so the page and checkout_quote / place_order agree. Anonymous reads (the shop's
-- server-rendered pages) count every open hold; a signed-in caller's own hold is not counted. A
-- computed field of products and of product_listing (select=*,waitlist_held_units); 0 outside an
-- emergency. Never more than stock_count (stock taken away after the holds were given). Only a number
-- per product: never whose holds they are.
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

-- The products whose stock open holds take from the caller, with the units left for them (stock_count less
-- waitlist_held_units: 0 when every unit is held for others). Only products in stock with an open hold
-- that is not the caller's; outside an emergency no hold is open and no row comes back, read from the
-- partial index of open holds. The storefront's availability filter and facets (stock_condition,
-- product_facets, the list's own filter in the shop) take these few products out of "in stock", so a list
-- never offers what checkout_quote / place_order refuse.
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

-- A hold belongs to whoever holds its e-mail: the product link of a holding back-in-stock e-mail carries
-- the subscription's token (?hold=…), and the signed-in shopper who opens it (an account, or a guest's
-- anonymous sign-in, whatever their address) claims the hold with it, so the checkout counts it as theirs
-- (by user id). A visitor who subscribed with only an address can so buy their unit as a guest or from an
-- account under another address. Only the token's sha256 is stored; a claim needs the token, an open hold
-- not yet run out, and a signed-in caller; a later claim with the same token moves it (the token is the
-- proof, as the unsubscribe link it also serves). Returns whether a hold was claimed.
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

-- Triggers ----------------------------------------------------------------------------------------
create trigger products_queue_back_in_stock
  after update of stock_count, in_stock on public.products
  for each row execute function public.products_queue_back_in_stock();

-- Grants ------------------------------------------------------------------------------------------
revoke all on public.waitlist_subscriptions from anon, authenticated;
grant all on public.waitlist_subscriptions to service_role;
