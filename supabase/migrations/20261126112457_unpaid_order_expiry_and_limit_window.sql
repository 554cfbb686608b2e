-- Unpaid orders stop holding stock, purchase limits count a customer's recent orders, and stock that a
-- quick cancellation puts back is announced to the waitlist only if it is still there a while later.
-- Why: a fresh account bought out a product limited to 2 per order with two unpaid bank-transfer
-- orders, which held the stock for ever; and cancelling and re-ordering released the stock just long
-- enough to fire (and use up) every back-in-stock e-mail, then took it back.
--
--   * store_settings: the shop's settings, one row (id = true), typed and checked columns, readable by
--     everyone (the storefront shows them), changed only by an administrator with the settings
--     permission. This migration brings the first two; later ones add more columns (free-shipping
--     threshold, tax, ...):
--       - unpaid_order_hold_hours (default 72): how long an order waiting for a bank transfer holds its
--         stock;
--       - purchase_limit_window_days (default 7): the days over which a product's purchase_limit counts
--         the customer's other orders.
--   * orders_expire_unpaid(p_now): cancels every pending bank-transfer order still awaiting payment
--     that was placed more than unpaid_order_hold_hours before p_now: its stock and lots go back
--     (order_restock), and a cancelled event by the system with the reason is written. Pay on delivery
--     is not held to it (it is paid when it arrives). There are no order e-mails yet; when there are,
--     this is where the expiry e-mail is queued (outbox_messages, in the same transaction).
--   * checkout_lines (and so checkout_quote and place_order): a product's purchase_limit also counts
--     the units of that product in the customer's other orders placed within purchase_limit_window_days
--     that are not cancelled. place_order locks the products before judging the lines, so two orders
--     of one customer for a limited product are judged one after the other and the second sees the first.
--   * Back-in-stock e-mails: stock that comes back from an order cancelled less than 10 minutes after
--     it was placed does not fire them at once. The product is put on hold (waitlist_restock_holds) and
--     waitlist_release_restock_holds announces it 10 minutes later only if it is still in stock then. A
--     cancel-and-re-order trick finds the stock gone and the subscribers still waiting; stock that
--     really came back is announced, just later. (Refusing to announce it at all would leave the
--     subscribers waiting for the next delivery.)
--   * scheduled_jobs_run(p_now): runs both jobs; hosted projects schedule it with pg_cron every five
--     minutes (done below when pg_cron is installed; see supabase/README.md), the local stack's
--     scheduler (stack/scheduler.ts) calls it the same way. p_now is the clock: tests pass their own.
-- Messages raised with SQLSTATE P0001 are shown to shoppers as they are; 42501 means no permission.

-- The shop's settings ---------------------------------------------------------------------------------

create table public.store_settings (
  id boolean primary key default true check (id),
  unpaid_order_hold_hours integer not null default 72 check (unpaid_order_hold_hours between 1 and 720),
  purchase_limit_window_days integer not null default 7 check (purchase_limit_window_days between 0 and 365),
  updated_at timestamptz not null default now(),
  updated_by uuid
);

comment on table public.store_settings is
  'The shop''s settings: exactly one row (id = true). Everyone reads it; an administrator with the '
  'settings permission updates it. Later settings (free-shipping threshold, tax, ...) are added as columns.';
comment on column public.store_settings.unpaid_order_hold_hours is
  'Hours a pending bank-transfer order awaiting payment holds its stock before orders_expire_unpaid '
  'cancels it (1-720, default 72).';
comment on column public.store_settings.purchase_limit_window_days is
  'Days over which a product''s purchase_limit also counts the customer''s other orders that are not '
  'cancelled (0-365, default 7; 0 = per order only).';

insert into public.store_settings (id) values (true);

create or replace function public.store_settings_touch()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.id := true;
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  return new;
end;
$$;

create trigger store_settings_touch
  before update on public.store_settings
  for each row execute function public.store_settings_touch();

alter table public.store_settings enable row level security;

revoke all on public.store_settings from anon, authenticated;
grant select on public.store_settings to anon, authenticated;
grant update (unpaid_order_hold_hours, purchase_limit_window_days) on public.store_settings to authenticated;
grant all on public.store_settings to service_role;

create policy store_settings_select on public.store_settings
  for select to anon, authenticated
  using (true);

create policy store_settings_update on public.store_settings
  for update to authenticated
  using ((select public.has_admin_permission('settings')))
  with check ((select public.has_admin_permission('settings')));

-- Purchase limits over a window -----------------------------------------------------------------------

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
      coalesce(recent.quantity, 0) as already, st.window_days
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
      select sum(oi.quantity)::integer as quantity
      from public.orders o
      join public.order_items oi on oi.order_id = o.id
      where pr.purchase_limit is not null
        and st.window_days > 0
        and o.user_id = (select auth.uid())
        and oi.product_id = pr.id
        and o.status not in ('cancelled', 'returned')
        and o.created_at > now() - make_interval(days => st.window_days)
    ) recent on true
  )
  select s.ord, s.product_id, s.name, s.slug, s.image_url, s.price, s.original_price,
    case when s.bad_quantity then null else s.quantity end,
    s.stock, s.in_stock and s.stock > 0, s.purchase_limit,
    case when s.found_id is null or s.bad_quantity or s.quantity > 999 then 0::numeric
      else round(s.price * s.quantity, 2) end,
    s.found_id is not null,
    case
      when s.found_id is null then 'A product in your cart is no longer available'
      when s.bad_quantity or s.quantity > 999 then 'Please enter a valid quantity'
      when not s.in_stock or s.stock <= 0 then format('"%s" is out of stock', s.name)
      when s.purchase_limit is not null and s.quantity > s.purchase_limit
        and s.purchase_limit <= s.stock
        then format('You can buy at most %s of "%s" per order', s.purchase_limit, s.name)
      when s.purchase_limit is not null and s.already > 0 and s.quantity + s.already > s.purchase_limit
        and s.quantity <= s.stock
        then format('You can buy at most %s of "%s" in %s days, and your other orders already hold %s',
          s.purchase_limit, s.name, s.window_days, s.already)
      when s.quantity > s.stock then format('Only %s of "%s" left in stock', s.stock, s.name)
    end
  from stocked s
  order by s.ord;
