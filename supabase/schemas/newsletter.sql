-- The newsletter: addresses that asked for it from the home page's band, with double opt-in. A sign-up
-- queues a confirmation e-mail (outbox) and counts only once its link is followed; nothing else is sent
-- to an unconfirmed address. Every newsletter e-mail (the confirmation included) carries its own
-- one-click unsubscribe token; unsubscribing deletes the address (and its tokens), so the shop keeps no
-- address that said no. Tokens are 32 random bytes (waitlist_new_token); only their sha256 is stored
-- (waitlist_token_hash), the outbox (service role only) carries the token itself.
-- Limits: per address, one confirmation per 10 minutes and 3 per mailbox (email_limit_key) per hour,
-- answered the same as a success (the answer says nothing about the address); per client
-- (request_client_key) 10 sign-ups an hour and 200 for the whole shop, refused with a message.
-- Never-confirmed sign-ups are deleted 7 days after their last confirmation e-mail (outbox_prune).
-- Nobody but the service role touches the tables; shoppers and staff go through the functions below.

-- Tables ------------------------------------------------------------------------------------------
create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  token_hash bytea not null,
  confirmed_at timestamptz,
  confirmation_sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint newsletter_subscribers_email_key unique (email),
  constraint newsletter_subscribers_token_hash_key unique (token_hash),
  constraint newsletter_subscribers_email_plain check (public.email_plain_normalised(email) is not distinct from email)
);

alter table public.newsletter_subscribers enable row level security;

comment on table public.newsletter_subscribers is
  'Newsletter sign-ups (double opt-in): confirmed_at set once the confirmation link is followed; only '
  'confirmed addresses get newsletters. Written and read only through the newsletter_* functions.';

comment on column public.newsletter_subscribers.token_hash is
  'sha256 of the token in the latest confirmation link (the token itself is never stored here).';

create index newsletter_subscribers_unconfirmed_idx
  on public.newsletter_subscribers (coalesce(confirmation_sent_at, created_at))
  where confirmed_at is null;

create table public.newsletter_unsubscribe_tokens (
  token_hash bytea primary key,
  subscriber_id uuid not null references public.newsletter_subscribers (id) on delete cascade,
  created_at timestamptz not null default now()
);

alter table public.newsletter_unsubscribe_tokens enable row level security;

comment on table public.newsletter_unsubscribe_tokens is
  'sha256 of the one-click unsubscribe token of each newsletter e-mail sent (every one stays valid '
  'until the address unsubscribes, which deletes them with it).';

create index newsletter_unsubscribe_tokens_subscriber_idx on public.newsletter_unsubscribe_tokens (subscriber_id);

