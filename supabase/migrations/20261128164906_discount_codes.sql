-- Discount codes (issue 29): the promotions table, promotion_evaluate and admin_promotion_stats, the
-- order's code and discount, and the audit log's promotion entries.
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

-- The order's code and discount.
alter table public.orders
  add column promotion_id uuid references public.promotions (id) on delete set null,
  add column discount_code text,
  add column discount_amount numeric(10, 2) not null default 0 check (discount_amount >= 0);

alter table public.orders drop constraint orders_total_amount_breakdown;
alter table public.orders add constraint orders_total_amount_breakdown
  check (total_amount = subtotal - discount_amount + shipping_amount + tax_amount);
alter table public.orders add constraint orders_discount_within check (discount_amount <= subtotal + shipping_amount);

comment on column public.orders.discount_code is
  'The discount code the order used, as staff wrote it (kept when the code is deleted; promotion_id then '
  'becomes null). discount_amount is what it took off: from the goods before tax, plus the shipping for '
  'a free-shipping code; total_amount = subtotal - discount_amount + shipping_amount + tax_amount.';

create index orders_promotion_id_idx on public.orders (promotion_id, status) where promotion_id is not null;

-- Staff changes to codes go into the audit log.
alter table public.audit_log drop constraint audit_log_entity_check;
alter table public.audit_log add constraint audit_log_entity_check
  check (entity in ('product', 'lot', 'category', 'subcategory', 'settings', 'administrator', 'page', 'promotion'));

create trigger promotions_audit
  after insert or update or delete on public.promotions
  for each row execute function public.audit_record('promotion', 'code', '', 'created_at');

-- Checkout with a discount code: the totals rule, then checkout_quote and place_order take the code.
-- With a discount code: the discount comes off the goods before tax (tax is order_totals' tax of the
-- discounted goods); shipping stays that of the whole subtotal, so the cart's free-shipping message holds
-- whatever code is typed; a free-shipping code adds the shipping to the discount.
create or replace function public.order_totals_discounted(
  p_subtotal numeric,
  p_discount numeric,
  p_free_shipping boolean,
  p_shipping_method text default 'standard'
)
returns table (subtotal numeric, discount numeric, shipping numeric, tax numeric, total numeric)
language sql
stable
set search_path = ''
as $$
  select f.subtotal, d.goods + d.waived, f.shipping, g.tax, f.subtotal - d.goods - d.waived + f.shipping + g.tax
  from public.order_totals(p_subtotal, p_shipping_method) f
  cross join lateral (
    select least(greatest(round(coalesce(p_discount, 0), 2), 0), f.subtotal) as goods,
      case when coalesce(p_free_shipping, false) then f.shipping else 0 end as waived
  ) d
  cross join lateral public.order_totals(f.subtotal - d.goods, p_shipping_method) g;
$$;

comment on function public.order_totals_discounted(numeric, numeric, boolean, text) is
  'Internal: order_totals with a discount: p_discount comes off the subtotal before tax (at most the '
  'subtotal, never below zero), shipping is that of the undiscounted subtotal and is added to the '
  'discount when p_free_shipping; total = subtotal - discount + shipping + tax. No row for an unknown '
  'shipping method.';
revoke execute on function public.order_totals_discounted(p_subtotal numeric, p_discount numeric, p_free_shipping boolean, p_shipping_method text) from public, anon, authenticated;

drop function public.checkout_quote(jsonb);

