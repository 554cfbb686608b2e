-- Orders and checkout, written only by the database.
-- Customers never insert or update orders, lines or history over REST: anon and authenticated hold only
-- SELECT (their own rows, by policy). place_order is the one way in: it reads every price and name from
-- products under row locks taken in product-id order (two checkouts never deadlock), enforces the
-- purchase limits and the stock, computes the money with order_totals (the same rules as cartTotals in
-- shared/src/domain/pricing.ts, which checkout_quote also uses), and records the order's history in
-- order_events. An idempotency key chosen by the browser makes a repeated submit return the first
-- order. Status and payment moves follow fixed graphs (order_status_move_allowed,
-- payment_status_move_allowed), enforced by a trigger whoever updates the row; customers may cancel a
-- pending order (cancel_order, which restocks), staff with the `orders` permission move orders on.
-- Payment is manual (bank transfer or cash on delivery, an administrator marks it paid) or by card through
-- Stripe Checkout, settled only by Stripe's signed webhook (the stripe_* functions at the end). Messages
-- raised with SQLSTATE P0001 are shown to shoppers as they are; 42501 means no permission.

-- Tables ------------------------------------------------------------------------------------------
-- Human order numbers: RS- and ten random characters (RS-7KQ4M-2XPZ9), so they say nothing about how
-- many orders the shop takes; orders placed before keep their sequential RS-1000xx numbers.
create or replace function public.order_number_new()
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  v_hex text;
  v_bits bigint;
  v_chars text;
begin
  loop
    -- 52 random bits of a v4 UUID: the 12 hex digits before its version digit and the one after it.
    v_hex := replace(gen_random_uuid()::text, '-', '');
    v_bits := ('x' || left(v_hex, 12) || substr(v_hex, 14, 1))::bit(52)::bigint;
    v_chars := '';
    for i in 1..10 loop
      v_chars := v_chars || substr(v_alphabet, (v_bits % 32)::integer + 1, 1);
      v_bits := v_bits / 32;
    end loop;
    exit when not exists (
      select 1 from public.orders o where o.order_number = 'RS-' || left(v_chars, 5) || '-' || right(v_chars, 5)
    );
  end loop;
  return 'RS-' || left(v_chars, 5) || '-' || right(v_chars, 5);
end;
$$;

comment on function public.order_number_new() is
  'Internal: a free order number RS-XXXXX-XXXXX (ten random Crockford base32 characters; the default of '
  'orders.order_number); random so that numbers say nothing about how many orders there are.';
revoke execute on function public.order_number_new() from public, anon, authenticated;

-- Tracking: the carrier and tracking number staff enter when they ship (admin_ship_order), and the
-- carrier's tracking page for them (orders.tracking_url, generated).
create or replace function public.order_tracking_url(p_carrier text, p_tracking_number text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case p_carrier
    when 'ups' then 'https://www.ups.com/track?tracknum=' || t.n
    when 'usps' then 'https://tools.usps.com/go/TrackConfirmAction?tLabels=' || t.n
    when 'fedex' then 'https://www.fedex.com/fedextrack/?trknbr=' || t.n
    when 'dhl' then 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=' || t.n
  end
  from (select pg_catalog.regexp_replace(p_tracking_number, '[^A-Za-z0-9]', '', 'g') as n) t
  where p_tracking_number is not null;
$$;

comment on function public.order_tracking_url(text, text) is
  'The carrier''s tracking page for a tracking number (ups, usps, fedex, dhl; null for other carriers or '
  'no number). Pure; anyone may call it.';

-- The guest's link to an order: 64 hex digits from two v4 UUIDs (244 random bits from the server's
-- cryptographic generator), so it cannot be guessed; order_lookup reads the one order it names.
create or replace function public.order_lookup_token_new()
returns text
language sql
volatile
set search_path = ''
as $$
  select replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
$$;

comment on function public.order_lookup_token_new() is
  'Internal: a new orders.lookup_token, 64 hex digits holding 244 random bits (two v4 UUIDs).';
revoke execute on function public.order_lookup_token_new() from public, anon, authenticated;

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete set null,
  status text not null default 'pending'
    check (status in ('pending', 'processing', 'shipped', 'completed', 'cancelled', 'returned')),
  total_amount numeric(10, 2) not null check (total_amount >= 0),
  created_at timestamptz not null default now(),
  order_number text not null default public.order_number_new(),
  email text,
  payment_status text not null default 'awaiting_payment'
    check (payment_status in ('awaiting_payment', 'paid', 'refund_pending', 'refunded')),
  payment_method text not null default 'bank_transfer'
    check (payment_method in ('bank_transfer', 'cash_on_delivery', 'card')),
  shipping_method text not null default 'standard' check (shipping_method in ('standard')),
  subtotal numeric(10, 2) not null default 0 check (subtotal >= 0),
  shipping_amount numeric(10, 2) not null default 0 check (shipping_amount >= 0),
  tax_amount numeric(10, 2) not null default 0 check (tax_amount >= 0),
  shipping_address jsonb check (shipping_address is null or jsonb_typeof(shipping_address) = 'object'),
  idempotency_key uuid,
  updated_at timestamptz not null default now(),
  stripe_checkout_session_id text,
  stripe_payment_intent_id text,
  refunded_amount numeric(10, 2) not null default 0 check (refunded_amount >= 0),
  shipping_carrier text,
  tracking_number text,
  tracking_url text generated always as (public.order_tracking_url(shipping_carrier, tracking_number)) stored,
  lookup_token text not null default public.order_lookup_token_new(),
  promotion_id uuid references public.promotions (id) on delete set null,
  discount_code text,
  discount_amount numeric(10, 2) not null default 0 check (discount_amount >= 0),
  constraint orders_order_number_key unique (order_number),
  constraint orders_tracking_valid check (
    (shipping_carrier is null and tracking_number is null)
    or (shipping_carrier in ('ups', 'usps', 'fedex', 'dhl', 'other')
      and tracking_number ~ '^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$')
  ),
  constraint orders_lookup_token_key unique (lookup_token),
  constraint orders_user_id_idempotency_key_key unique (user_id, idempotency_key),
  constraint orders_total_amount_breakdown
    check (total_amount = subtotal - discount_amount + shipping_amount + tax_amount),
  constraint orders_discount_within check (discount_amount <= subtotal + shipping_amount)
);

alter table public.orders enable row level security;

comment on table public.orders is
  'Customer orders, written only by place_order and the order functions (never directly over REST).';

comment on column public.orders.order_number is
  'Human order number: RS-XXXXX-XXXXX, random (order_number_new), for new orders; older orders keep '
  'their sequential RS-1000xx numbers.';

comment on column public.orders.email is
  'Where the order''s e-mails go: the account''s e-mail at order time (copied from auth.users), or for a '
  'guest (anonymous sign-in) the address given at checkout.';

comment on column public.orders.lookup_token is
  'The secret of the order''s lookup link (/order-status?token=...): random, unique, read by '
  'order_lookup. Readable by whoever may read the order anyway (its owner, staff with orders).';

comment on column public.orders.shipping_address is
  '{full_name, line1, line2, city, region, postal_code, country, phone}, trimmed strings (line2 may be "").';

comment on column public.orders.tracking_number is
  'The carrier''s tracking number (with shipping_carrier: ups, usps, fedex, dhl or other), set when staff '
  'ship the order (admin_ship_order); tracking_url is the carrier''s page for it.';

comment on column public.orders.discount_code is
  'The discount code the order used, as staff wrote it (kept when the code is deleted; promotion_id then '
  'becomes null). discount_amount is what it took off: from the goods before tax, plus the shipping for '
  'a free-shipping code; total_amount = subtotal - discount_amount + shipping_amount + tax_amount.';

comment on column public.orders.idempotency_key is
  'Chosen by the browser per checkout attempt; the same (user_id, idempotency_key) never makes a second order.';

create table public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  product_id uuid references public.products (id) on delete set null,
  product_name text not null,
  unit_price numeric(10, 2) not null check (unit_price >= 0),
  quantity integer not null check (quantity > 0),
  created_at timestamptz not null default now()
);

alter table public.order_items enable row level security;

comment on table public.order_items is 'Order lines with the product name and unit price at the time of order.';

create table public.order_events (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  kind text not null check (kind in ('placed', 'status_changed', 'payment_changed', 'cancelled')),
  from_value text,
  to_value text,
  actor_id uuid,
  actor_email text,
  actor_role text not null check (actor_role in ('customer', 'admin', 'system', 'stripe')),
  note text,
  created_at timestamptz not null default now()
);

