-- The gaps in the order flow: refunds owed, shipping only when paid, refusal at the door, returns, and
-- revenue that leaves out what was given back.
-- Why:
--   * A customer could cancel a pending order that staff had already marked paid: it ended cancelled
--     and paid, with nothing to say the money was owed. Cancelling (or returning) a paid order now moves
--     its payment to refund_pending ("Refund due"), which staff settle with refund_pending→refunded.
--   * An order could ship and complete while still awaiting payment, and shipping gave the customer's
--     reviews the verified-purchase mark. Shipping and completing now need the order paid, except pay
--     on delivery (paid at the door); verified purchases come only from paid orders that shipped or
--     completed, or pay-on-delivery orders that were completed (delivered).
--   * A pay-on-delivery order the customer refuses at the door can now be cancelled from shipped
--     ("Refused at the door"); its stock goes back.
--   * There was no way back from shipped: admin_return_order moves a shipped or completed order to
--     returned, restocks it (into the lots it came from) when the goods can be sold again, and makes a
--     paid order refund_pending.
--   * Refunded orders still counted as revenue. Revenue (the dashboard and the customers' total spent)
--     now counts an order only when order_sale_status says so: not cancelled or returned, and not
--     refunded or refund_pending. The rollups key on it (and so follow payment changes too), and the
--     two rollups that hold revenue are rebuilt from the orders.
-- Messages raised with SQLSTATE P0001 are shown as they are; 42501 means no permission.

-- What counts as sold ----------------------------------------------------------------------------------

-- No SET clause and qualified names only, so the planner inlines it into the dashboard's scans.
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

-- Statuses -------------------------------------------------------------------------------------------

alter table public.orders drop constraint orders_status_check;
alter table public.orders add constraint orders_status_check
  check (status in ('pending', 'processing', 'shipped', 'completed', 'cancelled', 'returned'));
alter table public.orders drop constraint orders_payment_status_check;
alter table public.orders add constraint orders_payment_status_check
  check (payment_status in ('awaiting_payment', 'paid', 'refund_pending', 'refunded'));

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
    else false
  end;
$$;

comment on function public.payment_status_move_allowed(text, text, text) is
  'True for the allowed payment moves: awaiting_payment→paid (not on a cancelled or returned order), '
  'paid→refunded, paid→refund_pending (a paid order cancelled or returned: the shop owes a refund) and '
  'refund_pending→refunded.';

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

-- A paid order that is cancelled or returned owes a refund ------------------------------------------

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
  'payment_changed event with the administrator.';

-- The dashboard's covering index also carries the payment status, which revenue now depends on.
drop index public.orders_created_at_figures_idx;
create index orders_created_at_figures_idx on public.orders (created_at)
  include (status, payment_status, total_amount, user_id);

-- Verified purchases: paid orders that shipped, or pay-on-delivery orders that were delivered -----------

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

drop trigger orders_refresh_review_verification on public.orders;
create trigger orders_refresh_review_verification
  after update of status, payment_status on public.orders
  for each row
  when ((old.status is distinct from new.status or old.payment_status is distinct from new.payment_status)
    and new.user_id is not null)
  execute function public.orders_refresh_review_verification();

-- Revenue leaves out what was not a sale ------------------------------------------------------------------

create or replace function public.dashboard_orders_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
set jit = off
set work_mem = '64MB'
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.dashboard_order_days as t (day, order_count, sold_count, revenue)
    select public.dashboard_utc_day(n.created_at), count(*),
      count(*) filter (where public.order_sale_status(n.status, n.payment_status) <> 'cancelled'),
      coalesce(sum(n.total_amount) filter (where public.order_sale_status(n.status, n.payment_status) <> 'cancelled'), 0)
    from new_rows n
    group by 1
    order by 1
    on conflict (day) do update
      set order_count = t.order_count + excluded.order_count,
        sold_count = t.sold_count + excluded.sold_count,
        revenue = t.revenue + excluded.revenue;

    insert into public.dashboard_customer_days as t (day, user_id, order_count)
    select public.dashboard_utc_day(n.created_at), n.user_id, count(*)
    from new_rows n
    where n.user_id is not null
    group by 1, 2
    order by 1, 2
    on conflict (day, user_id) do update set order_count = t.order_count + excluded.order_count;

    insert into public.dashboard_customers as t (user_id, order_count)
    select n.user_id, count(*)
    from new_rows n
    where n.user_id is not null
    group by 1
    order by 1
    on conflict (user_id) do update set order_count = t.order_count + excluded.order_count;
    -- Lines come after their order (order_items trigger); an order inserted with lines already
    -- present cannot happen (order_items references orders).
  elsif tg_op = 'UPDATE' then
    -- Orders whose figures change: out with the old row, in with the new.
    perform public.dashboard_apply_orders((
      select coalesce(jsonb_agg(x.r), '[]') from (
        select jsonb_build_object('created_at', o.created_at, 'user_id', o.user_id, 'status', public.order_sale_status(o.status, o.payment_status),
          'total_amount', o.total_amount, 'sign', -1) as r
        from old_rows o join new_rows n on n.id = o.id
        where (o.created_at, o.user_id, o.status, o.payment_status, o.total_amount)
          is distinct from (n.created_at, n.user_id, n.status, n.payment_status, n.total_amount)
        union all
        select jsonb_build_object('created_at', n.created_at, 'user_id', n.user_id, 'status', public.order_sale_status(n.status, n.payment_status),
          'total_amount', n.total_amount, 'sign', 1)
        from old_rows o join new_rows n on n.id = o.id
        where (o.created_at, o.user_id, o.status, o.payment_status, o.total_amount)
          is distinct from (n.created_at, n.user_id, n.status, n.payment_status, n.total_amount)
      ) x));
    -- Their lines move when the day or the cancelled state changes.
    perform public.dashboard_apply_lines((
      select coalesce(jsonb_agg(x.r), '[]') from (
        select jsonb_build_object('created_at', c.created_at, 'product_id', i.product_id,
          'product_name', i.product_name, 'quantity', i.quantity, 'unit_price', i.unit_price,
          'sign', c.sign) as r
        from (
          select o.id, o.created_at, -1 as sign
          from old_rows o join new_rows n on n.id = o.id
          where public.order_sale_status(o.status, o.payment_status) <> 'cancelled'
            and (o.created_at is distinct from n.created_at or public.order_sale_status(n.status, n.payment_status) = 'cancelled')
          union all
          select n.id, n.created_at, 1
          from old_rows o join new_rows n on n.id = o.id
          where public.order_sale_status(n.status, n.payment_status) <> 'cancelled'
            and (o.created_at is distinct from n.created_at or public.order_sale_status(o.status, o.payment_status) = 'cancelled')
        ) c
        join public.order_items i on i.order_id = c.id
      ) x));
  end if;
  return null;
end;
$$;

create or replace function public.dashboard_orders_rollup_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.dashboard_apply_orders(jsonb_build_array(jsonb_build_object('created_at', old.created_at,
    'user_id', old.user_id, 'status', public.order_sale_status(old.status, old.payment_status), 'total_amount', old.total_amount, 'sign', -1)));
  if public.order_sale_status(old.status, old.payment_status) <> 'cancelled' then
    perform public.dashboard_apply_lines((
      select coalesce(jsonb_agg(jsonb_build_object('created_at', old.created_at, 'product_id', i.product_id,
        'product_name', i.product_name, 'quantity', i.quantity, 'unit_price', i.unit_price, 'sign', -1)), '[]')
      from public.order_items i where i.order_id = old.id));
  end if;
  return old;
end;
$$;

create or replace function public.dashboard_order_items_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
set jit = off
set work_mem = '64MB'
as $$
declare
  v_lines jsonb := '[]';
begin
  if tg_op = 'INSERT' then
    insert into public.dashboard_product_sales as t
      (period, period_start, item_key, product_id, deleted_name, units, revenue)
    select p.period,
      case p.period when 'day' then l.day else date_trunc('month', l.day::timestamp)::date end,
      l.item_key, min(l.product_id::text)::uuid, min(l.deleted_name), sum(l.units), sum(l.revenue)
    from (
      select public.dashboard_utc_day(o.created_at) as day,
        coalesce(i.product_id::text, 'name:' || i.product_name) as item_key,
        i.product_id,
        case when i.product_id is null then i.product_name end as deleted_name,
        i.quantity::bigint as units,
        i.unit_price * i.quantity as revenue
      from new_rows i
      join public.orders o on o.id = i.order_id
      where public.order_sale_status(o.status, o.payment_status) <> 'cancelled'
    ) l
    cross join (values ('day'), ('month')) as p (period)
    group by 1, 2, 3
    order by 1, 2, 3
    on conflict (period, period_start, item_key) do update
      set units = t.units + excluded.units, revenue = t.revenue + excluded.revenue;
    return null;
  end if;
  -- Updates and deletes: the old lines out, the new in.
  select coalesce(jsonb_agg(jsonb_build_object('created_at', o.created_at, 'product_id', i.product_id,
    'product_name', i.product_name, 'quantity', i.quantity, 'unit_price', i.unit_price, 'sign', -1)), '[]')
  into v_lines
  from old_rows i
  join public.orders o on o.id = i.order_id
  where public.order_sale_status(o.status, o.payment_status) <> 'cancelled';
  if tg_op = 'UPDATE' then
    select v_lines || coalesce(jsonb_agg(jsonb_build_object('created_at', o.created_at, 'product_id',
      i.product_id, 'product_name', i.product_name, 'quantity', i.quantity, 'unit_price', i.unit_price,
      'sign', 1)), '[]')
    into v_lines
    from new_rows i
    join public.orders o on o.id = i.order_id
    where public.order_sale_status(o.status, o.payment_status) <> 'cancelled';
  end if;
  if jsonb_array_length(v_lines) > 0 then
    perform public.dashboard_apply_lines(v_lines);
  end if;
  return null;
end;
$$;

create or replace function public.dashboard_period_figures(p_from timestamptz, p_to timestamptz, p_to_inclusive boolean)
returns table (orders bigint, customers bigint, revenue numeric)
language sql
stable
security definer
set search_path = ''
set jit = off
as $$
  with b as (
    select d.full_from, greatest(d.full_from, d.full_to) as full_to
    from (
      select
        case when p_from = (public.dashboard_utc_day(p_from)::timestamp at time zone 'UTC')
          then public.dashboard_utc_day(p_from)
          else public.dashboard_utc_day(p_from) + 1 end as full_from,
        public.dashboard_utc_day(p_to) as full_to
    ) d
  ),
  edges as (
    select o.user_id, public.order_sale_status(o.status, o.payment_status) as status, o.total_amount
    from public.orders o, b
    where o.created_at >= p_from
      and o.created_at < (b.full_from::timestamp at time zone 'UTC')
      and (o.created_at < p_to or (p_to_inclusive and o.created_at = p_to))
    union all
    select o.user_id, public.order_sale_status(o.status, o.payment_status) as status, o.total_amount
    from public.orders o, b
    where o.created_at >= (b.full_to::timestamp at time zone 'UTC')
      and o.created_at >= p_from
      and (o.created_at < p_to or (p_to_inclusive and o.created_at = p_to))
  )
  select
    (select coalesce(sum(d.order_count), 0) from public.dashboard_order_days d, b
      where d.day >= b.full_from and d.day < b.full_to)::bigint
      + (select count(*) from edges),
    (select count(*) from (
      select c.user_id from public.dashboard_customer_days c, b
      where c.day >= b.full_from and c.day < b.full_to and c.order_count > 0
      union
      select e.user_id from edges e where e.user_id is not null
    ) u),
    (select coalesce(sum(d.revenue), 0) from public.dashboard_order_days d, b
      where d.day >= b.full_from and d.day < b.full_to)
      + (select coalesce(sum(e.total_amount), 0) from edges e where e.status <> 'cancelled');
$$;

create or replace function public.dashboard_product_totals(p_start timestamptz, p_keys text[])
returns table (item_key text, product_id uuid, deleted_name text, units bigint, revenue numeric)
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
#variable_conflict use_column
declare
  -- The first whole UTC day of the window, and the first whole month.
  v_full_from date := case when p_start = (public.dashboard_utc_day(p_start)::timestamp at time zone 'UTC')
    then public.dashboard_utc_day(p_start) else public.dashboard_utc_day(p_start) + 1 end;
  v_months_from date := (date_trunc('month', v_full_from::timestamp) + case
    when v_full_from = date_trunc('month', v_full_from::timestamp)::date
    then interval '0' else interval '1 month' end)::date;
begin
  return query
  with edge_orders as materialized (
    -- The partial first day: its orders through the date index, then their lines.
    select o.id from public.orders o
    where public.order_sale_status(o.status, o.payment_status) <> 'cancelled'
      and o.created_at >= p_start
      and o.created_at < (v_full_from::timestamp at time zone 'UTC')
  ),
  pieces as (
    -- The month rollups from the first whole month on.
    select s.item_key, s.product_id, s.deleted_name, s.units, s.revenue
    from public.dashboard_product_sales s
    where s.item_key = any (p_keys) and s.period = 'month' and s.period_start >= v_months_from
    union all
    -- The day rollups of the whole days before it.
    select s.item_key, s.product_id, s.deleted_name, s.units, s.revenue
    from public.dashboard_product_sales s
    where s.item_key = any (p_keys) and s.period = 'day'
      and s.period_start >= v_full_from and s.period_start < v_months_from
    union all
    select x.item_key, x.product_id, x.deleted_name, x.units, x.revenue
    from (
      select coalesce(oi.product_id::text, 'name:' || oi.product_name) as item_key, oi.product_id,
        case when oi.product_id is null then oi.product_name end as deleted_name,
        oi.quantity::bigint as units, oi.unit_price * oi.quantity as revenue
      from edge_orders e
      join public.order_items oi on oi.order_id = e.id
      offset 0
    ) x
    where x.item_key = any (p_keys)
  )
  select p.item_key, min(p.product_id::text)::uuid, min(p.deleted_name), sum(p.units)::bigint,
    sum(p.revenue)::numeric
  from pieces p
  group by p.item_key
  having sum(p.units) > 0;
end;
$$;

create or replace function public.admin_dashboard_summary(p_days integer default 30)
returns table (
  product_count bigint,
  category_count bigint,
  order_count bigint,
  customer_count bigint,
  revenue numeric,
  products_current bigint,
  products_previous bigint,
  categories_current bigint,
  categories_previous bigint,
  orders_current bigint,
  orders_previous bigint,
  customers_current bigint,
  customers_previous bigint,
  revenue_current numeric,
  revenue_previous numeric
)
language sql
stable
security definer
set search_path = ''
set jit = off
as $$
  with bounds as (
    select
      now() as period_end,
      now() - make_interval(days => greatest(p_days, 1)) as current_start,
      now() - make_interval(days => 2 * greatest(p_days, 1)) as previous_start,
      -- The caller's reach as row-level security gave it: every order, else their own.
      (select public.has_admin_permission('orders')) as all_orders,
      (select auth.uid()) as caller
  ),
  -- Every order: the rollups.
  rolled as (
    select
      (select coalesce(sum(d.order_count), 0) from public.dashboard_order_days d)::bigint as orders_all,
      (select count(*) from public.dashboard_customers c where c.order_count > 0) as customers_all,
      (select coalesce(sum(d.revenue), 0) from public.dashboard_order_days d) as revenue_all,
      cur.orders as orders_current, prev.orders as orders_previous,
      cur.customers as customers_current, prev.customers as customers_previous,
      cur.revenue as revenue_current, prev.revenue as revenue_previous
    from bounds b
    cross join lateral public.dashboard_period_figures(b.current_start, b.period_end, true) cur
    cross join lateral public.dashboard_period_figures(b.previous_start, b.current_start, false) prev
    where b.all_orders
  ),
  -- The caller's own orders (no orders permission).
  own as (
    select
      count(*) as orders_all,
      count(distinct o.user_id) as customers_all,
      coalesce(sum(o.total_amount) filter (where public.order_sale_status(o.status, o.payment_status) <> 'cancelled'), 0) as revenue_all,
      count(*) filter (where o.created_at >= b.current_start and o.created_at <= b.period_end) as orders_current,
      count(*) filter (where o.created_at >= b.previous_start and o.created_at < b.current_start)
        as orders_previous,
      count(distinct o.user_id) filter (where o.created_at >= b.current_start and o.created_at <= b.period_end)
        as customers_current,
      count(distinct o.user_id) filter (where o.created_at >= b.previous_start and o.created_at < b.current_start)
        as customers_previous,
      coalesce(sum(o.total_amount) filter (
        where public.order_sale_status(o.status, o.payment_status) <> 'cancelled' and o.created_at >= b.current_start and o.created_at <= b.period_end
      ), 0) as revenue_current,
      coalesce(sum(o.total_amount) filter (
        where public.order_sale_status(o.status, o.payment_status) <> 'cancelled' and o.created_at >= b.previous_start and o.created_at < b.current_start
      ), 0) as revenue_previous
    from bounds b
    join public.orders o on o.user_id = b.caller
    where not b.all_orders
  ),
  order_figures as (
    select * from rolled
    union all
    select * from own where not (select b.all_orders from bounds b)
  ),
  product_figures as (
    select
      count(*) as all_count,
      count(*) filter (where p.created_at >= b.current_start and p.created_at <= b.period_end) as current_count,
      count(*) filter (where p.created_at >= b.previous_start and p.created_at < b.current_start) as previous_count
    from public.products p
    cross join bounds b
  ),
  category_figures as (
    select
      count(*) as all_count,
      count(*) filter (where c.created_at >= b.current_start and c.created_at <= b.period_end) as current_count,
      count(*) filter (where c.created_at >= b.previous_start and c.created_at < b.current_start) as previous_count
    from public.categories c
    cross join bounds b
  )
  select
    pf.all_count, cf.all_count, f.orders_all, f.customers_all, f.revenue_all,
    pf.current_count, pf.previous_count, cf.current_count, cf.previous_count,
    f.orders_current, f.orders_previous, f.customers_current, f.customers_previous,
    f.revenue_current, f.revenue_previous
  from order_figures f, product_figures pf, category_figures cf;
$$;

create or replace function public.admin_sales_overview(p_months integer default 6)
returns table (month date, revenue numeric, orders bigint)
language sql
stable
security definer
set search_path = ''
set jit = off
as $$
  with bounds as (
    select
      date_trunc('month', now())
        - make_interval(months => least(greatest(coalesce(p_months, 6), 1), 36) - 1) as first_month,
      date_trunc('month', now()) + interval '1 month' as after_last
  ),
  sold as (
    select date_trunc('month', o.created_at) as month_start, sum(o.total_amount) as revenue, count(*) as orders
    from public.orders o
    cross join bounds b
    where o.created_at >= b.first_month
      and o.created_at < b.after_last
      and public.order_sale_status(o.status, o.payment_status) <> 'cancelled'
    group by 1
  )
  select m.month_start::date, coalesce(s.revenue, 0)::numeric, coalesce(s.orders, 0)::bigint
  from bounds b
  cross join lateral generate_series(b.first_month, b.after_last - interval '1 month', interval '1 month')
    as m (month_start)
  left join sold s on s.month_start = m.month_start
  where (select public.has_admin_permission('orders'))
  order by m.month_start;
$$;

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

-- The rollups that hold revenue, rebuilt from the orders with the new rule.
delete from public.dashboard_order_days;
insert into public.dashboard_order_days (day, order_count, sold_count, revenue)
select public.dashboard_utc_day(o.created_at), count(*),
  count(*) filter (where public.order_sale_status(o.status, o.payment_status) <> 'cancelled'),
  coalesce(sum(o.total_amount) filter (where public.order_sale_status(o.status, o.payment_status) <> 'cancelled'), 0)
from public.orders o
group by 1;

delete from public.dashboard_product_sales;
insert into public.dashboard_product_sales (period, period_start, item_key, product_id, deleted_name, units, revenue)
select p.period,
  case p.period when 'day' then public.dashboard_utc_day(o.created_at)
    else date_trunc('month', public.dashboard_utc_day(o.created_at)::timestamp)::date end,
  coalesce(i.product_id::text, 'name:' || i.product_name),
  min(i.product_id::text)::uuid,
  min(case when i.product_id is null then i.product_name end),
  sum(i.quantity), sum(i.unit_price * i.quantity)
from public.orders o
join public.order_items i on i.order_id = o.id
cross join (values ('day'), ('month')) as p (period)
where public.order_sale_status(o.status, o.payment_status) <> 'cancelled'
group by 1, 2, 3;

-- Function privileges ------------------------------------------------------------------------------

revoke execute on function public.order_refund_due(uuid, text) from public, anon, authenticated;
revoke execute on function public.admin_return_order(uuid, boolean, text) from public, anon;
grant execute on function public.admin_return_order(uuid, boolean, text) to authenticated, service_role;