$$;

comment on function public.checkout_lines(jsonb) is
  'Internal: the cart lines [{product_id, quantity}] priced from products (extra keys ignored, one line '
  'per product), each with the problem that stops it from being ordered or null. stock_count is what can '
  'ship now: for a product with lots the quantity of its unexpired lots, else the plain stock_count. A '
  'purchase_limit counts the line plus the signed-in customer''s other orders of the product placed '
  'within store_settings.purchase_limit_window_days that are not cancelled or returned. Shared by '
  'checkout_quote and place_order so both judge a cart the same way.';

-- Back-in-stock e-mails wait when a quick cancellation brought the stock back ------------------------

create table public.waitlist_restock_holds (
  product_id uuid primary key references public.products (id) on delete cascade,
  due_at timestamptz not null,
  created_at timestamptz not null default now()
);

comment on table public.waitlist_restock_holds is
  'Products whose stock came back from an order cancelled within 10 minutes of being placed: their '
  'back-in-stock e-mails wait until due_at and go out only if the product is still in stock then '
  '(waitlist_release_restock_holds). Written only by the database.';

alter table public.waitlist_restock_holds enable row level security;
revoke all on public.waitlist_restock_holds from anon, authenticated;
grant all on public.waitlist_restock_holds to service_role;

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
  'marks them notified (a new one-click token each). Returns how many were queued.';

create or replace function public.products_queue_back_in_stock()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
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
  'product on hold for 10 minutes (waitlist_restock_holds).';

create or replace function public.waitlist_release_restock_holds(p_now timestamptz default now())
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_hold record;
  v_count integer := 0;
begin
  for v_hold in
    select h.product_id from public.waitlist_restock_holds h
    where h.due_at <= p_now
    order by h.product_id
    for update skip locked
  loop
    delete from public.waitlist_restock_holds h where h.product_id = v_hold.product_id;
    if exists (
      select 1 from public.products pr where pr.id = v_hold.product_id and pr.in_stock and pr.stock_count > 0
    ) then
      v_count := v_count + public.waitlist_queue_back_in_stock(v_hold.product_id);
    end if;
  end loop;
  return v_count;
end;
$$;

comment on function public.waitlist_release_restock_holds(timestamptz) is
  'Scheduled: for every hold due by p_now, queues the back-in-stock e-mails if the product is still in '
  'stock (else its subscribers keep waiting) and removes the hold. Returns the e-mails queued.';

-- Returning stock: quick cancellations put the waitlist on hold ---------------------------------------

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

-- Expiring unpaid orders -------------------------------------------------------------------------------

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
      and o.payment_method = 'bank_transfer'
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
  'Scheduled: cancels up to p_limit pending bank-transfer orders still awaiting payment that were placed '
  'more than store_settings.unpaid_order_hold_hours before p_now; their stock and lots go back and a '
  'cancelled event by the system says why. Returns how many expired.';

create or replace function public.scheduled_jobs_run(p_now timestamptz default now())
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_expired integer := public.orders_expire_unpaid(p_now);
  v_announced integer := public.waitlist_release_restock_holds(p_now);
begin
  return jsonb_build_object('expired_orders', v_expired, 'back_in_stock_emails', v_announced);
end;
$$;

comment on function public.scheduled_jobs_run(timestamptz) is
  'The shop''s periodic jobs in one call (pg_cron on hosted projects, stack/scheduler.ts locally): '
  'orders_expire_unpaid and waitlist_release_restock_holds with the clock p_now. Service role only.';

-- Hosted projects: run it every five minutes when pg_cron is installed (else see supabase/README.md).
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    execute $cron$select cron.schedule('prepper-scheduled-jobs', '*/5 * * * *', 'select public.scheduled_jobs_run()')$cron$;
  end if;
end;
$$;

-- Function privileges ------------------------------------------------------------------------------

revoke execute on function public.store_settings_touch() from public, anon, authenticated;
revoke execute on function public.checkout_lines(jsonb) from public, anon, authenticated;
revoke execute on function public.waitlist_queue_back_in_stock(uuid) from public, anon, authenticated;
revoke execute on function public.products_queue_back_in_stock() from public, anon, authenticated;
revoke execute on function public.waitlist_release_restock_holds(timestamptz) from public, anon, authenticated;
revoke execute on function public.order_restock(uuid) from public, anon, authenticated;
revoke execute on function public.orders_expire_unpaid(timestamptz, integer) from public, anon, authenticated;
revoke execute on function public.scheduled_jobs_run(timestamptz) from public, anon, authenticated;

grant execute on function public.waitlist_release_restock_holds(timestamptz) to service_role;
grant execute on function public.orders_expire_unpaid(timestamptz, integer) to service_role;
grant execute on function public.scheduled_jobs_run(timestamptz) to service_role;
