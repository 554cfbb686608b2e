-- Emergency mode: a product whose every unit is held for earlier waitlist subscribers is not buyable,
-- so a customer may join its waitlist (signed in or by e-mail) instead of being told it is in stock.

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
