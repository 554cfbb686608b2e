-- Inventory lots with best-before dates, shipped first-expiry-first-out, and the staff's stock alerts:
-- product_lots (lot code, quantity, optional best-before, received date), order_item_lots (which lots
-- each order line took), the storefront's product_best_before, the back office's
-- admin_save_product_lots and admin_stock_alerts, and place_order / order_restock taught to allocate
-- and return lots.
-- Why: food, water, batteries and medicine have a shelf life. For a product with lots, stock_count is
-- the sum of its lots' quantities, kept by a trigger; any other stock_count on such a product is
-- refused, so staff edit lots, never the number. Products without lots keep their plain stock.
-- Orders take each line from the usable lots (best-before today or later, or none) with the earliest
-- best-before first, undated lots last, expired lots never; cancelling returns every unit to the lot
-- it came from. Lots are locked after their product (products in id order, as every checkout and
-- cancellation already does), so concurrent orders never take more than a lot holds.
-- Staff-only data (lot codes, quantities, received dates) is readable only with the products
-- permission; shoppers get nothing but the earliest best-before that would ship now.
-- Messages raised with SQLSTATE P0001 are shown as they are; 42501 means no permission.

-- Tables -----------------------------------------------------------------------------------------------

create table public.product_lots (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references public.products (id) on delete cascade,
  lot_code text not null check (btrim(lot_code) = lot_code and length(lot_code) between 1 and 64),
  quantity integer not null default 0 check (quantity >= 0),
  best_before date,
  received_on date not null default current_date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint product_lots_product_id_lot_code_key unique (product_id, lot_code)
);

create index product_lots_product_id_best_before_idx on public.product_lots (product_id, best_before);
create index product_lots_best_before_idx on public.product_lots (best_before) where quantity > 0;

comment on table public.product_lots is
  'Lots of a product on the shelf: lot code (unique per product), quantity, optional best-before date '
  '(none for a radio), received date. The product''s stock_count is the sum of its lots'' quantities.';
comment on column public.product_lots.best_before is
  'Last day the lot is good; null = no best-before. Lots past it (best_before < current_date) never ship.';

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

create index order_item_lots_order_item_id_idx on public.order_item_lots (order_item_id);
create index order_item_lots_lot_id_idx on public.order_item_lots (lot_id);

comment on table public.order_item_lots is
  'Which lots an order line took and how many of each (written by place_order); the lot''s code and '
  'dates are copied so a deleted lot can be given back on cancelling. returned_at: when cancelling put '
  'the quantity back.';

-- The stock of a product with lots is the sum of its lots ----------------------------------------------

create or replace function public.product_lots_sync_stock()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_product_ids uuid[];
  v_product_id uuid;
  v_sum integer;
begin
  if tg_op = 'INSERT' then
    v_product_ids := array[new.product_id];
  elsif tg_op = 'DELETE' then
    v_product_ids := array[old.product_id];
  else
    v_product_ids := array[old.product_id, new.product_id];
  end if;
  foreach v_product_id in array v_product_ids loop
    select coalesce(sum(l.quantity), 0)::integer into v_sum from public.product_lots l where l.product_id = v_product_id;
    update public.products pr
    set stock_count = v_sum,
        in_stock = case when v_sum = 0 then false when pr.stock_count = 0 then true else pr.in_stock end
    where pr.id = v_product_id and pr.stock_count is distinct from v_sum;
  end loop;
  return null;
end;
$$;

comment on function public.product_lots_sync_stock() is
  'Trigger: after any lot write, sets its product''s stock_count to the sum of its lots (out of stock at '
  '0, back in stock when it rises from 0). Removing the last lot leaves the product plain with stock 0.';

create trigger product_lots_sync_stock
  after insert or update or delete on public.product_lots
  for each row execute function public.product_lots_sync_stock();

create or replace function public.product_lots_touch()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger product_lots_touch
  before update on public.product_lots
  for each row execute function public.product_lots_touch();

create or replace function public.products_guard_lot_stock()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sum integer;
begin
  if new.stock_count is distinct from old.stock_count then
    select sum(l.quantity)::integer into v_sum from public.product_lots l where l.product_id = new.id;
    if v_sum is not null and v_sum is distinct from new.stock_count then
      raise exception 'The stock of "%" comes from its lots (% in stock); change the lots instead', new.name, v_sum
        using errcode = 'P0001';
    end if;
  end if;
  return new;
