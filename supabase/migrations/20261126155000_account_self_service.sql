-- Customers who look after themselves: deleting one's own account, and no order from an account whose
-- e-mail address is unconfirmed.
--   * delete_my_account(p_password): the signed-in customer, with their password, removes their account.
--     Orders stay for the shop's books (and staff still see them) with the name, e-mail, phone and
--     address replaced; the customer's own entries in order histories lose their e-mail; waitlist
--     subscriptions (their own and those of their confirmed address), the wishlist and the auth user go
--     (and with the user everything that refers to it with on delete cascade, such as saved addresses).
--     Reviews stay, shown as written by "a former customer".
--   * reviews.author_id becomes nullable with on delete set null (it cascaded, so a deleted account took
--     its reviews along); reviews_set_derived names such a review's author 'a former customer' and keeps
--     its verified mark.
--   * orders_require_confirmed_email: an account ordering for itself must have a confirmed e-mail address
--     (auth.users.email_confirmed_at), as the waitlist's one-click sign-up already requires. Anonymous
--     (guest) users have no address to confirm and are not concerned.

alter table public.reviews alter column author_id drop not null;
alter table public.reviews drop constraint reviews_author_id_fkey;
alter table public.reviews
  add constraint reviews_author_id_fkey foreign key (author_id) references auth.users (id) on delete set null;

create or replace function public.reviews_set_derived()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and old.author_id is not null and new.author_id is null then
    -- The author's account was deleted (on delete set null): the review stays, by a former customer.
    new.product_id := old.product_id;
    new.author_name := 'a former customer';
    new.verified_purchase := old.verified_purchase;
    new.created_at := old.created_at;
    new.updated_at := now();
    return new;
  end if;
  new.verified_purchase := public.review_verified_purchase(new.author_id, new.product_id);
  if tg_op = 'INSERT' then
    select coalesce(
      nullif(trim(concat_ws(' ',
        nullif(trim(u.raw_user_meta_data ->> 'first_name'), ''),
        left(nullif(trim(u.raw_user_meta_data ->> 'last_name'), ''), 1) || '.')), ''),
      'Customer')
    into new.author_name
    from auth.users u
    where u.id = new.author_id;
    new.author_name := coalesce(new.author_name, 'Customer');
  else
    new.author_id := old.author_id;
    new.product_id := old.product_id;
    new.author_name := old.author_name;
    new.created_at := old.created_at;
    new.updated_at := now();
  end if;
  return new;
end;
$$;
revoke execute on function public.reviews_set_derived() from public, anon, authenticated;

create or replace function public.orders_require_confirmed_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.user_id is not null and new.user_id = (select auth.uid()) and exists (
    select 1 from auth.users u
    where u.id = new.user_id and u.email_confirmed_at is null and not coalesce(u.is_anonymous, false)
  ) then
    raise exception 'Please confirm your e-mail address first'
      using errcode = 'P0001',
        hint = 'Follow the link in the e-mail we sent when you created your account, or ask for a new one.';
  end if;
  return new;
end;
$$;

comment on function public.orders_require_confirmed_email() is
  'Trigger: refuses an order an account places for itself while its e-mail address is unconfirmed '
  '(P0001 Please confirm your e-mail address first); anonymous (guest) users are not concerned.';
revoke execute on function public.orders_require_confirmed_email() from public, anon, authenticated;

create trigger orders_require_confirmed_email
  before insert on public.orders
  for each row execute function public.orders_require_confirmed_email();

create or replace function public.delete_my_account(p_password text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_hash text;
  v_email text;
begin
  if v_uid is null then
    raise exception 'Please sign in' using errcode = '42501';
  end if;
  -- One deletion at a time per account; the row lock also holds back a sign-in's changes meanwhile.
  select regexp_replace(coalesce(u.encrypted_password, ''), '^\$2[by]\$', '$2a$') into v_hash
  from auth.users u
  where u.id = v_uid
  for update;
  if not found then
    raise exception 'Please sign in' using errcode = '42501';
  end if;
  if exists (select 1 from public.admin_users a where a.user_id = v_uid) then
    raise exception 'An administrator''s account cannot be deleted here' using errcode = 'P0001';
  end if;
  -- bcrypt as the auth service stores it ($2a$ from GoTrue, $2b$ from the local stack: the same hash
  -- under another name, and pgcrypto reads $2a$).
  if coalesce(p_password, '') = '' or v_hash !~ '^\$2a\$'
     or extensions.crypt(p_password, v_hash) is distinct from v_hash then
    raise exception 'The password is not correct' using errcode = 'P0001';
  end if;
  v_email := public.waitlist_confirmed_email(v_uid);

  update public.orders o
  set email = null,
      shipping_address = case
        when o.shipping_address is null then null
        else jsonb_build_object(
          'full_name', 'Former customer', 'line1', 'Removed at the customer''s request', 'line2', '',
          'city', '', 'region', '', 'postal_code', '', 'country', coalesce(o.shipping_address ->> 'country', ''),
          'phone', '')
      end
  where o.user_id = v_uid;
  update public.order_events e
  set actor_email = null
  where e.actor_id = v_uid and e.actor_role = 'customer';
  delete from public.waitlist_subscriptions s where s.user_id = v_uid or s.email = v_email;
  delete from public.wishlist_items w where w.user_id = v_uid;
  -- The rest follows the user: orders.user_id and reviews.author_id are set null, the other references
  -- cascade (sessions, identities, review_submissions, saved addresses).
  delete from auth.users u where u.id = v_uid;
end;
$$;

comment on function public.delete_my_account(text) is
  'The signed-in customer deletes their own account, confirmed by their password (P0001 The password is '
  'not correct; administrators are refused). Orders are kept with name, e-mail, phone and address '
  'replaced; waitlist subscriptions, wishlist and the auth user are removed; reviews stay, by '
  '''a former customer''. Cannot be undone.';
revoke execute on function public.delete_my_account(p_password text) from public, anon;
grant execute on function public.delete_my_account(p_password text) to authenticated, service_role;
