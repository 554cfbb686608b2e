-- Product reviews written by customers and moderated by the shop, and the product ratings they drive.
-- reviews: one per product and author; rating 1-5, title, body, status pending / approved / rejected
-- with a reason, verified_purchase, author_name. review_submissions: every review ever created, the log
-- the daily limit counts (deleting a review does not reset it).
-- The browser only sends a product, a rating and texts: who wrote it, its status, the rejection reason,
-- the author's display name and the verified mark are decided here. anon and authenticated hold no
-- insert or update on reviews at all, so the functions (which check the caller) are the only writers:
-- create_review and update_review for customers (delete is plain REST under RLS), my_review for the
-- author's own review (author_id is not readable through the API, so who wrote a review stays private),
-- admin_approve_reviews and admin_reject_reviews (one or many at once, `products` permission) for the
-- shop, whose product filter searches the reviewed products (admin_search_review_products). Triggers keep products.rating and products.review_count equal to the approved reviews (so
-- neither the back office's product form nor anybody else can type them in) and
-- reviews.verified_purchase equal to the author's shipped or completed orders.
-- Messages raised with SQLSTATE P0001 are shown to customers as they are; 42501 means no permission.

-- Tables ------------------------------------------------------------------------------------------
create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references public.products (id) on delete cascade,
  -- Null once the author deleted their account: the review stays, by 'a former customer'.
  author_id uuid references auth.users (id) on delete set null,
  -- Copied from the author's profile by the database: 'Jamie C.'.
  author_name text not null default '',
  rating integer not null check (rating between 1 and 5),
  title text not null check (char_length(title) between 1 and 120),
  body text not null check (char_length(body) between 10 and 4000),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  rejection_reason text check (rejection_reason is null or char_length(rejection_reason) between 1 and 500),
  verified_purchase boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint reviews_product_author_key unique (product_id, author_id),
  constraint reviews_reason_only_when_rejected check (status = 'rejected' or rejection_reason is null)
);

alter table public.reviews enable row level security;

comment on table public.reviews is
  'Customer reviews: one per product and author, shown when approved; written only through '
  'create_review / update_review, moderated through admin_approve_reviews / admin_reject_reviews.';

comment on column public.reviews.verified_purchase is
  'True when the author has an order holding the product that was shipped or completed; set by the database.';