-- Functions ---------------------------------------------------------------------------------------
create or replace function public.newsletter_unsubscribe_token_new(p_subscriber_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_token text := public.waitlist_new_token();
begin
  insert into public.newsletter_unsubscribe_tokens (token_hash, subscriber_id)
  values (public.waitlist_token_hash(v_token), p_subscriber_id);
  return v_token;
end;
$$;

comment on function public.newsletter_unsubscribe_token_new(uuid) is
  'Internal: a new one-click unsubscribe token for the subscriber (its hash is stored), for one e-mail.';
revoke execute on function public.newsletter_unsubscribe_token_new(p_subscriber_id uuid) from public, anon, authenticated;

create or replace function public.newsletter_subscribe(p_email text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := public.email_plain_normalised(p_email);
  v_key text;
  v_token text := public.waitlist_new_token();
  v_sub public.newsletter_subscribers;
  v_client text := public.request_client_key();
begin
  if btrim(coalesce(p_email, '')) = '' then
    raise exception 'Please enter your e-mail address' using errcode = 'P0001';
  end if;
  if v_email is null then
    raise exception 'Please enter a valid e-mail address' using errcode = 'P0001';
  end if;
  v_key := public.email_limit_key(v_email);

  -- Sign-ups queue here, so the per-client and hourly limits hold under concurrency; they are judged
  -- before the address is looked at, so the answer says nothing about it.
  perform pg_advisory_xact_lock(hashtextextended('newsletter:signups', 0));
  if (
    select count(*) from public.outbox_messages m
    where m.kind = 'newsletter_confirmation' and m.client_key = v_client
      and m.created_at > now() - interval '1 hour'
  ) >= 10
  or (
    select count(*) from public.outbox_messages m
    where m.kind = 'newsletter_confirmation' and m.created_at > now() - interval '1 hour'
  ) >= 200 then
    raise exception 'Too many sign-ups. Please try again later.' using errcode = 'P0001';
  end if;

  select s.* into v_sub from public.newsletter_subscribers s where s.email = v_email for update;
  if found and v_sub.confirmed_at is not null then
    return; -- already subscribed: nothing to send, and the answer gives nothing away
  end if;
  if found and v_sub.confirmation_sent_at > now() - interval '10 minutes' then
    return; -- a confirmation was sent a moment ago
  end if;
  if (
    select count(*) from public.outbox_messages m
    where m.kind = 'newsletter_confirmation' and public.email_limit_key(m.recipient) = v_key
      and m.created_at > now() - interval '1 hour'
  ) >= 3 then
    return; -- this mailbox got enough confirmation e-mails for now
  end if;

  if found then
    update public.newsletter_subscribers s
    set token_hash = public.waitlist_token_hash(v_token), confirmation_sent_at = now()
    where s.id = v_sub.id
    returning * into v_sub;
  else
    insert into public.newsletter_subscribers (email, token_hash, confirmation_sent_at)
    values (v_email, public.waitlist_token_hash(v_token), now())
    returning * into v_sub;
  end if;

  insert into public.outbox_messages (kind, recipient, payload, client_key)
  values (
    'newsletter_confirmation',
    v_email,
    jsonb_build_object('token', v_token, 'unsubscribe_token', public.newsletter_unsubscribe_token_new(v_sub.id)),
    v_client
  );
end;
$$;

comment on function public.newsletter_subscribe(text) is
  'Visitor or customer: asks for the newsletter at p_email, a plain address only. Queues a confirmation '
  'e-mail (outbox); the address gets newsletters only once confirmed. Always answers the same for a '
  'valid address; at most one confirmation per address per 10 minutes and 3 per mailbox '
  '(email_limit_key) per hour. Refused (Too many sign-ups) once the client (request_client_key) asked '
  'for 10 in the last hour or the whole shop for 200.';
revoke execute on function public.newsletter_subscribe(p_email text) from public;
grant execute on function public.newsletter_subscribe(p_email text) to anon, authenticated;

create or replace function public.newsletter_confirm(p_token text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sub public.newsletter_subscribers;
begin
  select s.* into v_sub from public.newsletter_subscribers s
  where s.token_hash = public.waitlist_token_hash(p_token)
  for update;
  if not found then
    return 'unknown';
  end if;
  if v_sub.confirmed_at is not null then
    return 'already_confirmed';
  end if;
  update public.newsletter_subscribers s set confirmed_at = now() where s.id = v_sub.id;
  return 'confirmed';
end;
$$;

comment on function public.newsletter_confirm(text) is
  'Follows a confirmation link: confirmed, already_confirmed, or unknown (no such token: never asked, '
  'unsubscribed since, or pruned unconfirmed).';
revoke execute on function public.newsletter_confirm(p_token text) from public;
grant execute on function public.newsletter_confirm(p_token text) to anon, authenticated;

create or replace function public.newsletter_unsubscribe(p_token text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_subscriber uuid;
begin
  select t.subscriber_id into v_subscriber from public.newsletter_unsubscribe_tokens t
  where t.token_hash = public.waitlist_token_hash(p_token);
  if not found then
    return 'unknown';
  end if;
  delete from public.newsletter_subscribers s where s.id = v_subscriber;
  return 'unsubscribed';
end;
$$;

comment on function public.newsletter_unsubscribe(text) is
  'One-click unsubscribe (the link and the List-Unsubscribe-Post of every newsletter e-mail): deletes '
  'the address and its tokens; unsubscribed, or unknown when the token is not (or no longer) valid. '
  'Calling it again is harmless.';
revoke execute on function public.newsletter_unsubscribe(p_token text) from public;
grant execute on function public.newsletter_unsubscribe(p_token text) to anon, authenticated;

-- Sending an issue: one e-mail per confirmed address, each with its own unsubscribe token ----------
create or replace function public.newsletter_queue_issue(p_subject text, p_body text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_sub record;
  v_count integer := 0;
begin
  if nullif(btrim(coalesce(p_subject, '')), '') is null or nullif(btrim(coalesce(p_body, '')), '') is null then
    raise exception 'A newsletter needs a subject and a text' using errcode = 'P0001';
  end if;
  if length(p_subject) > 200 or length(p_body) > 20000 then
    raise exception 'A newsletter''s subject holds at most 200 characters and its text 20000'
      using errcode = 'P0001';
  end if;
  for v_sub in
    select s.id, s.email from public.newsletter_subscribers s
    where s.confirmed_at is not null
    order by s.confirmed_at, s.id
  loop
    insert into public.outbox_messages (kind, recipient, payload)
    values (
      'newsletter_issue',
      v_sub.email,
      jsonb_build_object('subject', btrim(p_subject), 'body', p_body,
        'unsubscribe_token', public.newsletter_unsubscribe_token_new(v_sub.id))
    );
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

comment on function public.newsletter_queue_issue(text, text) is
  'Service role: queues a newsletter (subject, plain text) to every confirmed address, each e-mail with '
  'its own one-click unsubscribe token. Returns how many were queued.';
revoke execute on function public.newsletter_queue_issue(p_subject text, p_body text) from public, anon, authenticated;
grant execute on function public.newsletter_queue_issue(p_subject text, p_body text) to service_role;

-- Staff with customers: how many, and the confirmed list ------------------------------------------
create or replace function public.admin_newsletter_counts()
returns table (confirmed integer, unconfirmed integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_admin_permission('customers') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  return query
    select (count(*) filter (where s.confirmed_at is not null))::integer,
      (count(*) filter (where s.confirmed_at is null))::integer
    from public.newsletter_subscribers s;
end;
$$;

comment on function public.admin_newsletter_counts() is
  'Administrators with customers: confirmed subscribers, and sign-ups still waiting for confirmation.';
revoke execute on function public.admin_newsletter_counts() from public, anon;
grant execute on function public.admin_newsletter_counts() to authenticated;

create or replace function public.admin_newsletter_export()
returns table (email text, subscribed_at timestamptz, confirmed_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_admin_permission('customers') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  return query
    select s.email, s.created_at, s.confirmed_at
    from public.newsletter_subscribers s
    where s.confirmed_at is not null
    order by s.confirmed_at, s.email;
end;
$$;

comment on function public.admin_newsletter_export() is
  'Administrators with customers: every confirmed subscriber (address, signed up, confirmed), oldest '
  'confirmation first, for the CSV export.';
revoke execute on function public.admin_newsletter_export() from public, anon;
grant execute on function public.admin_newsletter_export() to authenticated;

-- Grants ------------------------------------------------------------------------------------------
revoke all on public.newsletter_subscribers, public.newsletter_unsubscribe_tokens from anon, authenticated;
grant all on public.newsletter_subscribers, public.newsletter_unsubscribe_tokens to service_role;
