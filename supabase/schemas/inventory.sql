-- Inventory: lots with best-before dates, shipped first-expiry-first-out, and the staff's stock alerts.
-- product_lots holds each lot (code, quantity, optional best-before, received date); order_item_lots
-- (orders.sql) records which lots each order line took. Food, water, batteries and medicine have a shelf
-- life: for a product with lots, stock_count is the sum of its lots' quantities, kept by a trigger, and
-- any other stock_count on such a product is refused, so staff edit lots, never the number. Products
-- without lots keep their plain stock.
-- Orders take each line from the usable lots (best-before today or later, or none) with the earliest
-- best-before first, undated lots last, expired lots never (order_allocate_lots, called by place_order);
-- cancelling returns every unit to the lot it came from (order_restock). Lots are locked after their
-- product (products in id order, as every checkout and cancellation does), so concurrent orders never
-- take more than a lot holds.
-- Staff-only data (lot codes, quantities, received dates) is readable only with the products
-- permission; shoppers get nothing but the earliest best-before that would ship now
-- (product_best_before). Staff save a product's lots together (admin_save_product_lots); the dashboard
-- lists low stock and lots that expire soon (admin_stock_alerts).
-- Messages raised with SQLSTATE P0001 are shown as they are; 42501 means no permission.

-- Tables ------------------------------------------------------------------------------------------
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

alter table public.product_lots enable row level security;

comment on table public.product_lots is
  'Lots of a product on the shelf: lot code (unique per product), quantity, optional best-before date '
  '(none for a radio), received date. The product''s stock_count is the sum of its lots'' quantities.';

comment on column public.product_lots.best_before is
  'Last day the lot is good; null = no best-before. Lots past it (best_before < current_date) never ship.';

create index product_lots_product_id_best_before_idx on public.product_lots (product_id, best_before);

create index product_lots_best_before_idx on public.product_lots (best_before) where quantity > 0;

-- Functions ---------------------------------------------------------------------------------------
-- The stock of a product with lots is the sum of its lots -----------------------------------------
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
revoke execute on function public.product_lots_sync_stock() from public, anon, authenticated;

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
revoke execute on function public.product_lots_touch() from public, anon, authenticated;

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
revoke execute on function public.products_guard_lot_stock() from public, anon, authenticated;

-- Storefront: the earliest best-before that would ship now ----------------------------------------
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
revoke execute on function public.product_best_before(p_product_ids uuid[]) from public;
grant execute on function public.product_best_before(p_product_ids uuid[]) to anon, authenticated, service_role;

-- Orders: allocate lots first-expiry-first-out, give them back on cancelling ----------------------
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
revoke execute on function public.order_allocate_lots(p_order_id uuid) from public, anon, authenticated;

-- Back office: lots of one product, saved together ------------------------------------------------
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
revoke execute on function public.admin_save_product_lots(p_product_id uuid, p_lots jsonb) from public, anon;
grant execute on function public.admin_save_product_lots(p_product_id uuid, p_lots jsonb) to authenticated, service_role;

-- Dashboard: low stock and expiring lots ----------------------------------------------------------
create or replace function public.admin_stock_alerts(
  p_low_stock_below integer default null,
  p_expiring_days integer default null,
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
  v_below integer := least(greatest(coalesce(p_low_stock_below,
    (select s.low_stock_threshold from public.store_settings s), 10), 1), 1000000);
  v_days integer := least(greatest(coalesce(p_expiring_days,
    (select s.expiry_alert_days from public.store_settings s), 90), 0), 3660);
begin
  if not public.has_admin_permission('products') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'low_stock_below', v_below,
    'expiring_days', v_days,
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
  'denied): low_stock = products whose stock_count is below p_low_stock_below (by default '
  'store_settings.low_stock_threshold, 10: what the storefront shows as low or out of stock), fewest '
  'first; expiring = lots holding stock whose best-before is within p_expiring_days days (by default '
  'store_settings.expiry_alert_days, 90), already expired ones first with expired true; each list at '
  'most p_limit entries, with the totals and the two thresholds used (low_stock_below, expiring_days).';
revoke execute on function public.admin_stock_alerts(p_low_stock_below integer, p_expiring_days integer, p_limit integer) from public, anon;
grant execute on function public.admin_stock_alerts(p_low_stock_below integer, p_expiring_days integer, p_limit integer) to authenticated, service_role;

-- Triggers ----------------------------------------------------------------------------------------
create trigger product_lots_sync_stock
  after insert or update or delete on public.product_lots
  for each row execute function public.product_lots_sync_stock();

create trigger product_lots_touch
  before update on public.product_lots
  for each row execute function public.product_lots_touch();

create trigger products_guard_lot_stock
  before update of stock_count on public.products
  for each row execute function public.products_guard_lot_stock();

-- Row-level security ------------------------------------------------------------------------------
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

-- Grants ------------------------------------------------------------------------------------------
revoke all on public.product_lots from anon, authenticated;
grant select, insert, update, delete on public.product_lots to authenticated;
grant all on public.product_lots to service_role;