-- Every review ever created, also those deleted since, so deleting does not reset the daily limit.
create table public.review_submissions (
  id bigint generated always as identity primary key,
  author_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

alter table public.review_submissions enable row level security;

comment on table public.review_submissions is
  'When each account created a review (kept after the review is deleted), for the daily limit of create_review.';

-- The product page lists approved reviews newest first; the queue lists by status and date.
create index reviews_product_status_created_idx on public.reviews (product_id, status, created_at desc);

create index reviews_status_created_idx on public.reviews (status, created_at desc);

create index reviews_author_idx on public.reviews (author_id);

create index review_submissions_author_created_idx on public.review_submissions (author_id, created_at desc);

-- Functions ---------------------------------------------------------------------------------------
-- Derived columns ---------------------------------------------------------------------------------
create or replace function public.review_verified_purchase(p_author_id uuid, p_product_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.orders o
    join public.order_items oi on oi.order_id = o.id
    where o.user_id = p_author_id
      and oi.product_id = p_product_id
      and (
        (o.status in ('shipped', 'completed') and o.payment_status = 'paid')
        or (o.status = 'completed' and o.payment_method = 'cash_on_delivery'
          and o.payment_status in ('awaiting_payment', 'paid'))
      )
  );
$$;

comment on function public.review_verified_purchase(uuid, uuid) is
  'Whether the account has an order holding the product that was paid and shipped (or completed), or '
  'paid on delivery and completed. Cancelled, returned and refunded orders do not count.';
revoke execute on function public.review_verified_purchase(p_author_id uuid, p_product_id uuid) from public, anon, authenticated;

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

-- A product's rating and review_count are always what its approved reviews say, whoever writes the row:
-- worked out on insert and on every update that writes either (or the id); reviews only change them
-- through reviews_refresh_product_rating, which writes rating, so other updates leave them be.
create or replace function public.products_set_rating()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select coalesce(round(avg(r.rating)::numeric, 1), 0), count(*)::integer
  into new.rating, new.review_count
  from public.reviews r
  where r.product_id = new.id
    and r.status = 'approved';
  return new;
end;
$$;
revoke execute on function public.products_set_rating() from public, anon, authenticated;

-- A product's rating and review_count are refreshed once per statement and product: three
-- statement-level triggers (insert, update, delete; a transition table cannot serve several events)
-- touch every product the statement's reviews name, old or new, once, and the products trigger
-- products_set_rating recomputes both figures from the approved reviews. A row-level trigger would update
-- a product once per review row (each update running the products triggers again).
create or replace function public.reviews_refresh_product_rating()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.products p set rating = p.rating
    where p.id in (select n.product_id from new_rows n);
  elsif tg_op = 'UPDATE' then
    update public.products p set rating = p.rating
    where p.id in (select o.product_id from old_rows o union select n.product_id from new_rows n);
  else
    update public.products p set rating = p.rating
    where p.id in (select o.product_id from old_rows o);
  end if;
  return null;
end;
$$;

comment on function public.reviews_refresh_product_rating() is
  'Trigger (per statement): refreshes the rating and review count of every product the statement''s '
  'reviews name (old and new), once each.';
revoke execute on function public.reviews_refresh_product_rating() from public, anon, authenticated;

-- When an order ships (or completes), its owner's reviews of its products become verified purchases.
create or replace function public.orders_refresh_review_verification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.reviews r
  set verified_purchase = public.review_verified_purchase(r.author_id, r.product_id)
  where r.author_id = new.user_id
    and r.product_id in (select oi.product_id from public.order_items oi where oi.order_id = new.id);
  return null;
end;
$$;
revoke execute on function public.orders_refresh_review_verification() from public, anon, authenticated;

-- Customer functions ------------------------------------------------------------------------------

-- The shared checks of create_review and update_review: the messages customers see.
create or replace function public.review_check_input(p_rating integer, p_title text, p_body text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_rating is null or p_rating not between 1 and 5 then
    raise exception 'Please choose a rating from 1 to 5 stars' using errcode = 'P0001';
  end if;
  if coalesce(trim(p_title), '') = '' then
    raise exception 'Please give your review a title' using errcode = 'P0001';
  end if;
  if char_length(trim(p_title)) > 120 then
    raise exception 'The title can be at most 120 characters' using errcode = 'P0001';
  end if;
  if coalesce(trim(p_body), '') = '' then
    raise exception 'Please write your review' using errcode = 'P0001';
  end if;
  if char_length(trim(p_body)) < 10 then
    raise exception 'Your review needs at least 10 characters' using errcode = 'P0001';
  end if;
  if char_length(trim(p_body)) > 4000 then
    raise exception 'Your review can be at most 4000 characters' using errcode = 'P0001';
  end if;
end;
$$;
revoke execute on function public.review_check_input(p_rating integer, p_title text, p_body text) from public, anon, authenticated;

create or replace function public.create_review(p_product_id uuid, p_rating integer, p_title text, p_body text)
returns public.reviews
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_review public.reviews;
begin
  if v_user is null then
    raise exception 'Please sign in to write a review' using errcode = 'P0001';
  end if;
  if (select public.auth_is_anonymous()) then
    raise exception 'Please create an account to write a review' using errcode = 'P0001';
  end if;
  perform public.review_check_input(p_rating, p_title, p_body);
  if not exists (select 1 from public.products p where p.id = p_product_id) then
    raise exception 'Product not found' using errcode = 'P0001';
  end if;
  -- One account's submissions queue up here, so two at once cannot both pass the limit.
  perform pg_advisory_xact_lock(hashtext('review_submissions:' || v_user::text));
  if exists (select 1 from public.reviews r where r.product_id = p_product_id and r.author_id = v_user) then
    raise exception 'You have already reviewed this product; edit your review instead' using errcode = 'P0001';
  end if;
  if (
    select count(*) from public.review_submissions s
    where s.author_id = v_user and s.created_at > now() - interval '24 hours'
  ) >= 5 then
    raise exception 'You can write at most 5 reviews a day. Please try again tomorrow.' using errcode = 'P0001';
  end if;

  insert into public.review_submissions (author_id) values (v_user);
  insert into public.reviews (product_id, author_id, rating, title, body)
  values (p_product_id, v_user, p_rating, trim(p_title), trim(p_body))
  returning * into v_review;
  return v_review;
end;
$$;

comment on function public.create_review(uuid, integer, text, text) is
  'The signed-in customer''s review of a product (one per product; at most 5 new reviews per 24 hours; '
  'not for guests, anonymous sign-ins). '
  'It waits for moderation (pending); author, name, status and verified_purchase are set by the database.';
revoke execute on function public.create_review(p_product_id uuid, p_rating integer, p_title text, p_body text) from public;
grant execute on function public.create_review(p_product_id uuid, p_rating integer, p_title text, p_body text) to anon, authenticated, service_role;

create or replace function public.update_review(p_review_id uuid, p_rating integer, p_title text, p_body text)
returns public.reviews
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_review public.reviews;
begin
  if v_user is null then
    raise exception 'Please sign in to write a review' using errcode = 'P0001';
  end if;
  perform public.review_check_input(p_rating, p_title, p_body);
  update public.reviews r
  set rating = p_rating, title = trim(p_title), body = trim(p_body), status = 'pending', rejection_reason = null
  where r.id = p_review_id and r.author_id = v_user
  returning * into v_review;
  if v_review.id is null then
    raise exception 'Review not found' using errcode = 'P0001';
  end if;
  return v_review;
end;
$$;

comment on function public.update_review(uuid, integer, text, text) is
  'Edits the caller''s own review; the edited review waits for moderation again (pending, no reason).';
revoke execute on function public.update_review(p_review_id uuid, p_rating integer, p_title text, p_body text) from public;
grant execute on function public.update_review(p_review_id uuid, p_rating integer, p_title text, p_body text) to anon, authenticated, service_role;

-- Moderation --------------------------------------------------------------------------------------
create or replace function public.admin_approve_reviews(p_review_ids uuid[])
returns setof public.reviews
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.has_admin_permission('products') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  return query
  update public.reviews r
  set status = 'approved', rejection_reason = null
  where r.id = any (coalesce(p_review_ids, '{}'))
  returning r.*;
end;
$$;

comment on function public.admin_approve_reviews(uuid[]) is
  'Approves the given reviews (one or many) for an administrator with the products permission '
  '(42501 Permission denied otherwise); the products'' rating and review_count follow at once.';
revoke execute on function public.admin_approve_reviews(p_review_ids uuid[]) from public, anon;
grant execute on function public.admin_approve_reviews(p_review_ids uuid[]) to authenticated, service_role;

create or replace function public.admin_reject_reviews(p_review_ids uuid[], p_reason text)
returns setof public.reviews
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.has_admin_permission('products') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  if coalesce(trim(p_reason), '') = '' then
    raise exception 'Please give a reason for rejecting' using errcode = 'P0001';
  end if;
  if char_length(trim(p_reason)) > 500 then
    raise exception 'The reason can be at most 500 characters' using errcode = 'P0001';
  end if;
  return query
  update public.reviews r
  set status = 'rejected', rejection_reason = trim(p_reason)
  where r.id = any (coalesce(p_review_ids, '{}'))
  returning r.*;
end;
$$;

comment on function public.admin_reject_reviews(uuid[], text) is
  'Rejects the given reviews with a reason the author sees, for an administrator with the products '
  'permission (42501 Permission denied otherwise).';
revoke execute on function public.admin_reject_reviews(p_review_ids uuid[], p_reason text) from public, anon;
grant execute on function public.admin_reject_reviews(p_review_ids uuid[], p_reason text) to authenticated, service_role;

-- The moderation queue's product filter as a search: the reviewed products (any status) whose name holds
-- the text (three characters or more) or has a word starting with it (one or two), or whose SKU is the
-- text (either case), a few at a time, for the page's search box: the SKU's product first, then the
-- names by name (as the old list was sorted); with no text, the first names.
-- Products with approved reviews (review_count > 0, a fifth of the scale catalogue) are read in name
-- order from products_reviewed_name_idx alone until enough match, or for a rare text from the names'
-- trigram index (each text planned afresh: EXECUTE; a word's start has trigrams however short, a part
-- of a word needs three letters); those with pending or rejected reviews only are found from the
-- reviews by status. Through all products (products_name_idx) a text that only names late in the
-- alphabet hold ("tactical") read 80,000 entries first: 200 ms on PostgreSQL under load, 40 ms with
-- the reviewed products' index. Ordering by how well a name matches (prefix first) would sort every
-- match: hundreds of milliseconds for a common word.
create index products_reviewed_name_idx on public.products (name, id) where review_count > 0;

create or replace function public.admin_search_review_products(
  p_search text default null,
  p_limit integer default 20
)
returns table (id uuid, name text, sku text)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_needle text := lower(btrim(coalesce(p_search, '')));
  v_limit integer := least(greatest(coalesce(p_limit, 20), 1), 50);
  v_escaped text := replace(replace(replace(v_needle, '\', '\\'), '%', '\%'), '_', '\_');
  v_by_sku uuid;
begin
  if not public.has_admin_permission('products') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  if v_needle <> '' then
    select p.id into v_by_sku
    from public.products p
    where lower(p.sku) = v_needle
      and exists (select 1 from public.reviews r where r.product_id = p.id);
  end if;
  if v_by_sku is not null then
    return query select p.id, p.name, p.sku from public.products p where p.id = v_by_sku;
    v_limit := v_limit - 1;
    if v_limit = 0 then
      return;
    end if;
  end if;
  return query execute $sql$
    with hits as (
      (
        select p.id, p.name
        from public.products p
        where p.review_count > 0
          and (lower(p.name) like $1 or lower(p.name) like $4)
          and ($2::uuid is null or p.id <> $2)
        order by p.name, p.id
        limit $3
      )
      union all
      (
        select p.id, p.name
        from public.products p
        where p.review_count = 0
          and p.id in (select r.product_id from public.reviews r where r.status in ('pending', 'rejected'))
          and (lower(p.name) like $1 or lower(p.name) like $4)
          and ($2::uuid is null or p.id <> $2)
        order by p.name, p.id
        limit $3
      )
    ),
    page as (
      select h.id, h.name from hits h order by h.name, h.id limit $3
    )
    select h.id, h.name, p.sku
    from page h
    join public.products p on p.id = h.id
    order by h.name, h.id
  $sql$ using
    case when char_length(v_needle) >= 3 then '%' || v_escaped || '%' else v_escaped || '%' end,
    v_by_sku,
    v_limit,
    case when char_length(v_needle) < 3 then '% ' || v_escaped || '%' end;
end;
$$;

comment on function public.admin_search_review_products(text, integer) is
  'The reviews page''s product search for an administrator with the products permission (42501 '
  'Permission denied): up to p_limit (1-50, default 20) products with at least one review of any status '
  'whose SKU is p_search (first) or whose name contains it (one or two characters: a word of the name '
  'starts with it; case-insensitive, literal), by name; with no search, the first by name.';
revoke execute on function public.admin_search_review_products(p_search text, p_limit integer) from public, anon;
grant execute on function public.admin_search_review_products(p_search text, p_limit integer) to authenticated, service_role;

-- Reading -----------------------------------------------------------------------------------------
create or replace function public.product_rating_distribution(p_product_id uuid)
returns table (rating integer, review_count integer)
language sql
stable
security definer
set search_path = ''
as $$
  select s.stars, count(r.id)::integer
  from generate_series(5, 1, -1) as s (stars)
  left join public.reviews r
    on r.product_id = p_product_id and r.status = 'approved' and r.rating = s.stars
  group by s.stars
  order by s.stars desc;
$$;

comment on function public.product_rating_distribution(uuid) is
  'How many approved reviews of the product give each number of stars, 5 down to 1 (always five rows).';
revoke execute on function public.product_rating_distribution(p_product_id uuid) from public;
grant execute on function public.product_rating_distribution(p_product_id uuid) to anon, authenticated, service_role;

-- author_id cannot be read through the API (see Grants), so this is how the author finds their review.
create or replace function public.my_review(p_product_id uuid)
returns setof public.reviews
language sql
stable
security definer
set search_path = ''
as $$
  select r.*
  from public.reviews r
  where r.product_id = p_product_id
    and r.author_id = (select auth.uid());
$$;

comment on function public.my_review(uuid) is
  'The signed-in customer''s own review of the product, whatever its status (no row when signed out or '
  'not reviewed): the only way to tell one''s own review apart, since author_id cannot be read.';
revoke execute on function public.my_review(p_product_id uuid) from public;
grant execute on function public.my_review(p_product_id uuid) to anon, authenticated, service_role;

-- Triggers ----------------------------------------------------------------------------------------
create trigger reviews_set_derived
  before insert or update on public.reviews
  for each row execute function public.reviews_set_derived();

-- Only when a statement writes rating, review_count or id (the reviews' refresh writes rating = rating):
-- any other update keeps the figures, which only reviews change, as they were.
create trigger products_set_rating
  before insert or update of rating, review_count, id on public.products
  for each row execute function public.products_set_rating();

create trigger orders_refresh_review_verification
  after update of status, payment_status on public.orders
  for each row
  when ((old.status is distinct from new.status or old.payment_status is distinct from new.payment_status)
    and new.user_id is not null)
  execute function public.orders_refresh_review_verification();

create trigger reviews_refresh_product_rating_insert
  after insert on public.reviews
  referencing new table as new_rows
  for each statement execute function public.reviews_refresh_product_rating();

create trigger reviews_refresh_product_rating_update
  after update on public.reviews
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.reviews_refresh_product_rating();

create trigger reviews_refresh_product_rating_delete
  after delete on public.reviews
  referencing old table as old_rows
  for each statement execute function public.reviews_refresh_product_rating();

-- Row-level security ------------------------------------------------------------------------------
-- review_submissions has no policy, so no API role reads or writes it (service_role bypasses RLS).
create policy reviews_select_approved on public.reviews
  for select to anon
  using (status = 'approved');

create policy reviews_select on public.reviews
  for select to authenticated
  using (
    status = 'approved'
    or author_id = (select auth.uid())
    or (select public.has_admin_permission('products'))
  );

create policy reviews_delete_own on public.reviews
  for delete to authenticated
  using (author_id = (select auth.uid()));

-- Grants ------------------------------------------------------------------------------------------
revoke all on public.reviews, public.review_submissions from anon, authenticated;
-- Approved reviews are public, their author is not: every column but author_id (RLS still uses it).
grant select (
  id, product_id, author_name, rating, title, body, status, rejection_reason, verified_purchase, created_at, updated_at
) on public.reviews to anon, authenticated;
grant delete on public.reviews to authenticated;
grant all on public.reviews, public.review_submissions to service_role;
