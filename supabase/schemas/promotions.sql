-- Discount codes. Staff with the `orders` permission keep them in `promotions` (plain REST writes
-- under row-level security, checked by constraints); shoppers never read the table: they type a code
-- at the cart or checkout and checkout_quote and place_order (orders.sql) judge it with
-- promotion_evaluate, so the database alone decides whether a code applies and what it takes off.
--   * A code is matched case-insensitively (unique on lower(code)) and is one of: a percentage off, a
--     fixed amount off, or free shipping. Optional: a minimum subtotal, a start and an end, a total
--     usage limit, a per-customer limit, and a scope (categories and/or products; empty = the whole
--     shop). A deactivated code is refused like an unknown one.
--   * The discount comes off the goods before tax and never takes them below zero; a scoped code
--     takes its percentage or amount off the lines in scope only. Free shipping waives the shipping.
--   * A use is an order carrying the code that is not cancelled: cancelling or expiring an order gives
--     its use back without any counter to keep. place_order locks the code's row before counting, so
--     concurrent orders racing for the last use give exactly one.

-- Tables ------------------------------------------------------------------------------------------
create table public.promotions (
  id uuid primary key default gen_random_uuid(),
  code text not null check (code ~ '^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$'),
  kind text not null check (kind in ('percent', 'amount', 'free_shipping')),
  value numeric(10, 2),
  min_subtotal numeric(10, 2) check (min_subtotal >= 0),
  starts_at timestamptz,
  ends_at timestamptz,
  usage_limit integer check (usage_limit between 1 and 1000000),
  per_customer_limit integer check (per_customer_limit between 1 and 1000),
  category_ids uuid[] not null default '{}' check (cardinality(category_ids) <= 100),
  product_ids uuid[] not null default '{}' check (cardinality(product_ids) <= 500),
  active boolean not null default true,
  description text not null default '' check (length(description) <= 200),
  created_at timestamptz not null default now(),
  constraint promotions_value_valid check (
    (kind = 'percent' and value > 0 and value <= 100)
    or (kind = 'amount' and value > 0 and value <= 100000)
    or (kind = 'free_shipping' and value is null)
  ),
  constraint promotions_dates_valid check (starts_at is null or ends_at is null or ends_at > starts_at)
);

alter table public.promotions enable row level security;

comment on table public.promotions is
  'Discount codes (case-insensitive code; percent, amount or free_shipping; optional minimum subtotal, '
  'start, end, usage limits and scope). Read and written only by staff with the orders permission; '
  'checkout_quote and place_order apply them through promotion_evaluate.';
comment on column public.promotions.value is
  'percent: 0.01-100 (percent off the goods in scope); amount: money off the goods in scope (at most '
  'their total); free_shipping: null.';
comment on column public.promotions.category_ids is
  'Scope: the code applies to lines of products in these categories or listed in product_ids; both '
  'empty = every product.';
comment on column public.promotions.usage_limit is
  'Orders that may carry the code in all (cancelled orders do not count); null = no limit.';
comment on column public.promotions.per_customer_limit is
  'Orders one customer (account, or e-mail address for a guest) may carry the code; null = no limit.';

create unique index promotions_code_lower_key on public.promotions (lower(code));

-- Functions ---------------------------------------------------------------------------------------
-- The one judge of a code, shared by checkout_quote and place_order. p_lines are checkout_lines rows
-- as JSON ({product_id, line_total, ...}). Returns no row for a blank code, else one row: the code as
-- staff wrote it, the discount off the goods and whether shipping is waived, or the refusal.
create or replace function public.promotion_evaluate(
  p_code text,
  p_lines jsonb,
  p_user uuid,
  p_email text,
  p_lock boolean default false
)
returns table (promotion_id uuid, code text, kind text, discount numeric, free_shipping boolean, problem text)
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_code text := btrim(coalesce(p_code, ''));
  v_promo public.promotions;
  v_subtotal numeric;
  v_eligible numeric;
  v_in_scope boolean;
  v_used integer;
  v_discount numeric := 0;