alter table public.order_events enable row level security;

comment on table public.order_events is
  'History of an order (placed, status and payment changes, cancellation) with who did it; written only '
  'by the order functions.';

-- Which administrator made an event, apart from order_events: a customer reads their own order's history,
-- and row-level security cannot hide columns of the rows it shows, nor can column privileges tell a
-- customer from an administrator (both are authenticated). Only staff with `orders` read this table.
create table public.order_event_staff (
  -- Deferred: the event row is stored after its BEFORE trigger has written this one.
  event_id uuid primary key references public.order_events (id) on delete cascade deferrable initially deferred,
  actor_id uuid,
  actor_email text
);

alter table public.order_event_staff enable row level security;

comment on table public.order_event_staff is
  'Which administrator made an order event (order_events with actor_role admin); read only by '
  'administrators with the orders permission, written only by the order_events trigger.';

create table public.order_item_lots (
  id uuid primary key default gen_random_uuid(),
  order_item_id uuid not null references public.order_items (id) on delete cascade,
  lot_id uuid references public.product_lots (id) on delete set null,
  lot_code text not null,
  best_before date,
  received_on date,
  quantity integer not null check (quantity > 0),
  returned_at timestamptz,
  created_at timestamptz not null default now()
);

alter table public.order_item_lots enable row level security;

comment on table public.order_item_lots is
  'Which lots an order line took and how many of each (written by place_order); the lot''s code and '
  'dates are copied so a deleted lot can be given back on cancelling. returned_at: when cancelling put '
  'the quantity back.';

-- Indexes: the owner policy, the dashboard's newest orders and figures, the back office's order list
-- (status, payment status, search by number or e-mail), a line's product, an order's history and lots.
create index orders_user_id_idx on public.orders (user_id);

create index orders_created_at_idx on public.orders (created_at desc);

create index order_items_product_id_idx on public.order_items (product_id);

create index orders_status_created_at_idx on public.orders (status, created_at desc);

create index orders_payment_status_idx on public.orders (payment_status);

create index orders_order_number_lower_trgm_idx on public.orders using gin (lower(order_number) extensions.gin_trgm_ops);

create index orders_email_lower_trgm_idx on public.orders using gin (lower(email) extensions.gin_trgm_ops);

create index order_events_order_id_created_at_idx on public.order_events (order_id, created_at);

create index order_item_lots_order_item_id_idx on public.order_item_lots (order_item_id);

create index order_item_lots_lot_id_idx on public.order_item_lots (lot_id);


-- A discount code's uses (promotion_evaluate counts them under the code's lock).
create index orders_promotion_id_idx on public.orders (promotion_id, status) where promotion_id is not null;

-- Orders by date with what the dashboard sums, so its scans never visit the table.
create index orders_created_at_figures_idx on public.orders (created_at)
  include (status, payment_status, total_amount, user_id);

-- The orders that used a discount code, by date, for the analytics' discount-code use.
create index orders_discounted_created_at_idx on public.orders (created_at)
  include (promotion_id, discount_code, discount_amount, total_amount, status, payment_status)
  where discount_code is not null;

-- The orders that are not sales (cancelled, returned, refunded, refund due) by date, for the analytics'
-- cancellations and refunds (a few percent of all orders).
create index orders_not_sales_idx on public.orders (created_at)
  include (status, payment_status, total_amount)
  where status in ('cancelled', 'returned') or payment_status in ('refunded', 'refund_pending');

-- Order lines by order with what top products sums.
create index order_items_order_id_figures_idx on public.order_items (order_id)
  include (product_id, quantity, unit_price);

-- Functions ---------------------------------------------------------------------------------------
-- Rules: status and payment moves -----------------------------------------------------------------
-- What counts as sold (the dashboard's revenue, a customer's total spent). No SET clause and qualified
-- names only, so the planner inlines it into the dashboard's scans.
create or replace function public.order_sale_status(p_status text, p_payment_status text)
returns text
language sql
immutable
parallel safe
as $$
  select case
    when p_status in ('cancelled', 'returned') or p_payment_status in ('refunded', 'refund_pending')
      then 'cancelled'
    else p_status
  end;
$$;

comment on function public.order_sale_status(text, text) is
  'The status the revenue figures use: ''cancelled'' for an order that is not a sale (cancelled, '
  'returned, refunded or owed a refund), else its status. Pure; anyone may call it.';