end;
$$;

comment on function public.products_guard_lot_stock() is
  'Trigger: refuses a stock_count on a product with lots that is not the sum of its lots, whoever '
  'updates it (back office, service role): staff edit the lots.';

create trigger products_guard_lot_stock
  before update of stock_count on public.products
  for each row execute function public.products_guard_lot_stock();

-- Privileges and row-level security ----------------------------------------------------------------------

alter table public.product_lots enable row level security;
alter table public.order_item_lots enable row level security;

revoke all on public.product_lots, public.order_item_lots from anon, authenticated;
grant select, insert, update, delete on public.product_lots to authenticated;
grant select on public.order_item_lots to authenticated;
grant all on public.product_lots, public.order_item_lots to service_role;

create policy product_lots_select on public.product_lots
  for select to authenticated
  using ((select public.has_admin_permission('products')));

create policy product_lots_insert on public.product_lots
  for insert to authenticated
  with check ((select public.has_admin_permission('products')));

create policy product_lots_update on public.product_lots
  for update to authenticated
  using ((select public.has_admin_permission('products')))
  with check ((select public.has_admin_permission('products')));

create policy product_lots_delete on public.product_lots
  for delete to authenticated
  using ((select public.has_admin_permission('products')));

create policy order_item_lots_select on public.order_item_lots
  for select to authenticated
  using ((select public.has_admin_permission('orders')) or (select public.has_admin_permission('products')));

-- Storefront: the earliest best-before that would ship now ------------------------------------------------

create or replace function public.product_best_before(p_product_ids uuid[])
returns table (product_id uuid, best_before date)
language sql
stable
security definer
set search_path = ''
as $$
  select l.product_id, min(l.best_before)
  from public.product_lots l
  where l.product_id = any (p_product_ids[1:100])
    and l.quantity > 0
    and l.best_before >= current_date
  group by l.product_id;
$$;

comment on function public.product_best_before(uuid[]) is
  'For each of the given products (at most 100) that has usable dated lots: the earliest best-before '
  'among the lots that would ship now (quantity > 0, not past their date): the date a shopper gets at '
  'least. Nothing else about lots is exposed. Anyone may call it.';

-- Orders: allocate lots first-expiry-first-out, give them back on cancelling -----------------------------

create or replace function public.order_allocate_lots(p_order_id uuid)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_item record;
  v_lot record;
  v_left integer;
  v_take integer;
begin
  for v_item in
    select oi.id, oi.product_id, oi.product_name, oi.quantity
    from public.order_items oi
    where oi.order_id = p_order_id
      and exists (select 1 from public.product_lots l where l.product_id = oi.product_id)
    order by oi.product_id
  loop
    v_left := v_item.quantity;
    for v_lot in
      select l.id, l.lot_code, l.best_before, l.received_on, l.quantity
      from public.product_lots l
      where l.product_id = v_item.product_id
        and l.quantity > 0
        and (l.best_before is null or l.best_before >= current_date)
      order by l.best_before nulls last, l.received_on, l.lot_code, l.id
      for update
    loop
      exit when v_left = 0;
      v_take := least(v_left, v_lot.quantity);
      update public.product_lots l set quantity = l.quantity - v_take where l.id = v_lot.id;
      insert into public.order_item_lots (order_item_id, lot_id, lot_code, best_before, received_on, quantity)
      values (v_item.id, v_lot.id, v_lot.lot_code, v_lot.best_before, v_lot.received_on, v_take);
      v_left := v_left - v_take;
    end loop;
    if v_left > 0 then
      if v_left = v_item.quantity then
        raise exception '"%" is out of stock', v_item.product_name using errcode = 'P0001';
      end if;
      raise exception 'Only % of "%" left in stock', v_item.quantity - v_left, v_item.product_name
        using errcode = 'P0001';
    end if;
  end loop;
end;
$$;

comment on function public.order_allocate_lots(uuid) is
  'Internal (place_order, products already locked): takes each line of a product with lots from its '
  'usable lots, earliest best-before first, undated lots last, expired lots never (lots locked in that '
  'order), and records the lots in order_item_lots. The existing out-of-stock messages when the usable '
  'lots cannot cover a line.';