begin
  if v_code = '' then
    return;
  end if;
  if length(v_code) <= 32 then
    select * into v_promo from public.promotions pr where lower(pr.code) = lower(v_code);
    -- Orders counting the code's uses wait for each other here (after their products, which every
    -- checkout locks first), so the count below sees every order placed before.
    if found and p_lock and (v_promo.usage_limit is not null or v_promo.per_customer_limit is not null) then
      select * into v_promo from public.promotions pr where pr.id = v_promo.id for update;
    end if;
  end if;
  if v_promo.id is null or not v_promo.active then
    return query select null::uuid, v_code, null::text, 0::numeric, false,
      format('"%s" is not a valid discount code', v_code);
    return;
  end if;

  promotion_id := v_promo.id;
  code := v_promo.code;
  kind := v_promo.kind;
  discount := 0;
  free_shipping := false;

  if v_promo.starts_at is not null and v_promo.starts_at > now() then
    problem := format('The discount code "%s" is not active yet', v_promo.code);
  elsif v_promo.ends_at is not null and v_promo.ends_at <= now() then
    problem := format('The discount code "%s" has expired', v_promo.code);
  end if;

  if problem is null and v_promo.usage_limit is not null then
    select count(*) into v_used
    from public.orders o
    where o.promotion_id = v_promo.id and o.status <> 'cancelled';
    if v_used >= v_promo.usage_limit then
      problem := format('The discount code "%s" has been used up', v_promo.code);
    end if;
  end if;

  if problem is null and v_promo.per_customer_limit is not null
    and (p_user is not null or nullif(btrim(coalesce(p_email, '')), '') is not null) then
    select count(*) into v_used
    from public.orders o
    where o.promotion_id = v_promo.id and o.status <> 'cancelled'
      and (o.user_id = p_user or lower(o.email) = lower(btrim(p_email)));
    if v_used >= v_promo.per_customer_limit then
      problem := case
        when v_promo.per_customer_limit = 1 then format('You have already used the discount code "%s"', v_promo.code)
        else format('You have already used the discount code "%s" %s times, the most allowed',
          v_promo.code, v_promo.per_customer_limit)
      end;
    end if;
  end if;

  select coalesce(sum((l ->> 'line_total')::numeric), 0),
    coalesce(sum((l ->> 'line_total')::numeric) filter (where s.in_scope), 0),
    coalesce(bool_or(s.in_scope), false)
  into v_subtotal, v_eligible, v_in_scope
  from jsonb_array_elements(case when jsonb_typeof(p_lines) = 'array' then p_lines else '[]'::jsonb end) l
  left join public.products pr
    on (l ->> 'product_id') is not null and pr.id = (l ->> 'product_id')::uuid
  cross join lateral (
    select pr.id is not null and (
      (cardinality(v_promo.category_ids) = 0 and cardinality(v_promo.product_ids) = 0)
      or pr.category_id = any (v_promo.category_ids)
      or pr.id = any (v_promo.product_ids)
    ) as in_scope
  ) s;

  if problem is null and not v_in_scope then
    problem := format('The discount code "%s" does not apply to the products in your cart', v_promo.code);
  end if;
  if problem is null and v_promo.min_subtotal is not null and v_subtotal < v_promo.min_subtotal then
    problem := format('The discount code "%s" needs a subtotal of at least $%s', v_promo.code,
      to_char(v_promo.min_subtotal, 'FM999999990.00'));
  end if;

  if problem is null then
    if v_promo.kind = 'percent' then
      v_discount := round(v_eligible * v_promo.value / 100, 2);
    elsif v_promo.kind = 'amount' then
      v_discount := v_promo.value;
    end if;
    discount := greatest(least(v_discount, v_eligible, v_subtotal), 0);
    free_shipping := v_promo.kind = 'free_shipping';
  end if;
  return next;
end;
$$;

comment on function public.promotion_evaluate(text, jsonb, uuid, text, boolean) is
  'Internal: judges discount code p_code (trimmed, case-insensitive) for the checkout lines p_lines '
  '[{product_id, line_total}] of customer p_user / p_email. No row for a blank code; else one row with '
  'the promotion, the code as staff wrote it, its kind, the discount off the goods (percent or amount of '
  'the lines in scope, never more than they cost), free_shipping, and problem: the refusal (P0001 text) '
  'or null. Refusals: unknown or deactivated, not active yet, expired, used up (orders carrying it that '
  'are not cancelled), the customer''s own limit, nothing in scope, below the minimum subtotal. With '
  'p_lock, a code with a usage limit is locked first so concurrent orders count each other.';
revoke execute on function public.promotion_evaluate(p_code text, p_lines jsonb, p_user uuid, p_email text, p_lock boolean) from public, anon, authenticated;

-- Each code's uses (orders carrying it that are not cancelled) and the revenue it brought (the totals
-- of those orders that count as sales, order_sale_status), for the promotions list and the dashboard.
create or replace function public.admin_promotion_stats()
returns table (promotion_id uuid, uses integer, revenue numeric, discount_total numeric)
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
    select p.id,
      count(o.id) filter (where o.status <> 'cancelled')::integer,
      coalesce(sum(o.total_amount) filter (
        where public.order_sale_status(o.status, o.payment_status) <> 'cancelled'), 0)::numeric,
      coalesce(sum(o.discount_amount) filter (
        where public.order_sale_status(o.status, o.payment_status) <> 'cancelled'), 0)::numeric
    from public.promotions p
    left join public.orders o on o.promotion_id = p.id
    group by p.id;
end;
$$;

comment on function public.admin_promotion_stats() is
  'Per discount code (orders permission): uses (orders carrying it that are not cancelled), revenue (the '
  'totals of those orders that count as sales: not cancelled, returned or refunded) and the discounts '
  'they gave.';
revoke execute on function public.admin_promotion_stats() from public, anon;
grant execute on function public.admin_promotion_stats() to authenticated, service_role;

-- Row-level security ------------------------------------------------------------------------------
create policy promotions_select on public.promotions
  for select to authenticated
  using ((select public.has_admin_permission('orders')));

create policy promotions_insert on public.promotions
  for insert to authenticated
  with check ((select public.has_admin_permission('orders')));

create policy promotions_update on public.promotions
  for update to authenticated
  using ((select public.has_admin_permission('orders')))
  with check ((select public.has_admin_permission('orders')));

create policy promotions_delete on public.promotions
  for delete to authenticated
  using ((select public.has_admin_permission('orders')));

-- Grants ------------------------------------------------------------------------------------------
revoke all on public.promotions from anon, authenticated;
grant select, insert, update, delete on public.promotions to authenticated;
grant all on public.promotions to service_role;