create or replace function public.checkout_quote(p_lines jsonb, p_discount_code text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_quote jsonb;
  v_lines jsonb;
  v_user uuid := (select auth.uid());
  v_promo record;
begin
  perform public.checkout_assert_cart_size(p_lines);
  select coalesce(jsonb_agg(to_jsonb(l)), '[]'::jsonb) into v_lines from public.checkout_lines(p_lines) l;
  select e.* into v_promo
  from public.promotion_evaluate(
    p_discount_code, v_lines, v_user,
    (select u.email from auth.users u where u.id = v_user and not coalesce(u.is_anonymous, false))
  ) e;
  with lines as (
    select * from public.checkout_lines(p_lines)
  ),
  totals as (
    select t.* from public.order_totals_discounted(
      (select coalesce(sum(l.line_total), 0) from lines l),
      case when v_promo.problem is null then v_promo.discount end,
      v_promo.problem is null and coalesce(v_promo.free_shipping, false)
    ) t
  )
  select jsonb_build_object(
    'lines', coalesce((
      select jsonb_agg(jsonb_build_object(
        'product_id', l.product_id, 'name', l.name, 'slug', l.slug, 'image_url', l.image_url,
        'unit_price', l.unit_price, 'original_price', l.original_price, 'quantity', l.quantity,
        'stock_count', l.stock_count, 'in_stock', l.in_stock, 'purchase_limit', l.purchase_limit,
        'line_total', l.line_total, 'available', l.available, 'problem', l.problem
      ) order by l.line_position)
      from lines l
    ), '[]'::jsonb),
    'subtotal', t.subtotal, 'shipping', t.shipping, 'tax', t.tax, 'total', t.total,
    'discount', t.discount,
    'discount_code', case when v_promo.problem is null then v_promo.code end,
    'discount_problem', v_promo.problem
  )
  into v_quote
  from totals t;
  return v_quote;
end;
$$;

comment on function public.checkout_quote(jsonb, text) is
  'What the cart [{product_id, quantity}] costs now: each line with the current name, price, stock, '
  'purchase limit, line total, available and problem (the message place_order would raise, or null), '
  'plus subtotal, discount, shipping, tax and total (order_totals_discounted). With p_discount_code: '
  'discount_code (as staff wrote it) and the discount when it applies, else discount_problem (the '
  'refusal place_order would raise; a per-customer limit is judged for a signed-in customer). A cart '
  'over place_order''s limits (more than 100 lines, a quantity above 999) is refused with P0001 before '
  'any work. Reads only; anyone may call it.';
revoke execute on function public.checkout_quote(p_lines jsonb, p_discount_code text) from public;
grant execute on function public.checkout_quote(p_lines jsonb, p_discount_code text) to anon, authenticated, service_role;

drop function public.place_order(jsonb, jsonb, text, text, uuid, text);

create or replace function public.place_order(
  p_lines jsonb,
  p_shipping_address jsonb,
  p_shipping_method text default 'standard',
  p_payment_method text default 'bank_transfer',
  p_idempotency_key uuid default null,
  p_email text default null,
  p_discount_code text default null
)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_email text;
  v_anonymous boolean;
  v_order public.orders;
  v_address jsonb;
  v_payment_status text;
  v_lines jsonb;
  v_problem text;
  v_totals record;
  v_promo record;
begin
  if v_user is null then
    raise exception 'Please sign in to place an order' using errcode = 'P0001';
  end if;
  select u.email, u.is_anonymous into v_email, v_anonymous from auth.users u where u.id = v_user;
  if not found then
    raise exception 'Please sign in to place an order' using errcode = 'P0001';
  end if;

  -- The same attempt again (double click, retried request) waits for the first to finish, then gets
  -- its order; the unique (user_id, idempotency_key) constraint backs this up.
  if p_idempotency_key is not null then
    perform pg_advisory_xact_lock(hashtextextended('place_order:' || v_user::text || ':' || p_idempotency_key::text, 0));
    select * into v_order from public.orders o where o.user_id = v_user and o.idempotency_key = p_idempotency_key;
    if found then
      return v_order;
    end if;
  end if;

  if jsonb_typeof(p_lines) is distinct from 'array' or jsonb_array_length(p_lines) = 0 then
    raise exception 'Your cart is empty' using errcode = 'P0001';
  end if;
  if jsonb_array_length(p_lines) > 100 then
    raise exception 'An order can hold at most 100 lines' using errcode = 'P0001';
  end if;
  v_address := public.checkout_shipping_address(p_shipping_address);
  if v_address is null then
    raise exception 'Please complete the shipping address' using errcode = 'P0001';
  end if;
  -- A guest (anonymous sign-in) has no e-mail of its own: the order's e-mails go to the one given here.
  if v_anonymous then
    v_email := public.email_plain_normalised(p_email);
    if v_email is null then
      raise exception 'Please enter a valid e-mail address' using errcode = 'P0001';
    end if;
  end if;
  if not exists (select 1 from public.order_totals(0, p_shipping_method)) then
    raise exception 'Please choose a shipping method' using errcode = 'P0001';
  end if;
  v_payment_status := public.initial_payment_status(p_payment_method);
  if v_payment_status is null then
    raise exception 'Please choose a payment method' using errcode = 'P0001';
  end if;

  -- Lock the products in id order (every checkout and cancellation does), then judge the lines on the
  -- locked, current rows.
  perform 1
  from public.products pr
  where pr.id in (select l.product_id from public.checkout_lines(p_lines) l where l.product_id is not null)
  order by pr.id
  for update;

  select jsonb_agg(to_jsonb(l) order by l.line_position) into v_lines from public.checkout_lines(p_lines) l;
  select l ->> 'problem' into v_problem
  from jsonb_array_elements(v_lines) l
  where l ->> 'problem' is not null
  order by (l ->> 'line_position')::integer
  limit 1;
  if v_problem is not null then
    raise exception '%', v_problem using errcode = 'P0001';
  end if;

  -- One discount code per order, judged on the locked lines; a code with limits is locked after the
  -- products, so orders racing for its last use count each other.
  select e.* into v_promo from public.promotion_evaluate(p_discount_code, v_lines, v_user, v_email, true) e;
  if v_promo.problem is not null then
    raise exception '%', v_promo.problem using errcode = 'P0001';
  end if;

  select t.* into v_totals
  from public.order_totals_discounted(
    (select sum((l ->> 'line_total')::numeric) from jsonb_array_elements(v_lines) l),
    v_promo.discount, coalesce(v_promo.free_shipping, false), p_shipping_method
  ) t;

  insert into public.orders (
    user_id, email, status, payment_status, payment_method, shipping_method, subtotal, shipping_amount,
    tax_amount, total_amount, shipping_address, idempotency_key, promotion_id, discount_code, discount_amount
  )
  values (
    v_user, v_email, 'pending', v_payment_status, p_payment_method, p_shipping_method, v_totals.subtotal,
    v_totals.shipping, v_totals.tax, v_totals.total, v_address, p_idempotency_key, v_promo.promotion_id,
    v_promo.code, v_totals.discount
  )
  returning * into v_order;

  insert into public.order_items (order_id, product_id, product_name, unit_price, quantity)
  select v_order.id, (l ->> 'product_id')::uuid, l ->> 'name', (l ->> 'unit_price')::numeric,
    (l ->> 'quantity')::integer
  from jsonb_array_elements(v_lines) l
  order by (l ->> 'line_position')::integer;

  -- Products with lots: each line from its lots, first expiry first out (the lots trigger keeps
  -- stock_count); the others: their plain stock.
  perform public.order_allocate_lots(v_order.id);

  update public.products pr
  set stock_count = pr.stock_count - (l ->> 'quantity')::integer,
      in_stock = pr.stock_count - (l ->> 'quantity')::integer > 0
  from jsonb_array_elements(v_lines) l
  where pr.id = (l ->> 'product_id')::uuid
    and not exists (select 1 from public.product_lots pl where pl.product_id = pr.id);

  perform public.order_event_add(v_order.id, 'placed', null, 'pending', 'customer');

  return v_order;
end;
$$;

comment on function public.place_order(jsonb, jsonb, text, text, uuid, text, text) is
  'The only way to create an order. For the signed-in user (a guest too: an anonymous sign-in, whose '
  'order e-mail is p_email, required and a plain address), in one transaction: locks the products of '
  'p_lines [{product_id, quantity}] in id order, refuses the whole order when any line is unknown, out of '
  'stock, short of stock, over its purchase_limit or has a bad quantity (P0001 with the message), '
  'prices every line from products, writes the order (totals from order_totals, e-mail from auth.users, '
  'or p_email for a guest, payment status from initial_payment_status) and its items, takes the lines of products with lots from '
  'their usable lots first-expiry-first-out (order_allocate_lots: out of stock when the unexpired lots '
  'cannot cover a line) and decrements the plain stock of the others (in_stock false at 0), writes a '
  'placed event and returns the order. p_discount_code: one discount code (promotion_evaluate, its row locked '
  'when it has usage limits), refused with its own P0001 message, recorded on the order with the discount '
  '(order_totals_discounted: off the goods before tax, never below zero). The same p_idempotency_key again '
  'returns the existing order and writes nothing.';
revoke execute on function public.place_order(p_lines jsonb, p_shipping_address jsonb, p_shipping_method text, p_payment_method text, p_idempotency_key uuid, p_email text, p_discount_code text) from public;
grant execute on function public.place_order(p_lines jsonb, p_shipping_address jsonb, p_shipping_method text, p_payment_method text, p_idempotency_key uuid, p_email text, p_discount_code text) to anon, authenticated, service_role;

-- The order e-mails name the code and the discount.
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