create or replace function public.order_status_move_allowed(p_from text, p_to text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select (p_from, p_to) in (
    ('pending', 'processing'),
    ('processing', 'shipped'),
    ('shipped', 'completed'),
    ('pending', 'cancelled'),
    ('processing', 'cancelled'),
    ('shipped', 'cancelled'),
    ('shipped', 'returned'),
    ('completed', 'returned')
  );
$$;

comment on function public.order_status_move_allowed(text, text) is
  'True for the allowed order status moves: pending→processing→shipped→completed, pending or '
  'processing→cancelled, shipped→cancelled (a pay-on-delivery order refused at the door, checked by '
  'orders_guard_moves) and shipped or completed→returned. Mirrored by ALLOWED_STATUS_MOVES in '
  'shared/src/domain/orders.ts.';
revoke execute on function public.order_status_move_allowed(p_from text, p_to text) from public, anon, authenticated;

create or replace function public.payment_status_move_allowed(p_order_status text, p_from text, p_to text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when (p_from, p_to) in (('paid', 'refunded'), ('paid', 'refund_pending'), ('refund_pending', 'refunded'))
      then true
    when (p_from, p_to) = ('awaiting_payment', 'paid') then p_order_status not in ('cancelled', 'returned')
    -- A card payment that came in after the order was cancelled: owed back (stripe_mark_paid).
    when (p_from, p_to) = ('awaiting_payment', 'refund_pending') then p_order_status in ('cancelled', 'returned')
    else false
  end;
$$;

comment on function public.payment_status_move_allowed(text, text, text) is
  'True for the allowed payment moves: awaiting_payment→paid (not on a cancelled or returned order), '
  'paid→refunded, paid→refund_pending (a paid order cancelled or returned: the shop owes a refund), '
  'awaiting_payment→refund_pending (only on a cancelled or returned order: a card payment that arrived '
  'after the cancellation, stripe_mark_paid) and refund_pending→refunded.';
revoke execute on function public.payment_status_move_allowed(p_order_status text, p_from text, p_to text) from public, anon, authenticated;

create or replace function public.orders_guard_moves()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if new.status is distinct from old.status
     and not public.order_status_move_allowed(old.status, new.status) then
    raise exception 'Cannot move an order from % to %', old.status, new.status using errcode = 'P0001';
  end if;
  -- Goods leave only once paid, except pay on delivery, which is paid at the door.
  if new.status is distinct from old.status and new.status in ('shipped', 'completed')
     and new.payment_status <> 'paid' and new.payment_method <> 'cash_on_delivery' then
    raise exception 'Mark the order as paid before it is %', new.status using errcode = 'P0001';
  end if;
  if old.status = 'shipped' and new.status = 'cancelled' and new.payment_method <> 'cash_on_delivery' then
    raise exception 'Only a pay-on-delivery order can be refused at the door; record a return instead'
      using errcode = 'P0001';
  end if;
  if new.payment_status is distinct from old.payment_status
     and not public.payment_status_move_allowed(old.status, old.payment_status, new.payment_status) then
    raise exception 'Cannot change the payment from % to %', old.payment_status, new.payment_status
      using errcode = 'P0001';
  end if;
  -- An update that sets updated_at itself (the seed) keeps it; any other update stamps now().
  if new.updated_at is not distinct from old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end;
$$;

comment on function public.orders_guard_moves() is
  'Trigger: refuses order status and payment status moves outside the allowed paths, shipping or '
  'completing an order that is neither paid nor pay on delivery, and cancelling a shipped order that is '
  'not pay on delivery, whoever updates the row (functions, service role, owner); stamps updated_at '
  'unless the update sets it.';
revoke execute on function public.orders_guard_moves() from public, anon, authenticated;

-- Rules: money ------------------------------------------------------------------------------------
create or replace function public.order_totals(p_subtotal numeric, p_shipping_method text default 'standard')
returns table (subtotal numeric, shipping numeric, tax numeric, total numeric)
language sql
stable
parallel safe
set search_path = ''
as $$
  select s.subtotal, s.shipping, s.tax, s.subtotal + s.shipping + s.tax
  from (
    select r.subtotal,
      case
        when r.subtotal = 0 or r.subtotal >= st.free_shipping_threshold then 0.00
        else st.shipping_rate
      end::numeric as shipping,
      round(r.subtotal * st.tax_rate_percent / 100, 2) as tax
    from (select round(greatest(coalesce(p_subtotal, 0), 0), 2) as subtotal) r
    cross join public.store_settings st
  ) s
  where p_shipping_method is not distinct from 'standard';
$$;

comment on function public.order_totals(numeric, text) is
  'The one rule for order money (same as cartTotals in shared/src/domain/pricing.ts), with the rates of '
  'store_settings at the time of the call: subtotal rounded to cents, standard shipping free from '
  'free_shipping_threshold (99) else shipping_rate (9.99) (nothing for an empty cart), tax '
  'tax_rate_percent (8) of the subtotal rounded to cents, total the sum. No row for an unknown shipping method.';
revoke execute on function public.order_totals(p_subtotal numeric, p_shipping_method text) from public, anon, authenticated;

create or replace function public.initial_payment_status(p_payment_method text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case p_payment_method
    when 'bank_transfer' then 'awaiting_payment'
    when 'cash_on_delivery' then 'awaiting_payment'
    when 'card' then 'awaiting_payment'
  end;
$$;

comment on function public.initial_payment_status(text) is
  'The payment seam: the payment status an order starts with for a payment method, or null for an '
  'unknown method. Every order starts awaiting payment: bank transfer and pay on delivery are marked '
  'paid by an administrator, a card order only by Stripe''s signed webhook (stripe_mark_paid).';
revoke execute on function public.initial_payment_status(p_payment_method text) from public, anon, authenticated;

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

-- During an emergency a back-in-stock e-mail holds a unit for its subscriber (waitlist_holds,
-- waitlist.sql): those units are not for anyone else. The holds of a product that are not the customer's
-- own: the customer's are theirs by user id or by their confirmed e-mail address (a visitor's
-- subscription). Plain PL/pgSQL so that this file does not need waitlist.sql first.
create or replace function public.checkout_held_units(p_product_id uuid, p_user uuid)
returns integer
language plpgsql
stable
set search_path = ''
as $$
declare
  v_email text;
begin
  if p_product_id is null or not exists (
    select 1 from public.waitlist_holds h where h.product_id = p_product_id and h.ended_at is null
  ) then
    return 0;
  end if;
  v_email := public.waitlist_confirmed_email(p_user);
  return coalesce((
    select sum(h.quantity)::integer
    from public.waitlist_holds h
    where h.product_id = p_product_id
      and h.ended_at is null
      and not coalesce(h.user_id = p_user or h.email = v_email, false)
  ), 0);
end;
$$;

comment on function public.checkout_held_units(uuid, uuid) is
  'Internal: units of the product held by waitlist holds still open (waitlist_holds) for anyone but '
  'p_user (their own: by user id, or by their confirmed e-mail address). checkout_lines takes them off '
  'the stock the customer may buy.';
revoke execute on function public.checkout_held_units(p_product_id uuid, p_user uuid) from public, anon, authenticated;

-- The cart's lines as the checkout sees them (shared by checkout_quote and place_order, so the quote and
-- the order agree): each product's current name, price, limit and the stock that can ship. For a product
-- with lots that is the quantity of its unexpired lots, not stock_count (which counts expired units
-- still on the shelf, and place_order never allocates them), so "Only n left" gives the number that can
-- really ship. Products without lots use their plain stock_count.
-- Whether an emergency is open (emergencies, emergency.sql): plpgsql so that checkout_lines, a SQL
-- function built before emergency.sql creates the table, can use it.
create or replace function public.emergency_is_open()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return exists (select 1 from public.emergencies e where e.ended_at is null);
end;
$$;

comment on function public.emergency_is_open() is
  'Internal: true while an emergency is open (an emergencies row with ended_at null). Used by '
  'checkout_lines: only then do purchase limits count the customer''s other orders over the window.';
revoke execute on function public.emergency_is_open() from public, anon, authenticated;

create or replace function public.checkout_lines(p_lines jsonb)
returns table (
  line_position integer,
  product_id uuid,
  name text,
  slug text,
  image_url text,
  unit_price numeric,
  original_price numeric,
  quantity integer,
  stock_count integer,
  in_stock boolean,
  purchase_limit integer,
  line_total numeric,
  available boolean,
  problem text
)
language sql
stable
set search_path = ''
as $$
  with raw as (
    select e.ord::integer as ord, e.value as item
    from jsonb_array_elements(case when jsonb_typeof(p_lines) = 'array' then p_lines else '[]'::jsonb end)
      with ordinality as e (value, ord)
  ),
  parsed as (
    select r.ord,
      case
        when jsonb_typeof(r.item) = 'object' and jsonb_typeof(r.item -> 'product_id') = 'string'
          and (r.item ->> 'product_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        then (r.item ->> 'product_id')::uuid
      end as product_id,
      case
        when jsonb_typeof(r.item) = 'object' and jsonb_typeof(r.item -> 'quantity') = 'number'
          and (r.item ->> 'quantity')::numeric between 1 and 999
          and (r.item ->> 'quantity')::numeric = trunc((r.item ->> 'quantity')::numeric)
        then (r.item ->> 'quantity')::integer
      end as quantity
    from raw r
  ),
  -- One line per product (a product listed twice is one line with the quantities added).
  merged as (
    select min(p.ord) as ord, p.product_id, sum(p.quantity)::integer as quantity,
      bool_or(p.quantity is null) as bad_quantity
    from parsed p
    where p.product_id is not null
    group by p.product_id
    union all
    select p.ord, null, p.quantity, p.quantity is null
    from parsed p
    where p.product_id is null
  ),
  -- Only while an emergency is open do limits count the customer's other orders over the window;
  -- otherwise a limit is per order (window 0).
  settings as (
    select case when public.emergency_is_open()
      then coalesce((select s.purchase_limit_window_days from public.store_settings s), 7) else 0 end
      as window_days
  ),
  -- What can ship now: the unexpired lots of a product with lots, else its plain stock; and, for a
  -- limited product, what the signed-in customer's other recent orders already hold.
  stocked as (
    select m.ord, m.product_id, m.quantity, m.bad_quantity, pr.id as found_id, pr.name, pr.slug,
      pr.image_url, pr.price, pr.original_price, pr.in_stock, pr.purchase_limit,
      case when lots.total is null then pr.stock_count else lots.usable end as stock,
      public.checkout_held_units(pr.id, (select auth.uid())) as held,
      coalesce(recent.quantity, 0) as already, recent.oldest, st.window_days
    from merged m
    cross join settings st
    left join public.products pr on pr.id = m.product_id
    left join lateral (
      select sum(l.quantity)::integer as total,
        coalesce(sum(l.quantity) filter (where l.best_before is null or l.best_before >= current_date), 0)::integer
          as usable
      from public.product_lots l
      where l.product_id = pr.id
      having count(*) > 0
    ) lots on true
    left join lateral (
      select sum(oi.quantity)::integer as quantity, min(o.created_at) as oldest
      from public.orders o
      join public.order_items oi on oi.order_id = o.id
      where pr.purchase_limit is not null
        and st.window_days > 0
        and o.user_id = (select auth.uid())
        and oi.product_id = pr.id
        and o.status not in ('cancelled', 'returned')
        and o.created_at > now() - make_interval(days => st.window_days)
    ) recent on true
  ),
  -- What this customer may take: the stock less the units held for other waitlist subscribers.
  free as (
    select k.*, greatest(k.stock - k.held, 0) as buyable from stocked k
  )
  select s.ord, s.product_id, s.name, s.slug, s.image_url, s.price, s.original_price,
    case when s.bad_quantity then null else s.quantity end,
    s.buyable, s.in_stock and s.buyable > 0, s.purchase_limit,
    case when s.found_id is null or s.bad_quantity or s.quantity > 999 then 0::numeric
      else round(s.price * s.quantity, 2) end,
    s.found_id is not null,
    case
      when s.found_id is null then 'A product in your cart is no longer available'
      when s.bad_quantity or s.quantity > 999 then 'Please enter a valid quantity'
      when not s.in_stock or s.stock <= 0 then format('"%s" is out of stock', s.name)
      when s.buyable <= 0
        then format('Every "%s" in stock is held for customers on its waitlist. Please try again later', s.name)
      when s.purchase_limit is not null and s.quantity > s.purchase_limit
        and s.purchase_limit <= s.buyable
        then format('You can buy at most %s of "%s" per order', s.purchase_limit, s.name)
      when s.purchase_limit is not null and s.already > 0 and s.quantity + s.already > s.purchase_limit
        and s.quantity <= s.buyable
        -- How many more now, and from when the oldest of those orders stops counting (a UTC date).
        then format('You can buy at most %s of "%s" in %s days, and your other orders already hold %s: '
            '%s more now, more from %s',
          s.purchase_limit, s.name, s.window_days, s.already, greatest(s.purchase_limit - s.already, 0),
          to_char((s.oldest + make_interval(days => s.window_days)) at time zone 'UTC', 'Mon FMDD, YYYY'))
      when s.quantity > s.stock then format('Only %s of "%s" left in stock', s.stock, s.name)
      when s.quantity > s.buyable
        then format('Only %s of "%s" can be bought now: %s more are held for customers on its waitlist',
          s.buyable, s.name, s.held)
    end
  from free s
  order by s.ord;
$$;

comment on function public.checkout_lines(jsonb) is
  'Internal: the cart lines [{product_id, quantity}] priced from products (extra keys ignored, one line '
  'per product), each with the problem that stops it from being ordered or null. stock_count is what can '
  'ship now: for a product with lots the quantity of its unexpired lots, else the plain stock_count. A '
  'purchase_limit counts the line; while an emergency is open (emergencies.ended_at null) it also counts '
  'the signed-in customer''s other orders of the product placed within '
  'store_settings.purchase_limit_window_days that are not cancelled or returned. Units held for '
  'other customers by waitlist holds (checkout_held_units) are not in stock_count and cannot be ordered. '
  'Shared by checkout_quote and place_order so both judge a cart the same way.';
revoke execute on function public.checkout_lines(p_lines jsonb) from public, anon, authenticated;

create or replace function public.checkout_shipping_address(p_address jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case
    when jsonb_typeof(p_address) is distinct from 'object' then null
    when exists (
      select 1
      from unnest(array['full_name', 'line1', 'city', 'region', 'postal_code', 'country', 'phone']) f (field)
      where jsonb_typeof(p_address -> f.field) is distinct from 'string'
        or btrim(p_address ->> f.field) = ''
        or length(p_address ->> f.field) > 200
    ) then null
    when p_address ? 'line2' and jsonb_typeof(p_address -> 'line2') not in ('string', 'null') then null
    when length(coalesce(p_address ->> 'line2', '')) > 200 then null
    else jsonb_build_object(
      'full_name', btrim(p_address ->> 'full_name'),
      'line1', btrim(p_address ->> 'line1'),
      'line2', btrim(coalesce(p_address ->> 'line2', '')),
      'city', btrim(p_address ->> 'city'),
      'region', btrim(p_address ->> 'region'),
      'postal_code', btrim(p_address ->> 'postal_code'),
      'country', btrim(p_address ->> 'country'),
      'phone', btrim(p_address ->> 'phone')
    )
  end;
$$;

comment on function public.checkout_shipping_address(jsonb) is
  'Internal: the shipping address trimmed and reduced to its eight fields, or null when a required '
  'field (all but line2) is missing, blank, not a string or longer than 200 characters.';
revoke execute on function public.checkout_shipping_address(p_address jsonb) from public, anon, authenticated;

create or replace function public.order_event_add(
  p_order_id uuid,
  p_kind text,
  p_from text,
  p_to text,
  p_actor_role text,
  p_note text default null
)
returns void
language sql
volatile
set search_path = ''
as $$
  insert into public.order_events (order_id, kind, from_value, to_value, actor_id, actor_email, actor_role, note)
  select p_order_id, p_kind, p_from, p_to, actor.id, u.email, p_actor_role,
    nullif(left(btrim(coalesce(p_note, '')), 1000), '')
  from (select (select auth.uid()) as id) actor
  left join auth.users u on u.id = actor.id;
$$;

comment on function public.order_event_add(uuid, text, text, text, text, text) is
  'Internal: appends a history event to an order with the signed-in caller (id and e-mail) as the actor '
  'and the trimmed note (at most 1000 characters, null when blank).';
revoke execute on function public.order_event_add(p_order_id uuid, p_kind text, p_from text, p_to text, p_actor_role text, p_note text) from public, anon, authenticated;

-- Storefront functions ----------------------------------------------------------------------------
create or replace function public.checkout_assert_cart_size(p_lines jsonb)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p_lines) = 'array' then
    if jsonb_array_length(p_lines) > 100 then
      raise exception 'An order can hold at most 100 lines' using errcode = 'P0001';
    end if;
    if exists (
      select 1
      from jsonb_array_elements(p_lines) e
      where jsonb_typeof(e.value) = 'object'
        and jsonb_typeof(e.value -> 'quantity') = 'number'
        and (e.value ->> 'quantity')::numeric > 999
    ) then
      raise exception 'Please enter a valid quantity' using errcode = 'P0001';
    end if;
  end if;
end;
$$;

comment on function public.checkout_assert_cart_size(jsonb) is
  'Internal: raises P0001 when a cart is larger than an order may be: more than 100 lines (An order can '
  'hold at most 100 lines) or a quantity above 999 (Please enter a valid quantity). place_order''s limits.';
revoke execute on function public.checkout_assert_cart_size(p_lines jsonb) from public, anon, authenticated;

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

  -- The customer's own waitlist holds on these products are used up by this order.
  update public.waitlist_holds h
  set ended_at = now(), end_reason = 'ordered', order_id = v_order.id
  where h.ended_at is null
    and h.product_id in (select (l ->> 'product_id')::uuid from jsonb_array_elements(v_lines) l)
    and (h.user_id = v_user or h.email = public.waitlist_confirmed_email(v_user));

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
  'returns the existing order and writes nothing. Units held for other customers by waitlist holds '
  'cannot be ordered; the customer''s own holds on the ordered products end, used by the order.';
revoke execute on function public.place_order(p_lines jsonb, p_shipping_address jsonb, p_shipping_method text, p_payment_method text, p_idempotency_key uuid, p_email text, p_discount_code text) from public;
grant execute on function public.place_order(p_lines jsonb, p_shipping_address jsonb, p_shipping_method text, p_payment_method text, p_idempotency_key uuid, p_email text, p_discount_code text) to anon, authenticated, service_role;

-- The guest's order link ---------------------------------------------------------------------------
create or replace function public.order_lookup(p_token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select (to_jsonb(o) - 'user_id' - 'idempotency_key' - 'lookup_token')
    || jsonb_build_object(
      'user_id', null,
      'order_items', coalesce((
        select jsonb_agg(to_jsonb(i) order by i.product_name, i.id)
        from public.order_items i where i.order_id = o.id
      ), '[]'::jsonb),
      'order_events', coalesce((
        select jsonb_agg(to_jsonb(e) || jsonb_build_object('actor_id', null, 'actor_email', null)
          order by e.created_at, e.id)
        from public.order_events e where e.order_id = o.id
      ), '[]'::jsonb)
    )
  from public.orders o
  where p_token ~ '^[0-9a-f]{64}$' and o.lookup_token = p_token;
$$;

comment on function public.order_lookup(text) is
  'The order behind a lookup link (orders.lookup_token, 64 hex digits; anything else finds nothing), for '
  'whoever holds the link, signed in or not: the order as its owner reads it (lines as order_items, '
  'history as order_events without who acted), without user_id, idempotency_key or the token; null when '
  'no order has that token.';
revoke execute on function public.order_lookup(p_token text) from public;
grant execute on function public.order_lookup(p_token text) to anon, authenticated, service_role;

create or replace function public.order_restock(p_order_id uuid)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_line record;
  v_lot_id uuid;
  v_quick boolean;
begin
  select o.created_at > now() - interval '10 minutes' into v_quick from public.orders o where o.id = p_order_id;
  perform set_config('prepper.restock_hold', case when coalesce(v_quick, false) then 'on' else '' end, true);

  perform 1
  from public.products pr
  where pr.id in (select oi.product_id from public.order_items oi where oi.order_id = p_order_id)
  order by pr.id
  for update;

  -- Units taken from lots go back to the same lots (a lot deleted since comes back with its code and dates).
  for v_line in
    select il.id, il.lot_id, il.lot_code, il.best_before, il.received_on, il.quantity, oi.product_id
    from public.order_item_lots il
    join public.order_items oi on oi.id = il.order_item_id
    where oi.order_id = p_order_id and il.returned_at is null and oi.product_id is not null
    order by oi.product_id, il.lot_id
  loop
    update public.product_lots l set quantity = l.quantity + v_line.quantity
    where l.id = v_line.lot_id
    returning l.id into v_lot_id;
    if v_lot_id is null then
      insert into public.product_lots (product_id, lot_code, quantity, best_before, received_on)
      values (v_line.product_id, v_line.lot_code, v_line.quantity, v_line.best_before,
        coalesce(v_line.received_on, current_date))
      on conflict (product_id, lot_code) do update set quantity = public.product_lots.quantity + excluded.quantity;
    end if;
    update public.order_item_lots il set returned_at = now() where il.id = v_line.id;
  end loop;

  -- Lines that took no lots (placed before their product had lots) go into the product's latest lot.
  update public.product_lots l
  set quantity = l.quantity + s.quantity
  from (
    select distinct on (oi.product_id) oi.product_id, latest.id as lot_id,
      sum(oi.quantity) over (partition by oi.product_id)::integer as quantity
    from public.order_items oi
    join lateral (
      select l2.id from public.product_lots l2 where l2.product_id = oi.product_id
      order by l2.best_before desc nulls first, l2.received_on desc, l2.id
      limit 1
    ) latest on true
    where oi.order_id = p_order_id
      and not exists (select 1 from public.order_item_lots il where il.order_item_id = oi.id)
  ) s
  where l.id = s.lot_id;

  -- Products without lots keep their plain stock.
  update public.products pr
  set stock_count = pr.stock_count + s.quantity,
      in_stock = true
  from (
    select oi.product_id, sum(oi.quantity)::integer as quantity
    from public.order_items oi
    where oi.order_id = p_order_id and oi.product_id is not null
      and not exists (select 1 from public.order_item_lots il where il.order_item_id = oi.id)
      and not exists (select 1 from public.product_lots l where l.product_id = oi.product_id)
    group by oi.product_id
  ) s
  where pr.id = s.product_id;

  perform set_config('prepper.restock_hold', '', true);
end;
$$;

comment on function public.order_restock(uuid) is
  'Internal: puts the quantities of an order''s lines back (products locked in id order): units taken '
  'from lots into the same lots, lines of products with lots that took none into the latest lot, plain '
  'stock otherwise. For an order placed less than 10 minutes ago the back-in-stock e-mails it would fire '
  'are put on hold (waitlist_restock_holds). Called only while cancelling, with the order row locked, so '
  'it runs once per order.';
revoke execute on function public.order_restock(p_order_id uuid) from public, anon, authenticated;

-- Unpaid bank-transfer and card orders stop holding stock after store_settings.unpaid_order_hold_hours
-- (scheduled_jobs_run, jobs.sql). Pay on delivery is paid when it arrives, so it is not held to it.
create or replace function public.orders_expire_unpaid(p_now timestamptz default now(), p_limit integer default 200)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_hours integer := coalesce((select s.unpaid_order_hold_hours from public.store_settings s), 72);
  v_ids uuid[];
  v_id uuid;
begin
  -- The orders first (skipping any a person is changing right now), then all their products in id
  -- order, the order every checkout and cancellation takes them in, so the job never deadlocks one.
  select coalesce(array_agg(o.id order by o.id), '{}') into v_ids
  from (
    select o.id from public.orders o
    where o.status = 'pending'
      and o.payment_status = 'awaiting_payment'
      and o.payment_method in ('bank_transfer', 'card')
      and o.created_at <= p_now - make_interval(hours => v_hours)
    order by o.created_at, o.id
    limit least(greatest(coalesce(p_limit, 200), 1), 1000)
    for update skip locked
  ) o;
  if cardinality(v_ids) = 0 then
    return 0;
  end if;
  perform 1
  from public.products pr
  where pr.id in (select oi.product_id from public.order_items oi where oi.order_id = any (v_ids))
  order by pr.id
  for update;

  foreach v_id in array v_ids loop
    perform public.order_restock(v_id);
    update public.orders o set status = 'cancelled' where o.id = v_id;
    perform public.order_event_add(v_id, 'cancelled', 'pending', 'cancelled', 'system',
      format('Not paid within %s hours: the order expired and its items went back into stock.', v_hours));
  end loop;
  return cardinality(v_ids);
end;
$$;

comment on function public.orders_expire_unpaid(timestamptz, integer) is
  'Scheduled: cancels up to p_limit pending bank-transfer and card orders still awaiting payment that were placed '
  'more than store_settings.unpaid_order_hold_hours before p_now; their stock and lots go back and a '
  'cancelled event by the system says why. Returns how many expired.';
revoke execute on function public.orders_expire_unpaid(p_now timestamp with time zone, p_limit integer) from public, anon, authenticated;
grant execute on function public.orders_expire_unpaid(p_now timestamp with time zone, p_limit integer) to service_role;

-- A paid order that is cancelled or returned owes a refund.
create or replace function public.order_refund_due(p_order_id uuid, p_actor_role text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if exists (select 1 from public.orders o where o.id = p_order_id and o.payment_status = 'paid') then
    update public.orders o set payment_status = 'refund_pending' where o.id = p_order_id;
    perform public.order_event_add(p_order_id, 'payment_changed', 'paid', 'refund_pending', p_actor_role,
      'The order was paid: the shop owes the customer a refund.');
  end if;
end;
$$;

comment on function public.order_refund_due(uuid, text) is
  'Internal: when the (locked) order is paid, moves its payment to refund_pending and records it, after '
  'a cancellation or a return.';
revoke execute on function public.order_refund_due(p_order_id uuid, p_actor_role text) from public, anon, authenticated;

create or replace function public.cancel_order(p_order_id uuid)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_order public.orders;
begin
  select * into v_order
  from public.orders o
  where o.id = p_order_id and o.user_id = v_user
  for update;
  if not found or v_user is null then
    raise exception 'Order not found' using errcode = 'P0001';
  end if;
  if v_order.status <> 'pending' then
    raise exception 'This order can no longer be cancelled' using errcode = 'P0001';
  end if;

  perform public.order_restock(v_order.id);
  update public.orders o set status = 'cancelled' where o.id = v_order.id;
  perform public.order_event_add(v_order.id, 'cancelled', 'pending', 'cancelled', 'customer');
  perform public.order_refund_due(v_order.id, 'customer');
  select * into v_order from public.orders o where o.id = p_order_id;
  return v_order;
end;
$$;

comment on function public.cancel_order(uuid) is
  'The signed-in customer cancels their own pending order: its stock goes back (once), a cancelled '
  'event is written, a paid order''s payment becomes refund_pending (staff refund it), the order is '
  'returned. Order not found / This order can no longer be cancelled.';
revoke execute on function public.cancel_order(p_order_id uuid) from public, anon;
grant execute on function public.cancel_order(p_order_id uuid) to authenticated, service_role;

-- Back-office order functions ---------------------------------------------------------------------
create or replace function public.admin_lock_order(p_order_id uuid)
returns public.orders
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_order public.orders;
begin
  if not public.has_admin_permission('orders') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  select * into v_order from public.orders o where o.id = p_order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0001';
  end if;
  return v_order;
end;
$$;

comment on function public.admin_lock_order(uuid) is
  'Internal: the order, locked for update, for a caller with the orders permission (42501 Permission '
  'denied otherwise; Order not found).';
revoke execute on function public.admin_lock_order(p_order_id uuid) from public, anon, authenticated;

create or replace function public.admin_set_order_status(p_order_id uuid, p_status text, p_note text default null)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders := public.admin_lock_order(p_order_id);
  v_from text := v_order.status;
begin
  if not coalesce(public.order_status_move_allowed(v_from, p_status), false) then
    raise exception 'Cannot move an order from % to %', v_from, coalesce(p_status, 'nothing') using errcode = 'P0001';
  end if;
  if p_status = 'returned' then
    raise exception 'Record a return with admin_return_order' using errcode = 'P0001';
  end if;

  if p_status = 'cancelled' then
    perform public.order_restock(v_order.id);
  end if;
  update public.orders o set status = p_status where o.id = v_order.id;
  perform public.order_event_add(v_order.id,
    case when p_status = 'cancelled' then 'cancelled' else 'status_changed' end, v_from, p_status, 'admin',
    case when v_from = 'shipped' and p_status = 'cancelled' and nullif(btrim(coalesce(p_note, '')), '') is null
      then 'Refused at the door' else p_note end);
  if p_status = 'cancelled' then
    perform public.order_refund_due(v_order.id, 'admin');
  end if;
  select * into v_order from public.orders o where o.id = p_order_id;
  return v_order;
end;
$$;

comment on function public.admin_set_order_status(uuid, text, text) is
  'Moves an order along the allowed path (order_status_move_allowed, orders_guard_moves) for an '
  'administrator with the orders permission (42501 Permission denied otherwise); cancelling puts the '
  'stock back once and makes a paid order refund_pending; cancelling a shipped pay-on-delivery order is '
  '"refused at the door" (the default note). Writes a status_changed (or cancelled) event with the '
  'administrator and the optional note. Returns go through admin_return_order.';
revoke execute on function public.admin_set_order_status(p_order_id uuid, p_status text, p_note text) from public, anon;
grant execute on function public.admin_set_order_status(p_order_id uuid, p_status text, p_note text) to authenticated, service_role;

create or replace function public.admin_return_order(p_order_id uuid, p_resellable boolean, p_note text default null)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders := public.admin_lock_order(p_order_id);
  v_from text := v_order.status;
begin
  if p_resellable is null then
    raise exception 'Say whether the returned goods can be sold again' using errcode = 'P0001';
  end if;
  if not coalesce(public.order_status_move_allowed(v_from, 'returned'), false) then
    raise exception 'Cannot move an order from % to returned', v_from using errcode = 'P0001';
  end if;
  -- Resellable goods go back on the shelf, into the lots they came from; the rest is written off.
  if p_resellable then
    perform public.order_restock(v_order.id);
  end if;
  update public.orders o set status = 'returned' where o.id = v_order.id;
  perform public.order_event_add(v_order.id, 'status_changed', v_from, 'returned', 'admin',
    concat_ws(' ', case when p_resellable then 'Returned; the goods went back into stock.'
      else 'Returned; the goods cannot be sold again.' end, nullif(btrim(coalesce(p_note, '')), '')));
  perform public.order_refund_due(v_order.id, 'admin');
  select * into v_order from public.orders o where o.id = p_order_id;
  return v_order;
end;
$$;

comment on function public.admin_return_order(uuid, boolean, text) is
  'Records a return of a shipped or completed order for an administrator with the orders permission '
  '(42501 otherwise): resellable goods go back into stock (to the lots they came from), a paid order''s '
  'payment becomes refund_pending, and a status_changed event says which. Cannot move an order from <s> '
  'to returned.';
revoke execute on function public.admin_return_order(p_order_id uuid, p_resellable boolean, p_note text) from public, anon;
grant execute on function public.admin_return_order(p_order_id uuid, p_resellable boolean, p_note text) to authenticated, service_role;

create or replace function public.admin_set_payment_status(
  p_order_id uuid,
  p_payment_status text,
  p_note text default null
)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders := public.admin_lock_order(p_order_id);
  v_from text := v_order.payment_status;
begin
  if v_order.payment_method = 'card' then
    raise exception 'A card payment is settled by Stripe: use Refund for a refund' using errcode = 'P0001';
  end if;
  if not coalesce(public.payment_status_move_allowed(v_order.status, v_from, p_payment_status), false) then
    raise exception 'Cannot change the payment from % to %', v_from, coalesce(p_payment_status, 'nothing')
      using errcode = 'P0001';
  end if;

  update public.orders o set payment_status = p_payment_status where o.id = v_order.id returning * into v_order;
  perform public.order_event_add(v_order.id, 'payment_changed', v_from, p_payment_status, 'admin', p_note);
  return v_order;
end;
$$;

comment on function public.admin_set_payment_status(uuid, text, text) is
  'Records a manual payment for an administrator with the orders permission: awaiting_payment→paid '
  '(not on a cancelled or returned order), paid→refunded, refund_pending→refunded; writes a '
  'payment_changed event with the administrator. Never for a card order, which only Stripe''s webhook '
  'settles (stripe_mark_paid, stripe_mark_refunded).';
revoke execute on function public.admin_set_payment_status(p_order_id uuid, p_payment_status text, p_note text) from public, anon;
grant execute on function public.admin_set_payment_status(p_order_id uuid, p_payment_status text, p_note text) to authenticated, service_role;

create or replace function public.admin_ship_order(
  p_order_id uuid,
  p_carrier text,
  p_tracking_number text,
  p_note text default null
)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders := public.admin_lock_order(p_order_id);
  v_number text := btrim(coalesce(p_tracking_number, ''));
begin
  if p_carrier is null or p_carrier not in ('ups', 'usps', 'fedex', 'dhl', 'other') then
    raise exception 'Choose the carrier' using errcode = 'P0001';
  end if;
  if v_number !~ '^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$' then
    raise exception 'Enter the tracking number: 4 to 40 letters, digits, spaces or dashes' using errcode = 'P0001';
  end if;
  if v_order.status <> 'processing' then
    raise exception 'Cannot move an order from % to shipped', v_order.status using errcode = 'P0001';
  end if;
  -- The tracking first: the shipped event's e-mail (outbox_enqueue_order_email) reads it.
  update public.orders o set shipping_carrier = p_carrier, tracking_number = v_number where o.id = v_order.id;
  return public.admin_set_order_status(v_order.id, 'shipped', p_note);
end;
$$;

comment on function public.admin_ship_order(uuid, text, text, text) is
  'Ships a processing order with its carrier (ups, usps, fedex, dhl, other) and tracking number (4 to 40 '
  'letters, digits, spaces or dashes) for an administrator with the orders permission (42501 otherwise), '
  'through admin_set_order_status (paid or pay on delivery only); the shipped e-mail carries both and the '
  'carrier''s tracking link. Choose the carrier / Enter the tracking number / Cannot move an order.';
revoke execute on function public.admin_ship_order(p_order_id uuid, p_carrier text, p_tracking_number text, p_note text) from public, anon;
grant execute on function public.admin_ship_order(p_order_id uuid, p_carrier text, p_tracking_number text, p_note text) to authenticated, service_role;

-- Every writer of order_events (today's order functions and later ones) gets the staff identity moved
-- out without having to remember it: the customer's history then says only that the shop acted.
create or replace function public.order_events_keep_staff_apart()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.actor_role = 'admin' and (new.actor_id is not null or new.actor_email is not null) then
    insert into public.order_event_staff (event_id, actor_id, actor_email)
    values (new.id, new.actor_id, new.actor_email)
    on conflict (event_id) do update
      set actor_id = excluded.actor_id, actor_email = excluded.actor_email;
    new.actor_id := null;
    new.actor_email := null;
  end if;
  return new;
end;
$$;

comment on function public.order_events_keep_staff_apart() is
  'Trigger on order_events: moves an administrator''s actor_id and actor_email into order_event_staff, '
  'so the customer reading their order''s history sees only that the shop acted.';
revoke execute on function public.order_events_keep_staff_apart() from public, anon, authenticated;

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

-- Triggers ----------------------------------------------------------------------------------------
create trigger order_events_keep_staff_apart
  before insert or update of actor_id, actor_email, actor_role on public.order_events
  for each row execute function public.order_events_keep_staff_apart();

create trigger orders_guard_moves
  before update on public.orders
  for each row execute function public.orders_guard_moves();

create trigger orders_require_confirmed_email
  before insert on public.orders
  for each row execute function public.orders_require_confirmed_email();

-- Row-level security ------------------------------------------------------------------------------
-- orders ------------------------------------------------------------------------------------------
create policy orders_select on public.orders
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.has_admin_permission('orders')));

-- order_items -------------------------------------------------------------------------------------
create policy order_items_select on public.order_items
  for select to authenticated
  using (
    (select public.has_admin_permission('orders'))
    or exists (
      select 1 from public.orders o
      where o.id = order_items.order_id and o.user_id = (select auth.uid())
    )
  );

create policy order_events_select on public.order_events
  for select to authenticated
  using (
    (select public.has_admin_permission('orders'))
    or exists (
      select 1 from public.orders o
      where o.id = order_events.order_id and o.user_id = (select auth.uid())
    )
  );

create policy order_event_staff_select on public.order_event_staff
  for select to authenticated
  using ((select public.has_admin_permission('orders')));

create policy order_item_lots_select on public.order_item_lots
  for select to authenticated
  using ((select public.has_admin_permission('orders')) or (select public.has_admin_permission('products')));

-- Grants ------------------------------------------------------------------------------------------
revoke all on public.orders, public.order_items, public.order_events, public.order_item_lots from anon, authenticated;
grant select on public.orders, public.order_items, public.order_events, public.order_item_lots to authenticated;
grant all on public.orders, public.order_items, public.order_events, public.order_item_lots to service_role;
revoke all on public.order_event_staff from anon, authenticated;
grant select on public.order_event_staff to authenticated;
grant all on public.order_event_staff to service_role;

-- Card payments (Stripe Checkout) ------------------------------------------------------------------
-- A card order is placed as every order is (place_order prices it and takes the stock), awaiting
-- payment; the Edge Function create-checkout-session opens a Stripe Checkout Session for its total and
-- records the session here, and only the Edge Function stripe-webhook, as the service role, settles it
-- from Stripe's signed events: paid, cancelled with its stock and lots back (the session expired or the
-- payment failed) or refunded. Each Stripe event is applied once, keyed by its id in stripe_events (two
-- deliveries racing wait for each other on the key), and recorded in the order's history by "Stripe"
-- with the event id. An event whose amount or currency differs from the order, or for an unknown order,
-- raises and changes nothing.
create table public.stripe_events (
  id text primary key check (id ~ '^evt_[A-Za-z0-9_]{1,250}$'),
  type text not null check (length(type) between 1 and 100),
  order_id uuid references public.orders (id) on delete set null,
  outcome text not null default 'applied',
  received_at timestamptz not null default now()
);

alter table public.stripe_events enable row level security;

comment on table public.stripe_events is
  'Stripe webhook events already applied, by event id (a second delivery of one changes nothing), with '
  'the order and what the event did; written and read only by the stripe_* functions (service role).';

create index stripe_events_order_id_idx on public.stripe_events (order_id);

create unique index orders_stripe_payment_intent_id_key on public.orders (stripe_payment_intent_id)
  where stripe_payment_intent_id is not null;

create or replace function public.stripe_event_claim(p_event_id text, p_type text, p_order_id uuid)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
begin
  if p_event_id is null or p_event_id !~ '^evt_[A-Za-z0-9_]{1,250}$' then
    raise exception 'Not a Stripe event id' using errcode = '22023';
  end if;
  insert into public.stripe_events (id, type, order_id) values (p_event_id, p_type, p_order_id)
  on conflict (id) do nothing;
  return found;
end;
$$;

comment on function public.stripe_event_claim(text, text, uuid) is
  'Internal: records a Stripe event id as applied; false when it already was (a repeated or concurrent '
  'delivery: the second waits for the first on the primary key, then finds it).';
revoke execute on function public.stripe_event_claim(p_event_id text, p_type text, p_order_id uuid) from public, anon, authenticated;

create or replace function public.stripe_card_order(p_order_id uuid, p_amount_cents bigint, p_currency text)
returns public.orders
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_order public.orders;
begin
  select * into v_order from public.orders o where o.id = p_order_id for update;
  if not found or v_order.payment_method <> 'card' then
    raise exception 'Unknown order' using errcode = 'P0002';
  end if;
  if p_amount_cents is distinct from round(v_order.total_amount * 100)::bigint
     or lower(coalesce(p_currency, '')) <> 'usd' then
    raise exception 'Amount or currency does not match the order' using errcode = '22023';
  end if;
  return v_order;
end;
$$;

comment on function public.stripe_card_order(uuid, bigint, text) is
  'Internal: the card order, locked, when p_amount_cents and p_currency are its total in US dollars; '
  'raises Unknown order (P0002) or Amount or currency does not match the order (22023) otherwise.';
revoke execute on function public.stripe_card_order(p_order_id uuid, p_amount_cents bigint, p_currency text) from public, anon, authenticated;

create or replace function public.stripe_attach_checkout_session(p_order_id uuid, p_session_id text)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
begin
  if p_session_id is null or p_session_id !~ '^cs_[A-Za-z0-9_]{1,250}$' then
    raise exception 'Not a Checkout Session id' using errcode = '22023';
  end if;
  select * into v_order from public.orders o where o.id = p_order_id for update;
  if not found or v_order.payment_method <> 'card' then
    raise exception 'Unknown order' using errcode = 'P0002';
  end if;
  if v_order.status <> 'pending' or v_order.payment_status <> 'awaiting_payment' then
    raise exception 'This order is not waiting for a card payment' using errcode = 'P0001';
  end if;
  update public.orders o set stripe_checkout_session_id = p_session_id where o.id = p_order_id
  returning * into v_order;
  return v_order;
end;
$$;

comment on function public.stripe_attach_checkout_session(uuid, text) is
  'Service role (create-checkout-session): records the Checkout Session now paying a pending, unpaid '
  'card order; an expiry of an earlier session of the order then no longer cancels it.';
revoke execute on function public.stripe_attach_checkout_session(p_order_id uuid, p_session_id text) from public, anon, authenticated;
grant execute on function public.stripe_attach_checkout_session(p_order_id uuid, p_session_id text) to service_role;

create or replace function public.stripe_mark_paid(
  p_event_id text,
  p_event_type text,
  p_order_id uuid,
  p_amount_cents bigint,
  p_currency text,
  p_payment_intent_id text,
  p_checkout_session_id text default null
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders := public.stripe_card_order(p_order_id, p_amount_cents, p_currency);
  v_outcome text;
begin
  if not public.stripe_event_claim(p_event_id, p_event_type, p_order_id) then
    return 'duplicate';
  end if;
  if v_order.payment_status = 'awaiting_payment' and v_order.status not in ('cancelled', 'returned') then
    update public.orders o
    set payment_status = 'paid',
        stripe_payment_intent_id = coalesce(p_payment_intent_id, o.stripe_payment_intent_id),
        stripe_checkout_session_id = coalesce(p_checkout_session_id, o.stripe_checkout_session_id)
    where o.id = p_order_id;
    perform public.order_event_add(p_order_id, 'payment_changed', 'awaiting_payment', 'paid', 'stripe',
      format('Paid by card (Stripe event %s, %s).', p_event_id, p_event_type));
    v_outcome := 'paid';
    -- The "payment received" e-mail: the paid event above queues it in this transaction (the trigger
    -- order_events_enqueue_email, outbox.sql).
  elsif v_order.payment_status = 'awaiting_payment' then
    -- Paid after the order was cancelled (its stock already went back): the money came in for nothing.
    -- It is owed back (refund_pending) and stripe-webhook asks Stripe to refund it in full at once;
    -- Stripe's charge.refunded then settles it as refunded (and sends the refund e-mail). Should that
    -- request fail, the order stays refund_pending, stripe_auto_refund_failed says so in its history,
    -- and staff refund it with Refund in the back office.
    update public.orders o
    set payment_status = 'refund_pending',
        stripe_payment_intent_id = coalesce(p_payment_intent_id, o.stripe_payment_intent_id),
        stripe_checkout_session_id = coalesce(p_checkout_session_id, o.stripe_checkout_session_id)
    where o.id = p_order_id;
    perform public.order_event_add(p_order_id, 'payment_changed', 'awaiting_payment', 'refund_pending',
      'stripe', format('Paid by card after the order was %s (Stripe event %s, %s): the payment is refunded '
        'automatically.', v_order.status, p_event_id, p_event_type));
    v_outcome := 'paid_after_cancel';
  else
    update public.orders o
    set stripe_payment_intent_id = coalesce(o.stripe_payment_intent_id, p_payment_intent_id)
    where o.id = p_order_id;
    v_outcome := 'already_paid';
  end if;
  update public.stripe_events e set outcome = v_outcome where e.id = p_event_id;
  return v_outcome;
end;
$$;

comment on function public.stripe_mark_paid(text, text, uuid, bigint, text, text, text) is
  'Service role (stripe-webhook), for checkout.session.completed and payment_intent.succeeded: marks '
  'the card order paid once per event id, keeps the payment intent and session, writes a payment event '
  'by Stripe with the event id. Returns paid, already_paid, paid_after_cancel (a payment for a cancelled '
  'or returned order: refund_pending, and stripe-webhook refunds it) or duplicate; raises for an unknown '
  'order or a different amount or currency, changing nothing.';
revoke execute on function public.stripe_mark_paid(p_event_id text, p_event_type text, p_order_id uuid, p_amount_cents bigint, p_currency text, p_payment_intent_id text, p_checkout_session_id text) from public, anon, authenticated;
grant execute on function public.stripe_mark_paid(p_event_id text, p_event_type text, p_order_id uuid, p_amount_cents bigint, p_currency text, p_payment_intent_id text, p_checkout_session_id text) to service_role;

create or replace function public.stripe_auto_refund_failed(p_order_id uuid, p_reason text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
begin
  select * into v_order from public.orders o where o.id = p_order_id for update;
  if not found or v_order.payment_method <> 'card' then
    raise exception 'Unknown order' using errcode = 'P0002';
  end if;
  if v_order.payment_status <> 'refund_pending' then
    return 'ignored';
  end if;
  perform public.order_event_add(p_order_id, 'payment_changed', 'refund_pending', 'refund_pending', 'stripe',
    format('The automatic refund through Stripe failed (%s): refund the payment with Refund.',
      left(coalesce(nullif(btrim(p_reason), ''), 'no reason given'), 300)));
  return 'flagged';
end;
$$;

comment on function public.stripe_auto_refund_failed(uuid, text) is
  'Service role (stripe-webhook), when Stripe refused the automatic refund of a card payment that came '
  'in after the order was cancelled: writes it into the order''s history by Stripe for staff, who refund '
  'it with Refund (the order stays refund_pending). Returns flagged, or ignored when nothing is owed; '
  'raises Unknown order (P0002).';
revoke execute on function public.stripe_auto_refund_failed(p_order_id uuid, p_reason text) from public, anon, authenticated;
grant execute on function public.stripe_auto_refund_failed(p_order_id uuid, p_reason text) to service_role;

create or replace function public.stripe_cancel_unpaid(
  p_event_id text,
  p_event_type text,
  p_order_id uuid,
  p_amount_cents bigint,
  p_currency text,
  p_checkout_session_id text default null
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders := public.stripe_card_order(p_order_id, p_amount_cents, p_currency);
  v_outcome text := 'ignored';
begin
  if not public.stripe_event_claim(p_event_id, p_event_type, p_order_id) then
    return 'duplicate';
  end if;
  -- Only the order's current session cancels it: a customer who tried again has a newer one.
  if v_order.status = 'pending' and v_order.payment_status = 'awaiting_payment'
     and (p_checkout_session_id is null or v_order.stripe_checkout_session_id is null
       or v_order.stripe_checkout_session_id = p_checkout_session_id) then
    perform 1
    from public.products pr
    where pr.id in (select oi.product_id from public.order_items oi where oi.order_id = p_order_id)
    order by pr.id
    for update;
    perform public.order_restock(p_order_id);
    update public.orders o set status = 'cancelled' where o.id = p_order_id;
    perform public.order_event_add(p_order_id, 'cancelled', 'pending', 'cancelled', 'stripe',
      format('%s (Stripe event %s, %s): the order was not paid and its items went back into stock.',
        case when p_event_type = 'checkout.session.expired' then 'The card payment page expired'
          else 'The card payment failed' end,
        p_event_id, p_event_type));
    v_outcome := 'cancelled';
    -- The "order cancelled" e-mail: the cancelled event above queues it in this transaction (the trigger
    -- order_events_enqueue_email, outbox.sql).
  end if;
  update public.stripe_events e set outcome = v_outcome where e.id = p_event_id;
  return v_outcome;
end;
$$;

comment on function public.stripe_cancel_unpaid(text, text, uuid, bigint, text, text) is
  'Service role (stripe-webhook), for checkout.session.expired and failed payments: cancels the pending, '
  'unpaid card order once per event id (only for its current Checkout Session), puts its stock and lots '
  'back and writes a cancelled event by Stripe with the event id. Returns cancelled, ignored (paid, '
  'moved on or an older session) or duplicate; raises for an unknown order or a different amount or '
  'currency, changing nothing.';
revoke execute on function public.stripe_cancel_unpaid(p_event_id text, p_event_type text, p_order_id uuid, p_amount_cents bigint, p_currency text, p_checkout_session_id text) from public, anon, authenticated;
grant execute on function public.stripe_cancel_unpaid(p_event_id text, p_event_type text, p_order_id uuid, p_amount_cents bigint, p_currency text, p_checkout_session_id text) to service_role;

create or replace function public.stripe_mark_refunded(
  p_event_id text,
  p_event_type text,
  p_payment_intent_id text,
  p_amount_cents bigint,
  p_amount_refunded_cents bigint,
  p_currency text
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order_id uuid;
  v_order public.orders;
  v_refunded numeric(10, 2) := p_amount_refunded_cents / 100.0;
  v_outcome text;
begin
  select o.id into v_order_id from public.orders o
  where o.stripe_payment_intent_id = p_payment_intent_id and p_payment_intent_id is not null;
  v_order := public.stripe_card_order(v_order_id, p_amount_cents, p_currency);
  if p_amount_refunded_cents is null or p_amount_refunded_cents < 0 or p_amount_refunded_cents > p_amount_cents then
    raise exception 'Amount or currency does not match the order' using errcode = '22023';
  end if;
  if not public.stripe_event_claim(p_event_id, p_event_type, v_order.id) then
    return 'duplicate';
  end if;
  if v_refunded <= v_order.refunded_amount or v_order.payment_status not in ('paid', 'refund_pending') then
    v_outcome := 'ignored';
  elsif v_refunded = v_order.total_amount then
    update public.orders o set payment_status = 'refunded', refunded_amount = v_refunded where o.id = v_order.id;
    perform public.order_event_add(v_order.id, 'payment_changed', v_order.payment_status, 'refunded', 'stripe',
      format('Refunded $%s by card (Stripe event %s).', to_char(v_refunded, 'FM999999990.00'), p_event_id));
    v_outcome := 'refunded';
    -- The "refund" e-mail: the refunded event above queues it in this transaction (the trigger
    -- order_events_enqueue_email, outbox.sql).
  else
    update public.orders o set refunded_amount = v_refunded where o.id = v_order.id;
    perform public.order_event_add(v_order.id, 'payment_changed', v_order.payment_status, v_order.payment_status,
      'stripe', format('Partly refunded: $%s of $%s by card (Stripe event %s).',
        to_char(v_refunded, 'FM999999990.00'), to_char(v_order.total_amount, 'FM999999990.00'), p_event_id));
    v_outcome := 'partly_refunded';
  end if;
  update public.stripe_events e set outcome = v_outcome where e.id = p_event_id;
  return v_outcome;
end;
$$;

comment on function public.stripe_mark_refunded(text, text, text, bigint, bigint, text) is
  'Service role (stripe-webhook), for charge.refunded: finds the card order by its payment intent and, '
  'once per event id, records what Stripe has refunded in all (refunded_amount); the whole total makes '
  'the payment refunded. Writes a payment event by Stripe with the event id. Returns refunded, '
  'partly_refunded, ignored (nothing new) or duplicate; raises for an unknown payment, a different '
  'amount or currency, or a refund above the charge, changing nothing.';
revoke execute on function public.stripe_mark_refunded(p_event_id text, p_event_type text, p_payment_intent_id text, p_amount_cents bigint, p_amount_refunded_cents bigint, p_currency text) from public, anon, authenticated;
grant execute on function public.stripe_mark_refunded(p_event_id text, p_event_type text, p_payment_intent_id text, p_amount_cents bigint, p_amount_refunded_cents bigint, p_currency text) to service_role;

create or replace function public.admin_card_refund_check(p_order_id uuid, p_amount_cents bigint)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders := public.admin_lock_order(p_order_id);
begin
  if v_order.payment_method <> 'card' or v_order.stripe_payment_intent_id is null then
    raise exception 'Only an order paid by card can be refunded through Stripe' using errcode = 'P0001';
  end if;
  if v_order.payment_status not in ('paid', 'refund_pending') then
    raise exception 'This order has no card payment to refund' using errcode = 'P0001';
  end if;
  if v_order.refunded_amount >= v_order.total_amount or (p_amount_cents is not null and (p_amount_cents < 1
     or p_amount_cents > round((v_order.total_amount - v_order.refunded_amount) * 100)::bigint)) then
    raise exception 'Refund between $0.01 and $%', to_char(v_order.total_amount - v_order.refunded_amount, 'FM999999990.00')
      using errcode = 'P0001';
  end if;
  return v_order;
end;
$$;

comment on function public.admin_card_refund_check(uuid, bigint) is
  'For an administrator with the orders permission (42501 otherwise; the Edge Function stripe-refund '
  'calls it with the administrator''s token before asking Stripe): the card-paid order when p_amount_cents '
  '(null: all that is left) is at least a cent and at most what is left to refund, else a P0001 message. Changes nothing: the '
  'refund is settled by Stripe''s charge.refunded event.';
revoke execute on function public.admin_card_refund_check(p_order_id uuid, p_amount_cents bigint) from public, anon;
grant execute on function public.admin_card_refund_check(p_order_id uuid, p_amount_cents bigint) to authenticated, service_role;

revoke all on public.stripe_events from anon, authenticated;
grant all on public.stripe_events to service_role;
