-- The e-mail outbox: messages the database decides to send (the back-in-stock notices and the
-- waitlist confirmations), written in the same transaction as the change that causes them, so a
-- rolled-back change sends nothing and a committed one is never forgotten. The stack's sender (or a
-- hosted worker) claims a batch with a lease (outbox_claim), then marks each message sent or failed;
-- failed messages are retried with a growing delay. Only the service role reaches any of it.

-- Addresses ---------------------------------------------------------------------------------------
-- The one rule for an address the shop e-mails: a plain addr-spec, trimmed and lower-cased. Mailbox
-- syntax ('a<victim@x>', '(c)victim@x', 'z,victim@x') would let one stored text reach somebody else,
-- so neither the outbox nor the waitlist holds anything else (check constraints), and the limits count
-- the mailbox (email_limit_key: without a +tag).
create or replace function public.email_plain_normalised(p_email text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select v.e
  from (select lower(btrim(p_email)) as e) v
  where length(v.e) <= 254
    and length(split_part(v.e, '@', 1)) <= 64
    and v.e ~ '^[a-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&''*+/=?^_`{|}~-]+)*@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$';
$$;

comment on function public.email_plain_normalised(text) is
  'The address trimmed and lower-cased when it is a plain addr-spec (dot-atom local part, a domain of '
  'two or more labels, ASCII only, at most 254 characters), else null: no display name, comment, quoted '
  'string, list or IP literal.';
revoke execute on function public.email_plain_normalised(p_email text) from public, anon, authenticated;

create or replace function public.email_limit_key(p_email text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.regexp_replace(pg_catalog.split_part(p_email, '@', 1), '\+.*$', '')
    || '@' || pg_catalog.split_part(p_email, '@', 2);
$$;

comment on function public.email_limit_key(text) is
  'What per-address limits count for a normalised address: the address without its sub-address '
  '(local part from the first +), so victim+1@x and victim+2@x share one limit.';
revoke execute on function public.email_limit_key(p_email text) from public, anon, authenticated;

-- Tables ------------------------------------------------------------------------------------------
create table public.outbox_messages (
  -- Also the idempotency key the sender delivers with.
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in (
    'waitlist_confirmation', 'waitlist_back_in_stock',
    'order_placed', 'order_paid', 'order_shipped', 'order_cancelled', 'order_refunded',
    'newsletter_confirmation', 'newsletter_issue', 'contact_message',
    'supply_reminder'
  )),
  recipient text not null,
  payload jsonb not null default '{}' check (jsonb_typeof(payload) = 'object'),
  created_at timestamptz not null default clock_timestamp(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  claim_token uuid,
  last_error text,
  sent_at timestamptz,
  failed_at timestamptz,
  client_key text,
  order_event_id uuid references public.order_events (id) on delete set null,
  constraint outbox_messages_order_event_id_key unique (order_event_id),
  constraint outbox_messages_recipient_plain check (public.email_plain_normalised(recipient) is not distinct from recipient)
);

alter table public.outbox_messages enable row level security;

comment on table public.outbox_messages is
  'E-mails to send, written in the transaction that decided them; service role only (the sender).';

comment on column public.outbox_messages.order_event_id is
  'The order event an order e-mail is about (unique: one e-mail per event).';

comment on column public.outbox_messages.client_key is
  'sha256 (hex) of who asked for the e-mail (request_client_key), for the per-client limit.';

create index outbox_messages_due_idx on public.outbox_messages (next_attempt_at, created_at)
  where sent_at is null and failed_at is null;

create index outbox_messages_recipient_idx on public.outbox_messages (recipient, created_at desc);

-- The confirmation e-mails a mailbox got lately (the waitlist's per-mailbox limit).
create index outbox_messages_confirmation_key_idx
  on public.outbox_messages (public.email_limit_key(recipient), created_at)
  where kind = 'waitlist_confirmation';

-- Who asked for confirmations lately, the hour's confirmations, and settled messages (outbox_prune).
create index outbox_messages_confirmation_client_idx
  on public.outbox_messages (client_key, created_at)
  where kind = 'waitlist_confirmation';
create index outbox_messages_confirmation_created_idx
  on public.outbox_messages (created_at)
  where kind = 'waitlist_confirmation';
create index outbox_messages_settled_idx
  on public.outbox_messages (coalesce(sent_at, failed_at))
  where sent_at is not null or failed_at is not null;

-- Functions ---------------------------------------------------------------------------------------
-- The sender: claim, mark sent, mark failed (service role only) -----------------------------------
create or replace function public.outbox_claim(p_limit integer default 10, p_lease_seconds integer default 60)
returns setof public.outbox_messages
language plpgsql
set search_path = ''
as $$
begin
  if coalesce((select auth.role()), '') <> 'service_role' then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  return query
    update public.outbox_messages m
    set locked_until = now() + make_interval(secs => greatest(1, least(coalesce(p_lease_seconds, 60), 3600))),
        claim_token = gen_random_uuid(),
        attempts = m.attempts + 1
    where m.id in (
      select c.id from public.outbox_messages c
      where c.sent_at is null and c.failed_at is null and c.next_attempt_at <= now()
        and (c.locked_until is null or c.locked_until <= now())
      order by c.next_attempt_at, c.created_at
      limit greatest(1, least(coalesce(p_limit, 10), 100))
      for update skip locked
    )
    returning m.*;
end;
$$;

comment on function public.outbox_claim(integer, integer) is
  'Sender: takes up to p_limit due messages for p_lease_seconds (rows other senders hold are skipped; an '
  'unfinished claim becomes due again when the lease ends) and returns them with a fresh claim_token.';
revoke execute on function public.outbox_claim(p_limit integer, p_lease_seconds integer) from public, anon, authenticated;
grant execute on function public.outbox_claim(p_limit integer, p_lease_seconds integer) to service_role;

create or replace function public.outbox_mark_sent(p_id uuid)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  if coalesce((select auth.role()), '') <> 'service_role' then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  update public.outbox_messages m
  set sent_at = coalesce(m.sent_at, now()), locked_until = null, last_error = null
  where m.id = p_id;
  return found;
end;
$$;

comment on function public.outbox_mark_sent(uuid) is
  'Sender: the message was delivered (idempotent).';
revoke execute on function public.outbox_mark_sent(p_id uuid) from public, anon, authenticated;
grant execute on function public.outbox_mark_sent(p_id uuid) to service_role;

create or replace function public.outbox_mark_failed(p_id uuid, p_claim_token uuid, p_error text)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  if coalesce((select auth.role()), '') <> 'service_role' then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  update public.outbox_messages m
  set locked_until = null,
      last_error = left(coalesce(p_error, 'unknown error'), 1000),
      -- 30 s, 1 min, 2 min, ... capped at 1 hour; after 10 attempts the message is given up.
      next_attempt_at = now() + least(interval '1 hour', interval '30 seconds' * power(2, greatest(m.attempts - 1, 0))),
      failed_at = case when m.attempts >= 10 then now() end
  where m.id = p_id and m.claim_token = p_claim_token and m.sent_at is null;
  return found;
end;
$$;

comment on function public.outbox_mark_failed(uuid, uuid, text) is
  'Sender: delivery failed; the message is retried with exponential backoff (30 s doubling, at most 1 h), '
  'and given up (failed_at) after 10 attempts.';
revoke execute on function public.outbox_mark_failed(p_id uuid, p_claim_token uuid, p_error text) from public, anon, authenticated;
grant execute on function public.outbox_mark_failed(p_id uuid, p_claim_token uuid, p_error text) to service_role;

-- Order e-mails: one per order event that a customer hears about, written by a trigger on order_events
-- in the transaction of the change (so every writer of events, today's and later ones, gets them): placed,
-- paid, shipped, cancelled (by the customer, by staff or expired unpaid) and refunded. The payload is the
-- order as it was then (lines, totals, address, payment method, tracking), so a retry sends the same
-- e-mail; outbox_messages.order_event_id is unique, so an event is written once. The recipient is the
-- order's e-mail (orders.email: the customer's at order time, or a guest's), else the account's.
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
      'discount', v_order.discount_amount,
      'discount_code', v_order.discount_code,
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

-- Pruning: settled e-mails and never-confirmed sign-ups after store_settings' days (scheduled_jobs_run).
create or replace function public.outbox_prune(p_now timestamptz default now())
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_settings public.store_settings;
  v_messages integer;
  v_signups integer;
  v_newsletter integer;
begin
  select s.* into v_settings from public.store_settings s;
  delete from public.outbox_messages m
  where coalesce(m.sent_at, m.failed_at) < p_now - make_interval(days => coalesce(v_settings.outbox_keep_days, 30));
  get diagnostics v_messages = row_count;
  delete from public.waitlist_subscriptions s
  where s.confirmed_at is null and s.notified_at is null
    and coalesce(s.confirmation_sent_at, s.created_at)
      < p_now - make_interval(days => coalesce(v_settings.waitlist_unconfirmed_keep_days, 7));
  get diagnostics v_signups = row_count;
  -- Newsletter sign-ups never confirmed, 7 days after their last confirmation e-mail (newsletter.sql).
  delete from public.newsletter_subscribers s
  where s.confirmed_at is null
    and coalesce(s.confirmation_sent_at, s.created_at) < p_now - interval '7 days';
  get diagnostics v_newsletter = row_count;
  return jsonb_build_object('pruned_messages', v_messages, 'pruned_signups', v_signups,
    'pruned_newsletter_signups', v_newsletter);
end;
$$;

comment on function public.outbox_prune(timestamptz) is
  'Deletes e-mails sent or given up more than store_settings.outbox_keep_days (30) before p_now, and '
  'waitlist sign-ups never confirmed whose confirmation went out more than '
  'store_settings.waitlist_unconfirmed_keep_days (7) before p_now, and newsletter sign-ups never '
  'confirmed whose last confirmation went out more than 7 days before p_now. Run by scheduled_jobs_run.';
revoke execute on function public.outbox_prune(p_now timestamp with time zone) from public, anon, authenticated;
grant execute on function public.outbox_prune(p_now timestamp with time zone) to service_role;

-- Who is calling, for per-client limits: the account, else the client address the gateway saw.
create or replace function public.request_client_key()
returns text
language sql
stable
set search_path = ''
as $$
  select encode(pg_catalog.sha256(pg_catalog.convert_to(
    case
      when (select auth.uid()) is not null then 'user:' || (select auth.uid())::text
      else 'ip:' || coalesce(
        nullif(btrim(h.headers ->> 'cf-connecting-ip'), ''),
        nullif(btrim(pg_catalog.regexp_replace(coalesce(h.headers ->> 'x-forwarded-for', ''), '^.*,', '')), ''),
        'unknown')
    end, 'UTF8')), 'hex')
  from (select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb as headers) h;
$$;

comment on function public.request_client_key() is
  'Internal: sha256 (hex) of who is calling: the signed-in account, else the client address from '
  'request.headers (cf-connecting-ip, else the rightmost x-forwarded-for entry), else unknown.';
revoke execute on function public.request_client_key() from public, anon, authenticated;

-- Triggers ----------------------------------------------------------------------------------------
create trigger order_events_enqueue_email
  after insert on public.order_events
  for each row execute function public.outbox_enqueue_order_email();

-- Grants ------------------------------------------------------------------------------------------
revoke all on public.outbox_messages from anon, authenticated;
grant all on public.outbox_messages to service_role;
