-- The waitlist takes only a plain e-mail address, and counts its limits on the address normalised.
-- Why: waitlist_subscribe_email checked only "something@something.something", so mailbox syntax got
-- through: 'a<victim@example.com>', '(c)victim@example.com' and 'z,victim@example.com' were each a new
-- address to the per-address limits, and the mail sender delivered each of them to victim@example.com;
-- one victim could be sent any number of confirmation e-mails. Now:
--   * email_plain_normalised(text) is the one rule: trimmed and lower-cased, an address is accepted only
--     as a plain addr-spec: a dot-atom local part (letters, digits and !#$%&'*+/=?^_`{|}~- between single
--     dots, at most 64 characters), '@', and a domain of two or more labels (letters, digits, inner
--     hyphens, at most 63 each) whose last label starts with a letter; at most 254 characters. No display
--     name, angle brackets, comment, quoted string, list, IP literal or non-ASCII character; anything
--     else is null. waitlist_subscribe_email answers 'Please enter a valid e-mail address' for null.
--   * email_limit_key(text) is what the limits count: the normalised address without a sub-address
--     (the '+tag' of the local part), since victim+1@ and victim+2@ reach the same mailbox at most
--     providers. At most 3 confirmation e-mails per key per hour (an index on the key serves the count),
--     and requests for one key are serialised by an advisory lock on it.
--   * Check constraints hold the rule for every writer: waitlist_subscriptions.email and
--     outbox_messages.recipient must equal their plain normalised form. Rows already stored that break
--     it (only mailbox syntax and addresses the rule now refuses could) are deleted first: their
--     unsent e-mails would have gone to whoever the syntax named.
--   * One-click subscribing with an account whose address is not a plain one answers 'Your account''s
--     e-mail address cannot receive alerts' (the signed-in functions compare the normalised address).
-- The mail sender (functions/_shared/outbox-sender.ts) refuses any recipient that a maintained RFC 5322
-- parser does not read as one plain address, whatever the database holds.

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

revoke execute on function public.email_plain_normalised(text) from public, anon, authenticated;
revoke execute on function public.email_limit_key(text) from public, anon, authenticated;

-- What the rule refuses never reaches a sender.
delete from public.outbox_messages m
where public.email_plain_normalised(m.recipient) is distinct from m.recipient;
delete from public.waitlist_subscriptions s
where public.email_plain_normalised(s.email) is distinct from s.email;

alter table public.waitlist_subscriptions
  add constraint waitlist_subscriptions_email_plain check (public.email_plain_normalised(email) is not distinct from email);
alter table public.outbox_messages
  add constraint outbox_messages_recipient_plain check (public.email_plain_normalised(recipient) is not distinct from recipient);

create index outbox_messages_confirmation_key_idx
  on public.outbox_messages (public.email_limit_key(recipient), created_at)
  where kind = 'waitlist_confirmation';

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

  insert into public.outbox_messages (kind, recipient, payload)
  values (
    'waitlist_confirmation',
    v_email,
    jsonb_build_object('product_id', v_product.id, 'product_name', v_product.name,
      'product_slug', v_product.slug, 'token', v_token)
  );
end;
$$;

comment on function public.waitlist_subscribe_email(uuid, text) is
  'Visitor: asks for a back-in-stock e-mail at p_email, a plain address only (email_plain_normalised). '
  'Queues a confirmation e-mail (outbox); the subscription counts only once confirmed. Always answers '
  'the same for a valid address; sends at most one confirmation per product and address per 10 minutes '
  'and 3 per mailbox (email_limit_key) per hour.';

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
  'is in stock, and while the account''s address is unconfirmed.';
