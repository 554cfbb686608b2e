-- Visitor sign-ups to the waitlist are limited per client and per hour overall, and the outbox and the
-- unconfirmed sign-ups are pruned.
-- Why: one client queued 40 confirmation e-mails to 40 strangers in 137 ms (the limits counted only
-- per address), and outbox_messages and waitlist_subscriptions grew without bound. Now:
--   * request_client_key(): who is asking, as a hash: the signed-in account ('user:' and its id), else
--     the client's address from the request headers PostgREST gives SQL (request.headers): the
--     gateway's cf-connecting-ip, else the rightmost x-forwarded-for entry (proxies append the address
--     they saw on the right; the leftmost is whatever the client typed). The local stack's gateway
--     appends the connection's address the same way. Without either, 'unknown' (one shared bucket).
--     Only the sha256 is kept (outbox_messages.client_key), and it goes with the message.
--   * waitlist_subscribe_email refuses, before it looks at the address (so the answer says nothing
--     about it), when this client has had store_settings.waitlist_signups_per_client_hour (default 10)
--     confirmation e-mails queued in the last hour, or the whole shop store_settings.waitlist_signups_per_hour
--     (default 200): P0001 'Too many alert requests. Please try again later.'. One advisory lock
--     serialises visitor sign-ups, so the counts hold under concurrency.
--   * outbox_prune(p_now): deletes messages sent, or given up, more than store_settings.outbox_keep_days
--     (default 30) before p_now, and subscriptions never confirmed whose confirmation went out more than
--     store_settings.waitlist_unconfirmed_keep_days (default 7) before p_now (their link then answers
--     'unknown'). scheduled_jobs_run (pg_cron every five minutes on hosted projects, stack/scheduler.ts
--     locally) runs it with its clock.

alter table public.store_settings
  add column waitlist_signups_per_client_hour integer not null default 10
    check (waitlist_signups_per_client_hour between 1 and 1000),
  add column waitlist_signups_per_hour integer not null default 200
    check (waitlist_signups_per_hour between 1 and 100000),
  add column outbox_keep_days integer not null default 30 check (outbox_keep_days between 1 and 3650),
  add column waitlist_unconfirmed_keep_days integer not null default 7
    check (waitlist_unconfirmed_keep_days between 1 and 365);

comment on column public.store_settings.waitlist_signups_per_client_hour is
  'Confirmation e-mails one client (signed-in account, else address) may have queued by the waitlist '
  'form per hour (1-1000, default 10).';
comment on column public.store_settings.waitlist_signups_per_hour is
  'Confirmation e-mails the waitlist form may queue per hour for the whole shop (1-100000, default 200).';
comment on column public.store_settings.outbox_keep_days is
  'Days a sent or given-up e-mail stays in outbox_messages before outbox_prune deletes it (1-3650, default 30).';
comment on column public.store_settings.waitlist_unconfirmed_keep_days is
  'Days an unconfirmed waitlist sign-up is kept after its confirmation e-mail (1-365, default 7).';

grant update (waitlist_signups_per_client_hour, waitlist_signups_per_hour, outbox_keep_days,
  waitlist_unconfirmed_keep_days) on public.store_settings to authenticated;

alter table public.outbox_messages add column client_key text;

comment on column public.outbox_messages.client_key is
  'sha256 (hex) of who asked for the e-mail (request_client_key), for the per-client limit.';

create index outbox_messages_confirmation_client_idx
  on public.outbox_messages (client_key, created_at)
  where kind = 'waitlist_confirmation';
create index outbox_messages_confirmation_created_idx
  on public.outbox_messages (created_at)
  where kind = 'waitlist_confirmation';
create index outbox_messages_settled_idx
  on public.outbox_messages (coalesce(sent_at, failed_at))
  where sent_at is not null or failed_at is not null;

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
  if v_product.in_stock and v_product.stock_count > 0 then
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
  return jsonb_build_object('pruned_messages', v_messages, 'pruned_signups', v_signups);
end;
$$;

comment on function public.outbox_prune(timestamptz) is
  'Deletes e-mails sent or given up more than store_settings.outbox_keep_days (30) before p_now, and '
  'waitlist sign-ups never confirmed whose confirmation went out more than '
  'store_settings.waitlist_unconfirmed_keep_days (7) before p_now. Run by scheduled_jobs_run.';

revoke execute on function public.outbox_prune(timestamptz) from public, anon, authenticated;
grant execute on function public.outbox_prune(timestamptz) to service_role;

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
  v_pruned jsonb := public.outbox_prune(p_now);
begin
  return jsonb_build_object('expired_orders', v_expired, 'back_in_stock_emails', v_announced) || v_pruned;
end;
$$;

comment on function public.scheduled_jobs_run(timestamptz) is
  'The shop''s periodic jobs in one call (pg_cron on hosted projects, stack/scheduler.ts locally): '
  'orders_expire_unpaid, waitlist_release_restock_holds and outbox_prune with the clock p_now. Service '
  'role only.';
