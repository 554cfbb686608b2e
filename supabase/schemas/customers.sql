-- The back office's customers: the list of shoppers (search, paging, order counts) and one
-- customer's detail with their orders; and delete_my_account, by which a customer removes their own
-- account. They read auth.users, which no API role may read, so they are security-definer functions:
-- the first two check the `customers` permission of the caller, the last one the caller's password.

-- Functions ---------------------------------------------------------------------------------------
-- The customers list counts its matches apart from its page, and reads names only for the page: the
-- matches are only (id, created_at), counted and cut by a top-N sort, and the page's rows are read again
-- by primary key for their e-mail and names (pulling them out of the metadata for every match cost up to
-- 135 ms at 20,000 customers); an empty search skips the text test. auth.users gets no index: on a
-- hosted project it belongs to the auth service.
create or replace function public.admin_list_customers(
  p_search text default null,
  p_limit integer default 20,
  p_offset integer default 0
)
returns table (
  user_id uuid,
  email text,
  first_name text,
  last_name text,
  created_at timestamptz,
  orders_count bigint,
  total_spent numeric,
  last_order_at timestamptz,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_needle text := lower(btrim(coalesce(p_search, '')));
  v_all boolean := v_needle = '';
  v_pattern text := '%' || replace(replace(replace(v_needle, '\', '\\'), '%', '\%'), '_', '\_') || '%';
begin
  if not public.has_admin_permission('customers') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  return query
  with matches as materialized (
    -- Ids and join dates only: the e-mail and names are read for the page alone.
    select u.id, u.created_at
    from auth.users u
    where not exists (select 1 from public.admin_users au where au.user_id = u.id)
      and (
        v_all
        or lower(coalesce(u.email, '')) like v_pattern
        or lower(coalesce(u.raw_user_meta_data ->> 'first_name', '') || ' ' ||
          coalesce(u.raw_user_meta_data ->> 'last_name', '')) like v_pattern
      )
  ),
  page as (
    select m.id, m.created_at
    from matches m
    order by m.created_at desc, m.id
    limit least(greatest(coalesce(p_limit, 20), 1), 100)
    offset greatest(coalesce(p_offset, 0), 0)
  )
  select p.id, u.email::text, u.raw_user_meta_data ->> 'first_name', u.raw_user_meta_data ->> 'last_name',
    p.created_at, coalesce(s.orders_count, 0), coalesce(s.total_spent, 0), s.last_order_at,
    (select count(*) from matches)
  from page p
  join auth.users u on u.id = p.id
  left join lateral (
    select count(*) as orders_count,
      sum(o.total_amount) filter (where public.order_sale_status(o.status, o.payment_status) <> 'cancelled') as total_spent,
      max(o.created_at) as last_order_at
    from public.orders o
    where o.user_id = p.id
  ) s on true
  order by p.created_at desc, p.id;
end;
$$;

comment on function public.admin_list_customers(text, integer, integer) is
  'Customers (auth users without an admin_users row), newest joined first, whose e-mail or name contains '
  'p_search (case-insensitive, literal), with orders count, total spent (non-cancelled orders), last order '
  'and total_count (all matches). Needs the customers permission (42501 Permission denied).';
revoke execute on function public.admin_list_customers(p_search text, p_limit integer, p_offset integer) from public, anon;
grant execute on function public.admin_list_customers(p_search text, p_limit integer, p_offset integer) to authenticated, service_role;

create or replace function public.admin_get_customer(p_user_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  if not public.has_admin_permission('customers') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  select jsonb_build_object(
    'user_id', u.id,
    'email', u.email,
    'first_name', u.raw_user_meta_data ->> 'first_name',
    'last_name', u.raw_user_meta_data ->> 'last_name',
    'created_at', u.created_at,
    'orders_count', (select count(*) from public.orders o where o.user_id = u.id),
    'total_spent', (
      select coalesce(sum(o.total_amount), 0) from public.orders o
      where o.user_id = u.id and public.order_sale_status(o.status, o.payment_status) <> 'cancelled'
    ),
    'orders', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', o.id, 'order_number', o.order_number, 'status', o.status, 'payment_status', o.payment_status,
        'total_amount', o.total_amount, 'created_at', o.created_at
      ) order by o.created_at desc, o.id)
      from public.orders o
      where o.user_id = u.id
    ), '[]'::jsonb)
  )
  into v_result
  from auth.users u
  where u.id = p_user_id
    and not exists (select 1 from public.admin_users au where au.user_id = u.id);
  if v_result is null then
    raise exception 'Customer not found' using errcode = 'P0001';
  end if;
  return v_result;
end;
$$;

comment on function public.admin_get_customer(uuid) is
  'One customer with orders count, total spent (non-cancelled) and their orders newest first. Needs the '
  'customers permission (42501 Permission denied); Customer not found for administrators and unknown ids.';
revoke execute on function public.admin_get_customer(p_user_id uuid) from public, anon;
grant execute on function public.admin_get_customer(p_user_id uuid) to authenticated, service_role;

-- A customer deletes their own account (from the account settings page).
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
