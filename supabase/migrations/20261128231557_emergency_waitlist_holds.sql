-- Emergency mode: the back-in-stock waitlist is served in order of sign-up, and each e-mail holds a unit
-- for its subscriber for store_settings.waitlist_hold_hours (waitlist_holds). The checkout keeps held
-- units for their holder; waitlist_expire_holds (scheduled) ends holds that ran out and serves the next
-- subscribers; ending the emergency ends every hold.

alter table public.store_settings add column waitlist_hold_hours numeric not null default 2
  check (waitlist_hold_hours between 0.25 and 48 and waitlist_hold_hours = round(waitlist_hold_hours, 2));

comment on column public.store_settings.waitlist_hold_hours is
  'During an emergency: hours a back-in-stock e-mail holds a unit for its subscriber before the next '
  'subscriber in sign-up order is served (0.25-48, two decimals, default 2).';

grant update (waitlist_hold_hours) on public.store_settings to authenticated;

create table public.waitlist_holds (
  id uuid primary key default gen_random_uuid(),
  subscription_id uuid not null references public.waitlist_subscriptions (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  email text not null,
  quantity integer not null default 1 check (quantity > 0),
  held_at timestamptz not null,
  expires_at timestamptz not null,
  ended_at timestamptz,
  end_reason text check (end_reason in ('ordered', 'expired', 'emergency_ended')),
  order_id uuid references public.orders (id) on delete set null,
  constraint waitlist_holds_subscription_id_key unique (subscription_id),
  constraint waitlist_holds_expiry check (expires_at > held_at),
  constraint waitlist_holds_end check ((ended_at is null) = (end_reason is null))
);

comment on table public.waitlist_holds is
  'Emergency mode: units held for a waitlist subscriber whose back-in-stock e-mail went out, until '
  'expires_at (store_settings.waitlist_hold_hours after). Open while ended_at is null; the checkout keeps '
  'them for their holder (user_id, or the e-mail address confirmed on their account). Written only by the '
  'database.';

create index waitlist_holds_open_idx on public.waitlist_holds (product_id) where ended_at is null;
create index waitlist_holds_expires_at_idx on public.waitlist_holds (expires_at) where ended_at is null;
create index waitlist_holds_user_id_idx on public.waitlist_holds (user_id);
create index waitlist_holds_order_id_idx on public.waitlist_holds (order_id);

alter table public.waitlist_holds enable row level security;
revoke all on public.waitlist_holds from anon, authenticated;
grant all on public.waitlist_holds to service_role;

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
  settings as (
    select coalesce((select s.purchase_limit_window_days from public.store_settings s), 7) as window_days
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
  'purchase_limit counts the line plus the signed-in customer''s other orders of the product placed '
  'within store_settings.purchase_limit_window_days that are not cancelled or returned. Units held for '
  'other customers by waitlist holds (checkout_held_units) are not in stock_count and cannot be ordered. '
  'Shared by checkout_quote and place_order so both judge a cart the same way.';
revoke execute on function public.checkout_lines(p_lines jsonb) from public, anon, authenticated;

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

create or replace function public.waitlist_free_units(p_product_id uuid)
returns integer
language plpgsql
stable
set search_path = ''
as $$
declare
  v_stock integer;
begin
  select case
      when not pr.in_stock then 0
      when exists (select 1 from public.product_lots l where l.product_id = pr.id) then (
        select coalesce(sum(l.quantity), 0)::integer from public.product_lots l
        where l.product_id = pr.id and (l.best_before is null or l.best_before >= current_date))
      else pr.stock_count
    end
  into v_stock
  from public.products pr
  where pr.id = p_product_id;
  return greatest(coalesce(v_stock, 0) - coalesce((
    select sum(h.quantity)::integer from public.waitlist_holds h
    where h.product_id = p_product_id and h.ended_at is null
  ), 0), 0);
end;
$$;

comment on function public.waitlist_free_units(uuid) is
  'Internal: units of the product that can ship (unexpired lots, else stock_count; 0 when not in stock) '
  'less the units of its open waitlist holds, never below 0.';
revoke execute on function public.waitlist_free_units(p_product_id uuid) from public, anon, authenticated;

create or replace function public.waitlist_serve_holds(p_product_id uuid, p_now timestamptz default now())
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_product public.products;
  v_free integer;
  v_until timestamptz;
  v_sub record;
  v_token text;
  v_count integer := 0;
begin
  if not exists (select 1 from public.emergencies e where e.ended_at is null) then
    return 0;
  end if;
  -- The product row is the lock every checkout takes: no order slips in between counting and holding.
  select pr.* into v_product from public.products pr where pr.id = p_product_id for update;
  if not found or not (v_product.in_stock and v_product.stock_count > 0) then
    return 0;
  end if;
  v_free := public.waitlist_free_units(p_product_id);
  if v_free <= 0 then
    return 0;
  end if;
  v_until := p_now + make_interval(secs => coalesce(
    (select s.waitlist_hold_hours from public.store_settings s), 2) * 3600);
  for v_sub in
    select s.id, s.email, s.user_id from public.waitlist_subscriptions s
    where s.product_id = p_product_id and s.confirmed_at is not null
      and s.notified_at is null and s.unsubscribed_at is null
    order by s.created_at, s.id
    limit v_free
    for update
  loop
    v_token := public.waitlist_new_token();
    update public.waitlist_subscriptions s
    set notified_at = now(), token_hash = public.waitlist_token_hash(v_token)
    where s.id = v_sub.id;
    insert into public.waitlist_holds (subscription_id, product_id, user_id, email, quantity, held_at, expires_at)
    values (v_sub.id, p_product_id, v_sub.user_id, v_sub.email, 1, p_now, v_until);
    insert into public.outbox_messages (kind, recipient, payload)
    values (
      'waitlist_back_in_stock',
      v_sub.email,
      jsonb_build_object('product_id', v_product.id, 'product_name', v_product.name,
        'product_slug', v_product.slug, 'token', v_token, 'held_until', v_until, 'held_quantity', 1)
    );
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

comment on function public.waitlist_serve_holds(uuid, timestamptz) is
  'Internal, emergency mode: serves the product''s confirmed waiting subscribers in order of sign-up, as '
  'many as its free units cover (waitlist_free_units): one unit held for each until p_now + '
  'store_settings.waitlist_hold_hours, marked notified, back-in-stock e-mail queued with held_until. '
  'Nothing outside an emergency or when the product is not in stock. Returns the e-mails queued.';
revoke execute on function public.waitlist_serve_holds(p_product_id uuid, p_now timestamp with time zone) from public, anon, authenticated;

create or replace function public.waitlist_expire_holds(p_now timestamptz default now())
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_product record;
  v_count integer := 0;
begin
  update public.waitlist_holds h
  set ended_at = p_now, end_reason = 'expired'
  where h.ended_at is null and h.expires_at <= p_now;
  if not exists (select 1 from public.emergencies e where e.ended_at is null) then
    return 0;
  end if;
  -- Every product in stock with subscribers still waiting (not one whose stock came back from a quick
  -- cancellation and waits for waitlist_release_restock_holds), in id order like the checkout's locks.
  for v_product in
    select pr.id from public.products pr
    where pr.in_stock and pr.stock_count > 0
      and exists (
        select 1 from public.waitlist_subscriptions s
        where s.product_id = pr.id and s.confirmed_at is not null
          and s.notified_at is null and s.unsubscribed_at is null
      )
      and not exists (select 1 from public.waitlist_restock_holds r where r.product_id = pr.id)
    order by pr.id
  loop
    v_count := v_count + public.waitlist_serve_holds(v_product.id, p_now);
  end loop;
  return v_count;
end;
$$;

comment on function public.waitlist_expire_holds(timestamptz) is
  'Scheduled: ends the waitlist holds whose time ran out by p_now (expired) and, while an emergency is '
  'open, serves the next subscribers in order of sign-up with the free units of every product in stock '
  '(waitlist_serve_holds, holds from p_now). Returns the back-in-stock e-mails queued. Service role only.';
revoke execute on function public.waitlist_expire_holds(p_now timestamp with time zone) from public, anon, authenticated;
grant execute on function public.waitlist_expire_holds(p_now timestamp with time zone) to service_role;

create or replace function public.waitlist_queue_back_in_stock(p_product_id uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_product public.products;
  v_sub record;
  v_token text;
  v_count integer := 0;
begin
  -- During an emergency: in order of sign-up, as far as the free units go, each with a hold.
  if exists (select 1 from public.emergencies e where e.ended_at is null) then
    return public.waitlist_serve_holds(p_product_id, now());
  end if;
  select * into v_product from public.products pr where pr.id = p_product_id;
  if not found then
    return 0;
  end if;
  for v_sub in
    select s.id, s.email from public.waitlist_subscriptions s
    where s.product_id = p_product_id and s.confirmed_at is not null
      and s.notified_at is null and s.unsubscribed_at is null
    order by s.created_at
    for update
  loop
    v_token := public.waitlist_new_token();
    update public.waitlist_subscriptions s
    set notified_at = now(), token_hash = public.waitlist_token_hash(v_token)
    where s.id = v_sub.id;
    insert into public.outbox_messages (kind, recipient, payload)
    values (
      'waitlist_back_in_stock',
      v_sub.email,
      jsonb_build_object('product_id', v_product.id, 'product_name', v_product.name,
        'product_slug', v_product.slug, 'token', v_token)
    );
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

comment on function public.waitlist_queue_back_in_stock(uuid) is
  'Internal: queues one back-in-stock e-mail per confirmed subscriber of the product still waiting and '
  'marks them notified (a new one-click token each); during an emergency only those the free units cover, '
  'in order of sign-up, each with a hold (waitlist_serve_holds). Returns how many were queued.';
revoke execute on function public.waitlist_queue_back_in_stock(p_product_id uuid) from public, anon, authenticated;

create or replace function public.products_queue_back_in_stock()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- More stock for a product already buyable: during an emergency its waiting subscribers may now be
  -- served (waitlist_serve_holds does nothing otherwise). Stock back from a quick cancellation waits
  -- for the scheduled job like below.
  if old.in_stock and old.stock_count > 0 and new.in_stock and new.stock_count > old.stock_count
    and current_setting('prepper.restock_hold', true) is distinct from 'on' then
    perform public.waitlist_serve_holds(new.id, now());
    return null;
  end if;
  if (old.in_stock and old.stock_count > 0) or not (new.in_stock and new.stock_count > 0) then
    return null;
  end if;
  -- order_restock sets this while it returns the stock of an order cancelled minutes after placing.
  if current_setting('prepper.restock_hold', true) = 'on' then
    insert into public.waitlist_restock_holds (product_id, due_at)
    values (new.id, now() + interval '10 minutes')
    on conflict (product_id) do update set due_at = excluded.due_at;
    return null;
  end if;
  perform public.waitlist_queue_back_in_stock(new.id);
  return null;
end;
$$;

comment on function public.products_queue_back_in_stock() is
  'Trigger: when a product comes back in stock, queues the back-in-stock e-mails of its waiting '
  'subscribers, or, when the stock came from an order cancelled within 10 minutes of placing, puts the '
  'product on hold for 10 minutes (waitlist_restock_holds). During an emergency more stock for a product '
  'already in stock also serves its waiting subscribers (waitlist_serve_holds).';
revoke execute on function public.products_queue_back_in_stock() from public, anon, authenticated;

create or replace function public.scheduled_jobs_run(p_now timestamptz default now())
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_expired integer := public.orders_expire_unpaid(p_now);
  v_held integer := public.waitlist_expire_holds(p_now);
  v_announced integer := public.waitlist_release_restock_holds(p_now);
  v_reminded integer := public.supply_reminders_send(p_now);
  v_pruned jsonb := public.outbox_prune(p_now);
begin
  return jsonb_build_object('expired_orders', v_expired, 'back_in_stock_emails', v_announced,
    'waitlist_hold_emails', v_held, 'supply_reminder_emails', v_reminded) || v_pruned;
end;
$$;

comment on function public.scheduled_jobs_run(timestamptz) is
  'The shop''s periodic jobs in one call (pg_cron on hosted projects, stack/scheduler.ts locally): '
  'orders_expire_unpaid, waitlist_expire_holds, waitlist_release_restock_holds, supply_reminders_send and '
  'outbox_prune with the clock p_now. Service role only.';
revoke execute on function public.scheduled_jobs_run(p_now timestamp with time zone) from public, anon, authenticated;
grant execute on function public.scheduled_jobs_run(p_now timestamp with time zone) to service_role;

create or replace function public.admin_end_emergency()
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.has_admin_permission('settings') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  update public.emergencies e
  set ended_at = greatest(now(), e.starts_at), ended_by = (select auth.uid())
  where e.ended_at is null;
  if not found then
    return false;
  end if;
  -- The waitlist goes back to its everyday rule: every hold ends, and the subscribers still waiting for
  -- a product in stock get their e-mail now (in product id order, the checkout's lock order).
  update public.waitlist_holds h
  set ended_at = now(), end_reason = 'emergency_ended'
  where h.ended_at is null;
  perform public.waitlist_queue_back_in_stock(pr.id)
  from public.products pr
  where pr.in_stock and pr.stock_count > 0
    and exists (
      select 1 from public.waitlist_subscriptions s
      where s.product_id = pr.id and s.confirmed_at is not null
        and s.notified_at is null and s.unsubscribed_at is null
    )
    and not exists (select 1 from public.waitlist_restock_holds r where r.product_id = pr.id)
  order by pr.id;
  return true;
end;
$$;

comment on function public.admin_end_emergency() is
  'Ends the open emergency now (settings permission): the banner goes, the price-rise guard stops, every '
  'waitlist hold ends and the subscribers still waiting for a product in stock are e-mailed. False when '
  'none was open.';
revoke execute on function public.admin_end_emergency() from public, anon;
grant execute on function public.admin_end_emergency() to authenticated, service_role;
