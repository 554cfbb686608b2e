-- The waitlist trusts an account's e-mail address only once the address is confirmed.
-- Why: waitlist_status, waitlist_cancel and waitlist_subscribe matched subscriptions by the account's
-- e-mail address whether or not its owner had ever proven it. Whoever registered an account under a
-- visitor's address could see and cancel that visitor's subscriptions, and subscribe the address with
-- one click, confirmed, although nobody had followed a link sent to it. Now the account's address
-- counts only when auth.users.email_confirmed_at is set (GoTrue sets it when the address is verified;
-- with sign-up confirmation off it sets it at sign-up, so turning confirmation on, which belongs to the
-- accounts settings, is what makes every address proven; this rule holds either way):
--   * waitlist_status and waitlist_cancel see the caller's own one-click subscriptions (user_id) and
--     subscriptions of the caller's address only when it is confirmed;
--   * waitlist_subscribe (one click, confirmed at once) needs a confirmed address, else P0001 'Please
--     confirm your e-mail address first'; the e-mail form (waitlist_subscribe_email) stays open to them.
-- One-click subscriptions made so far by accounts whose address is still unconfirmed lose their owner,
-- and those that no confirmation e-mail ever went to lose their confirmation too (they are then
-- ordinary unconfirmed subscriptions, removed by the waitlist clean-up like any other).

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

revoke execute on function public.waitlist_confirmed_email(uuid) from public, anon, authenticated;

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
  'Signed-in customer with a confirmed e-mail address: subscribes it to the product''s back-in-stock '
  'e-mail, confirmed at once (calling it again changes nothing). Refused while the product is in stock, '
  'and while the account''s address is unconfirmed.';

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

-- One-click subscriptions of accounts whose address was never confirmed.
update public.waitlist_subscriptions s
set user_id = null,
    confirmed_at = case when s.confirmation_sent_at is null then null else s.confirmed_at end
from auth.users u
where u.id = s.user_id and u.email_confirmed_at is null;
