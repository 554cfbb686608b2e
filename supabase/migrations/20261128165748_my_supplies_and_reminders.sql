-- My Supplies and rotation reminders (schemas/supplies.sql): the customer's dated supplies, their marks,
-- the reminder window, the reminder job (in scheduled_jobs_run) and orders from a reminder's reorder link.

alter table public.outbox_messages
  drop constraint outbox_messages_kind_check,
  add constraint outbox_messages_kind_check check (kind in (
    'waitlist_confirmation', 'waitlist_back_in_stock',
    'order_placed', 'order_paid', 'order_shipped', 'order_cancelled', 'order_refunded',
    'newsletter_confirmation', 'newsletter_issue', 'contact_message',
    'supply_reminder'
  ));

-- Tables ------------------------------------------------------------------------------------------
create table public.supply_reminder_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  window_days integer not null default 60 check (window_days in (0, 30, 60, 90)),
  updated_at timestamptz not null default now()
);

alter table public.supply_reminder_settings enable row level security;

comment on table public.supply_reminder_settings is
  'A customer''s reminder window: e-mail about supplies 30, 60 or 90 days before best-before, or never '
  '(0). No row = 60 days. Read by its owner, written through set_supply_reminder_window.';

create table public.supply_item_marks (
  order_item_lot_id uuid primary key references public.order_item_lots (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  state text not null check (state in ('used_up', 'given_away')),
  marked_at timestamptz not null default now()
);

alter table public.supply_item_marks enable row level security;

comment on table public.supply_item_marks is
  'Supplies the customer marked used up or given away (no more reminders for them); written through '
  'set_my_supply_state, read through my_supplies.';

create index supply_item_marks_user_id_idx on public.supply_item_marks (user_id);

create table public.supply_reminder_digests (
  id uuid primary key default gen_random_uuid(),
  -- Kept (without the user) when the account is deleted, for the staff's figures.
  user_id uuid references auth.users (id) on delete set null,
  window_days integer not null check (window_days in (30, 60, 90)),
  item_count integer not null check (item_count > 0),
  created_at timestamptz not null
);

alter table public.supply_reminder_digests enable row level security;

comment on table public.supply_reminder_digests is
  'One reminder e-mail (a digest of the items that came within the customer''s window), written with '
  'its outbox message by supply_reminders_send; created_at is the job''s clock. Service role only.';

create index supply_reminder_digests_user_id_idx on public.supply_reminder_digests (user_id);

create table public.supply_reminders (
  order_item_lot_id uuid not null references public.order_item_lots (id) on delete cascade,
  window_days integer not null check (window_days in (30, 60, 90)),
  digest_id uuid not null references public.supply_reminder_digests (id) on delete cascade,
  primary key (order_item_lot_id, window_days)
);

alter table public.supply_reminders enable row level security;

comment on table public.supply_reminders is
  'Which item was reminded of for which window, and in which digest: at most once per item and window '
  '(the primary key). Service role only.';

create index supply_reminders_digest_id_idx on public.supply_reminders (digest_id);

create table public.supply_reminder_orders (
  order_id uuid primary key references public.orders (id) on delete cascade,
  digest_id uuid not null references public.supply_reminder_digests (id) on delete cascade,
  created_at timestamptz not null default now()
);

alter table public.supply_reminder_orders enable row level security;

comment on table public.supply_reminder_orders is
  'Orders placed from a reminder e-mail''s "Reorder these" link, and which digest (order_from_reminder). '
  'Read by staff with the orders permission.';

create index supply_reminder_orders_digest_id_idx on public.supply_reminder_orders (digest_id);

-- The job looks only at dated lots still with the customer.
create index order_item_lots_best_before_idx on public.order_item_lots (best_before)
  where best_before is not null and returned_at is null;

-- Functions ---------------------------------------------------------------------------------------
-- The customer's supplies ---------------------------------------------------------------------------
create or replace function public.my_supplies()
returns table (
  item_id uuid,
  order_id uuid,
  order_number text,
  ordered_at timestamptz,
  product_id uuid,
  product_name text,
  product_slug text,
  quantity integer,
  lot_code text,
  best_before date,
  state text,
  marked_at timestamptz,
  reminded_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
begin
  if v_uid is null then
    raise exception 'Please sign in' using errcode = '42501';
  end if;
  return query
    select il.id, o.id, o.order_number, o.created_at, oi.product_id, oi.product_name, p.slug,
      il.quantity, il.lot_code, il.best_before, m.state, m.marked_at,
      (select max(d.created_at) from public.supply_reminders r
        join public.supply_reminder_digests d on d.id = r.digest_id
        where r.order_item_lot_id = il.id)
    from public.orders o
    join public.order_items oi on oi.order_id = o.id
    join public.order_item_lots il on il.order_item_id = oi.id
    left join public.products p on p.id = oi.product_id
    left join public.supply_item_marks m on m.order_item_lot_id = il.id
    where o.user_id = v_uid
      and o.status not in ('cancelled', 'returned')
      and il.best_before is not null
      and il.returned_at is null
    order by il.best_before, oi.product_name, o.created_at, il.id
    limit 2000;
end;
$$;

comment on function public.my_supplies() is
  'The signed-in customer''s supplies: every dated lot of their orders (not cancelled or returned, not '
  'given back), with product, quantity, lot, best-before, their mark (used_up, given_away or null) and '
  'when it was last reminded of; earliest best-before first, at most 2000. Only the caller''s own.';
revoke execute on function public.my_supplies() from public, anon;
grant execute on function public.my_supplies() to authenticated, service_role;

create or replace function public.set_my_supply_state(p_item_id uuid, p_state text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
begin
  if v_uid is null then
    raise exception 'Please sign in' using errcode = '42501';
  end if;
  if p_state is not null and p_state not in ('used_up', 'given_away') then
    raise exception 'Mark an item used up or given away' using errcode = 'P0001';
  end if;
  if not exists (
    select 1 from public.order_item_lots il
    join public.order_items oi on oi.id = il.order_item_id
    join public.orders o on o.id = oi.order_id
    where il.id = p_item_id and o.user_id = v_uid
  ) then
    raise exception 'This item is not among your supplies' using errcode = 'P0001';
  end if;
  if p_state is null then
    delete from public.supply_item_marks m where m.order_item_lot_id = p_item_id;
  else
    insert into public.supply_item_marks (order_item_lot_id, user_id, state)
    values (p_item_id, v_uid, p_state)
    on conflict (order_item_lot_id) do update set state = excluded.state, marked_at = now();
  end if;
end;
$$;

comment on function public.set_my_supply_state(uuid, text) is
  'The signed-in customer marks one of their supplies used up or given away (no more reminders for it), '
  'or clears the mark with null. Another customer''s item: P0001 This item is not among your supplies.';
revoke execute on function public.set_my_supply_state(p_item_id uuid, p_state text) from public, anon;
grant execute on function public.set_my_supply_state(p_item_id uuid, p_state text) to authenticated, service_role;

create or replace function public.set_supply_reminder_window(p_days integer)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
begin
  if v_uid is null or public.auth_is_anonymous() then
    raise exception 'Please sign in' using errcode = '42501';
  end if;
  if p_days is null or p_days not in (0, 30, 60, 90) then
    raise exception 'Choose 30, 60 or 90 days, or off' using errcode = 'P0001';
  end if;
  insert into public.supply_reminder_settings (user_id, window_days)
  values (v_uid, p_days)
  on conflict (user_id) do update set window_days = excluded.window_days, updated_at = now();
  return p_days;
end;
$$;

comment on function public.set_supply_reminder_window(integer) is
  'The signed-in customer (not a guest) sets their reminder window: 30, 60 or 90 days, or 0 for off.';
revoke execute on function public.set_supply_reminder_window(p_days integer) from public, anon;
grant execute on function public.set_supply_reminder_window(p_days integer) to authenticated, service_role;

-- The job: one digest e-mail per customer ------------------------------------------------------------
create or replace function public.supply_reminders_send(p_now timestamptz default now())
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_today date := (p_now at time zone 'UTC')::date;
  v_user record;
  v_digest uuid;
  v_items jsonb;
  v_count integer;
  v_sent integer := 0;
begin
  -- One run at a time: two would find the same items.
  perform pg_advisory_xact_lock(hashtext('public.supply_reminders_send'));
  for v_user in
    select u.id as user_id, public.email_plain_normalised(u.email) as email,
      coalesce(s.window_days, 60) as window_days,
      nullif(btrim(coalesce(u.raw_user_meta_data ->> 'first_name', '')), '') as first_name
    from auth.users u
    left join public.supply_reminder_settings s on s.user_id = u.id
    where coalesce(s.window_days, 60) > 0
      and not coalesce(u.is_anonymous, false)
      and public.email_plain_normalised(u.email) is not null
      and exists (
        select 1 from public.orders o
        join public.order_items oi on oi.order_id = o.id
        join public.order_item_lots il on il.order_item_id = oi.id
        where o.user_id = u.id
          and o.status not in ('cancelled', 'returned')
          and il.best_before is not null and il.returned_at is null
          and il.best_before between v_today and v_today + coalesce(s.window_days, 60)
          and not exists (select 1 from public.supply_item_marks m where m.order_item_lot_id = il.id)
          and not exists (
            select 1 from public.supply_reminders r
            where r.order_item_lot_id = il.id and r.window_days = coalesce(s.window_days, 60))
      )
    order by u.id
  loop
    insert into public.supply_reminder_digests (user_id, window_days, item_count, created_at)
    values (v_user.user_id, v_user.window_days, 1, p_now)
    returning id into v_digest;
    insert into public.supply_reminders (order_item_lot_id, window_days, digest_id)
    select il.id, v_user.window_days, v_digest
    from public.orders o
    join public.order_items oi on oi.order_id = o.id
    join public.order_item_lots il on il.order_item_id = oi.id
    where o.user_id = v_user.user_id
      and o.status not in ('cancelled', 'returned')
      and il.best_before is not null and il.returned_at is null
      and il.best_before between v_today and v_today + v_user.window_days
      and not exists (select 1 from public.supply_item_marks m where m.order_item_lot_id = il.id)
      and not exists (
        select 1 from public.supply_reminders r
        where r.order_item_lot_id = il.id and r.window_days = v_user.window_days);
    get diagnostics v_count = row_count;
    update public.supply_reminder_digests d set item_count = v_count where d.id = v_digest;
    select jsonb_agg(jsonb_build_object(
        'product_id', oi.product_id,
        'product_name', oi.product_name,
        'product_slug', p.slug,
        'quantity', il.quantity,
        'lot_code', il.lot_code,
        'best_before', il.best_before,
        'days_left', il.best_before - v_today) order by il.best_before, oi.product_name, il.id)
      into v_items
    from public.supply_reminders r
    join public.order_item_lots il on il.id = r.order_item_lot_id
    join public.order_items oi on oi.id = il.order_item_id
    left join public.products p on p.id = oi.product_id
    where r.digest_id = v_digest;
    insert into public.outbox_messages (kind, recipient, payload)
    values ('supply_reminder', v_user.email, jsonb_build_object(
      'digest_id', v_digest,
      'window_days', v_user.window_days,
      'first_name', v_user.first_name,
      'items', v_items));
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end;
$$;

comment on function public.supply_reminders_send(timestamptz) is
  'Scheduled job (scheduled_jobs_run) with the clock p_now: for each customer with reminders on (not a '
  'guest, a plain address), one digest e-mail (outbox kind supply_reminder) of their unmarked supplies '
  'whose best-before is between p_now''s UTC day and that day plus their window, leaving out items '
  'already reminded of for that window; records each item and window (supply_reminders) with it. '
  'Returns the number of e-mails written. Service role only.';
revoke execute on function public.supply_reminders_send(p_now timestamp with time zone) from public, anon, authenticated;
grant execute on function public.supply_reminders_send(p_now timestamp with time zone) to service_role;

-- Orders from a reminder link -------------------------------------------------------------------------
create or replace function public.order_from_reminder(p_order_id uuid, p_digest_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
begin
  if v_uid is null then
    raise exception 'Please sign in' using errcode = '42501';
  end if;
  if not exists (select 1 from public.orders o where o.id = p_order_id and o.user_id = v_uid)
     or not exists (select 1 from public.supply_reminder_digests d where d.id = p_digest_id and d.user_id = v_uid) then
    return false;
  end if;
  insert into public.supply_reminder_orders (order_id, digest_id)
  values (p_order_id, p_digest_id)
  on conflict (order_id) do nothing;
  return found;
end;
$$;

comment on function public.order_from_reminder(uuid, uuid) is
  'The checkout records that the caller''s order came from their reminder e-mail''s reorder link (once '
  'per order). False, and nothing recorded, when the order or the digest is not the caller''s.';
revoke execute on function public.order_from_reminder(p_order_id uuid, p_digest_id uuid) from public, anon;
grant execute on function public.order_from_reminder(p_order_id uuid, p_digest_id uuid) to authenticated, service_role;

-- Staff's figures ---------------------------------------------------------------------------------
create or replace function public.admin_supply_reminder_stats()
returns table (emails bigint, items bigint, reorders bigint, reorder_revenue numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_admin_permission('orders') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  return query
    select
      (select count(*) from public.supply_reminder_digests),
      (select coalesce(sum(d.item_count), 0)::bigint from public.supply_reminder_digests d),
      (select count(*) from public.supply_reminder_orders ro
        join public.orders o on o.id = ro.order_id
        where o.status not in ('cancelled', 'returned')),
      (select coalesce(sum(o.total_amount), 0) from public.supply_reminder_orders ro
        join public.orders o on o.id = ro.order_id
        where o.status not in ('cancelled', 'returned'));
end;
$$;

comment on function public.admin_supply_reminder_stats() is
  'Dashboard: reminder e-mails written, items they named, orders placed from their reorder links (not '
  'cancelled or returned) and those orders'' total. Needs the orders permission.';
revoke execute on function public.admin_supply_reminder_stats() from public, anon;
grant execute on function public.admin_supply_reminder_stats() to authenticated, service_role;

-- Policies ----------------------------------------------------------------------------------------
create policy supply_reminder_settings_select on public.supply_reminder_settings
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy supply_reminder_orders_select on public.supply_reminder_orders
  for select to authenticated
  using ((select public.has_admin_permission('orders')));

-- Grants ------------------------------------------------------------------------------------------
revoke all on public.supply_reminder_settings, public.supply_item_marks, public.supply_reminder_digests,
  public.supply_reminders, public.supply_reminder_orders from anon, authenticated;
grant select on public.supply_reminder_settings, public.supply_reminder_orders to authenticated;
grant all on public.supply_reminder_settings, public.supply_item_marks, public.supply_reminder_digests,
  public.supply_reminders, public.supply_reminder_orders to service_role;

create or replace function public.scheduled_jobs_run(p_now timestamptz default now())
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_expired integer := public.orders_expire_unpaid(p_now);
  v_announced integer := public.waitlist_release_restock_holds(p_now);
  v_reminded integer := public.supply_reminders_send(p_now);
  v_pruned jsonb := public.outbox_prune(p_now);
begin
  return jsonb_build_object('expired_orders', v_expired, 'back_in_stock_emails', v_announced,
    'supply_reminder_emails', v_reminded) || v_pruned;
end;
$$;

comment on function public.scheduled_jobs_run(timestamptz) is
  'The shop''s periodic jobs in one call (pg_cron on hosted projects, stack/scheduler.ts locally): '
  'orders_expire_unpaid, waitlist_release_restock_holds, supply_reminders_send and outbox_prune with the '
  'clock p_now. Service role only.';
revoke execute on function public.scheduled_jobs_run(p_now timestamp with time zone) from public, anon, authenticated;
grant execute on function public.scheduled_jobs_run(p_now timestamp with time zone) to service_role;