create or replace function public.order_restock(p_order_id uuid)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_line record;
  v_lot_id uuid;
begin
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
end;
$$;

comment on function public.order_restock(uuid) is
  'Internal: puts the quantities of an order''s lines back (products locked in id order): units taken '
  'from lots into the same lots, lines of products with lots that took none into the latest lot, plain '
  'stock otherwise. Called only while cancelling, with the order row locked, so it runs once per order.';

create or replace function public.place_order(
  p_lines jsonb,
  p_shipping_address jsonb,
  p_shipping_method text default 'standard',
  p_payment_method text default 'bank_transfer',
  p_idempotency_key uuid default null
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
  v_order public.orders;
  v_address jsonb;
  v_payment_status text;
  v_lines jsonb;
  v_problem text;
  v_totals record;
begin
  if v_user is null then
    raise exception 'Please sign in to place an order' using errcode = 'P0001';
  end if;
  select u.email into v_email from auth.users u where u.id = v_user;
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

  select t.* into v_totals
  from public.order_totals(
    (select sum((l ->> 'line_total')::numeric) from jsonb_array_elements(v_lines) l), p_shipping_method
  ) t;

  insert into public.orders (
    user_id, email, status, payment_status, payment_method, shipping_method, subtotal, shipping_amount,
    tax_amount, total_amount, shipping_address, idempotency_key
  )
  values (
    v_user, v_email, 'pending', v_payment_status, p_payment_method, p_shipping_method, v_totals.subtotal,
    v_totals.shipping, v_totals.tax, v_totals.total, v_address, p_idempotency_key
  )
  returning * into v_order;

  insert into public.order_items (order_id, product_id, product_name, unit_price, quantity)
  select v_order.id, (l ->> 'product_id')::uuid, l ->> 'name', (l ->> 'unit_price')::numeric,
    (l ->> 'quantity')::integer
  from jsonb_array_elements(v_lines) l
  order by (l ->> 'line_position')::integer;

  -- Products with lots: each line from its lots, first expiry first out (the lots trigger keeps
  -- stock_count); the others: plain stock as before.
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


comment on function public.place_order(jsonb, jsonb, text, text, uuid) is
  'The only way to create an order. For the signed-in user, in one transaction: locks the products of '
  'p_lines [{product_id, quantity}] in id order, refuses the whole order when any line is unknown, out of '
  'stock, short of stock, over its purchase_limit or has a bad quantity (P0001 with the message), '
  'prices every line from products, writes the order (totals from order_totals, e-mail from auth.users, '
  'payment status from initial_payment_status) and its items, takes the lines of products with lots from '
  'their usable lots first-expiry-first-out (order_allocate_lots: out of stock when the unexpired lots '
  'cannot cover a line) and decrements the plain stock of the others (in_stock false at 0), writes a '
  'placed event and returns the order. The same p_idempotency_key again returns the existing order and '
  'writes nothing.';

-- Back office: lots of one product, saved together ------------------------------------------------------

create or replace function public.admin_save_product_lots(p_product_id uuid, p_lots jsonb)
returns setof public.product_lots
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_name text;
  v_lot jsonb;
  v_code text;
  v_id uuid;
  v_quantity integer;
  v_expected integer;
  v_current integer;
  v_best_before date;
  v_received date;
  v_keep uuid[] := '{}';
begin
  if not public.has_admin_permission('products') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  -- The product first, then its lots: the order every checkout and cancellation takes them in.
  select pr.name into v_name from public.products pr where pr.id = p_product_id for update;
  if not found then
    raise exception 'Product not found' using errcode = 'P0001';
  end if;
  if jsonb_typeof(p_lots) is distinct from 'array' then
    raise exception 'Please send the lots as a list' using errcode = 'P0001';
  end if;
  if jsonb_array_length(p_lots) > 100 then
    raise exception 'A product can have at most 100 lots' using errcode = 'P0001';
  end if;
  perform 1 from public.product_lots l where l.product_id = p_product_id order by l.id for update;

  -- Check every lot before writing any.
  for v_lot in select e.value from jsonb_array_elements(p_lots) e loop
    v_code := case when jsonb_typeof(v_lot -> 'lot_code') = 'string' then btrim(v_lot ->> 'lot_code') end;
    if v_code is null or v_code = '' then
      raise exception 'Each lot needs a lot code' using errcode = 'P0001';
    end if;
    if length(v_code) > 64 then
      raise exception 'The lot code "%" is longer than 64 characters', left(v_code, 64) using errcode = 'P0001';
    end if;
    if jsonb_typeof(v_lot -> 'quantity') is distinct from 'number'
      or (v_lot ->> 'quantity')::numeric <> trunc((v_lot ->> 'quantity')::numeric)
      or (v_lot ->> 'quantity')::numeric not between 0 and 1000000 then
      raise exception 'The quantity of lot "%" must be a whole number from 0 to 1000000', v_code using errcode = 'P0001';
    end if;
    if jsonb_typeof(v_lot -> 'best_before') not in ('string', 'null')
      or (jsonb_typeof(v_lot -> 'best_before') = 'string'
        and (v_lot ->> 'best_before') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$') then
      raise exception 'The best-before date of lot "%" is not a valid date', v_code using errcode = 'P0001';
    end if;
    if jsonb_typeof(v_lot -> 'received_on') not in ('string', 'null')
      or (jsonb_typeof(v_lot -> 'received_on') = 'string'
        and (v_lot ->> 'received_on') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$') then
      raise exception 'The received date of lot "%" is not a valid date', v_code using errcode = 'P0001';
    end if;
    begin
      v_best_before := (v_lot ->> 'best_before')::date;
      v_received := (v_lot ->> 'received_on')::date;
    exception when others then
      raise exception 'The dates of lot "%" are not valid dates', v_code using errcode = 'P0001';
    end;
    if v_received > current_date then
      raise exception 'The received date of lot "%" cannot be in the future', v_code using errcode = 'P0001';
    end if;
    if v_best_before is not null and v_received is not null and v_best_before < v_received then
      raise exception 'The best-before date of lot "%" is before its received date', v_code using errcode = 'P0001';
    end if;
  end loop;
  if (select count(distinct lower(btrim(e.value ->> 'lot_code'))) from jsonb_array_elements(p_lots) e)
    < jsonb_array_length(p_lots) then
    raise exception 'Each lot code may appear only once' using errcode = 'P0001';
  end if;

  -- Existing lots: still there and unchanged by an order since the form was opened.
  for v_lot in select e.value from jsonb_array_elements(p_lots) e where jsonb_typeof(e.value -> 'id') = 'string' loop
    v_code := btrim(v_lot ->> 'lot_code');
    select l.id, l.quantity into v_id, v_current
    from public.product_lots l
    where l.product_id = p_product_id and l.id::text = v_lot ->> 'id';
    if v_id is null then
      raise exception 'Lot "%" no longer exists. Reload the product and try again.', v_code using errcode = 'P0001';
    end if;
    v_expected := case when jsonb_typeof(v_lot -> 'expected_quantity') = 'number'
      then (v_lot ->> 'expected_quantity')::integer end;
    if v_expected is not null and v_expected <> v_current then
      raise exception 'Lot "%" changed while you were editing (now % in stock). Reload the product and try again.',
        v_code, v_current using errcode = 'P0001';
    end if;
    v_keep := v_keep || v_id;
  end loop;

  delete from public.product_lots l where l.product_id = p_product_id and l.id <> all (v_keep);

  for v_lot in select e.value from jsonb_array_elements(p_lots) e loop
    v_code := btrim(v_lot ->> 'lot_code');
    v_quantity := (v_lot ->> 'quantity')::integer;
    v_best_before := (v_lot ->> 'best_before')::date;
    v_received := coalesce((v_lot ->> 'received_on')::date, current_date);
    if jsonb_typeof(v_lot -> 'id') = 'string' then
      update public.product_lots l
      set lot_code = v_code, quantity = v_quantity, best_before = v_best_before, received_on = v_received
      where l.id = (v_lot ->> 'id')::uuid
        and (l.lot_code, l.quantity, l.best_before, l.received_on)
          is distinct from (v_code, v_quantity, v_best_before, v_received);
    else
      insert into public.product_lots (product_id, lot_code, quantity, best_before, received_on)
      values (p_product_id, v_code, v_quantity, v_best_before, v_received);
    end if;
  end loop;

  return query
  select l.* from public.product_lots l where l.product_id = p_product_id
  order by l.best_before nulls last, l.received_on, l.lot_code;
end;
$$;

comment on function public.admin_save_product_lots(uuid, jsonb) is
  'Replaces the lots of a product with p_lots [{id?, lot_code, quantity, best_before?, received_on?, '
  'expected_quantity?}] in one transaction for an administrator with the products permission (42501 '
  'Permission denied): listed ids are updated, new entries inserted, unlisted lots deleted; the product''s '
  'stock follows. Every lot is checked first (code required and unique, quantity a whole number >= 0, '
  'valid dates, received not in the future, best-before not before received); an existing lot whose '
  'quantity is no longer expected_quantity (an order took from it) refuses the save. Returns the lots.';

-- Dashboard: low stock and expiring lots ---------------------------------------------------------------

create or replace function public.admin_stock_alerts(
  p_low_stock_below integer default 10,
  p_expiring_days integer default 90,
  p_limit integer default 20
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_limit integer := least(greatest(coalesce(p_limit, 20), 1), 100);
  v_below integer := least(greatest(coalesce(p_low_stock_below, 10), 1), 1000000);
  v_days integer := least(greatest(coalesce(p_expiring_days, 90), 0), 3660);
begin
  if not public.has_admin_permission('products') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'low_stock', coalesce((
      select jsonb_agg(jsonb_build_object(
        'product_id', s.id, 'name', s.name, 'stock_count', s.stock_count, 'in_stock', s.in_stock,
        'has_lots', s.has_lots
      ) order by s.stock_count, s.name, s.id)
      from (
        select pr.id, pr.name, pr.stock_count, pr.in_stock,
          exists (select 1 from public.product_lots l where l.product_id = pr.id) as has_lots
        from public.products pr
        where pr.stock_count < v_below
        order by pr.stock_count, pr.name, pr.id
        limit v_limit
      ) s
    ), '[]'::jsonb),
    'low_stock_total', (select count(*) from public.products pr where pr.stock_count < v_below),
    'expiring', coalesce((
      select jsonb_agg(jsonb_build_object(
        'lot_id', s.id, 'product_id', s.product_id, 'name', s.name, 'lot_code', s.lot_code,
        'quantity', s.quantity, 'best_before', s.best_before, 'expired', s.best_before < current_date,
        'days_left', s.best_before - current_date
      ) order by s.best_before, s.name, s.lot_code)
      from (
        select l.id, l.product_id, pr.name, l.lot_code, l.quantity, l.best_before
        from public.product_lots l
        join public.products pr on pr.id = l.product_id
        where l.quantity > 0 and l.best_before <= current_date + v_days
        order by l.best_before, pr.name, l.lot_code
        limit v_limit
      ) s
    ), '[]'::jsonb),
    'expiring_total', (
      select count(*) from public.product_lots l
      where l.quantity > 0 and l.best_before <= current_date + v_days
    )
  );
end;
$$;

comment on function public.admin_stock_alerts(integer, integer, integer) is
  'The dashboard''s stock alerts for an administrator with the products permission (42501 Permission '
  'denied): low_stock = products whose stock_count is below p_low_stock_below (the storefront''s '
  'LOW_STOCK_LIMIT, 10: what it shows as low or out of stock), fewest first; expiring = lots holding '
  'stock whose best-before is within p_expiring_days days (90), already expired ones first with '
  'expired true; each list at most p_limit entries, with the totals.';

-- Function privileges ------------------------------------------------------------------------------

revoke execute on function public.product_lots_sync_stock() from public, anon, authenticated;
revoke execute on function public.product_lots_touch() from public, anon, authenticated;
revoke execute on function public.products_guard_lot_stock() from public, anon, authenticated;
revoke execute on function public.order_allocate_lots(uuid) from public, anon, authenticated;
revoke execute on function public.order_restock(uuid) from public, anon, authenticated;
revoke execute on function public.product_best_before(uuid[]) from public;
revoke execute on function public.admin_save_product_lots(uuid, jsonb) from public, anon;
revoke execute on function public.admin_stock_alerts(integer, integer, integer) from public, anon;

grant execute on function public.product_best_before(uuid[]) to anon, authenticated, service_role;
grant execute on function public.admin_save_product_lots(uuid, jsonb) to authenticated, service_role;
grant execute on function public.admin_stock_alerts(integer, integer, integer) to authenticated, service_role;
