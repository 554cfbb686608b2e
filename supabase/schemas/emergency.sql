-- Emergency mode: staff with the `settings` permission declare an emergency (a name, the regions it
-- affects, a start) and end it. At most one is open at a time. While one is open:
--   * the storefront shows a banner (everyone reads the open emergency's name, regions and start);
--   * the price-rise guard: the database refuses to raise a product's price more than the emergency's
--     price_rise_limit_percent (default 10) above its reference price: the highest price it had in the
--     30 days before the declaration (its price at the declaration, and every price before and after a
--     staff change in those 30 days, from the audit log), kept per product in emergency_price_caps when
--     the emergency is declared. A product added during the emergency is capped from its first price.
--     Price drops are always allowed. The guard holds on every path (back office, bulk edit, CSV import,
--     REST, the service role): it is a trigger on products.
--   * the back-in-stock waitlist is served in order of sign-up, each e-mail holding a unit for its
--     subscriber for store_settings.waitlist_hold_hours (waitlist_holds, waitlist.sql); ending the
--     emergency ends every hold and e-mails the subscribers still waiting for a product in stock.
--   * purchase limits count a customer's other orders over store_settings.purchase_limit_window_days,
--     not only the order (checkout_lines, orders.sql); with no emergency open a limit is per order.
-- Declaring and ending go through admin_declare_emergency
-- and admin_end_emergency; both are in the staff audit log (entity 'emergency').

-- Tables ------------------------------------------------------------------------------------------
create table public.emergencies (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 120 and name = btrim(name)),
  regions text not null default '' check (length(regions) <= 500),
  starts_at timestamptz not null default now(),
  ended_at timestamptz check (ended_at is null or ended_at >= starts_at),
  price_rise_limit_percent numeric not null default 10
    check (price_rise_limit_percent between 0 and 100 and price_rise_limit_percent = round(price_rise_limit_percent, 2)),
  declared_by uuid,
  ended_by uuid
);

comment on table public.emergencies is
  'Declared emergencies; the one with ended_at null is open (at most one). Everyone reads name, regions, '
  'start, end and the price-rise limit (the storefront''s banner); written only by admin_declare_emergency '
  'and admin_end_emergency.';

-- At most one open emergency.
create unique index emergencies_one_open_idx on public.emergencies ((true)) where ended_at is null;

create table public.emergency_price_caps (
  emergency_id uuid not null references public.emergencies (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete cascade,
  reference_price numeric not null check (reference_price >= 0),
  primary key (emergency_id, product_id)
);

comment on table public.emergency_price_caps is
  'Per emergency and product: the reference price of the price-rise guard (the highest price in the 30 '
  'days before the declaration). Written by the database; read by staff with products or settings.';

create index emergency_price_caps_product_id_idx on public.emergency_price_caps (product_id);

alter table public.emergencies enable row level security;
alter table public.emergency_price_caps enable row level security;

-- Functions ---------------------------------------------------------------------------------------
create or replace function public.admin_declare_emergency(
  p_name text,
  p_regions text default '',
  p_price_rise_limit_percent numeric default 10,
  p_starts_at timestamptz default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text := btrim(coalesce(p_name, ''));
  v_regions text := btrim(coalesce(p_regions, ''));
  v_limit numeric := coalesce(p_price_rise_limit_percent, 10);
  v_id uuid;
  v_start timestamptz := coalesce(p_starts_at, now());
begin
  if not public.has_admin_permission('settings') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  if v_name = '' or length(v_name) > 120 then
    raise exception 'Please enter a name for the emergency (at most 120 characters)' using errcode = '22023';
  end if;
  if length(v_regions) > 500 then
    raise exception 'The regions are at most 500 characters' using errcode = '22023';
  end if;
  if v_limit < 0 or v_limit > 100 or v_limit <> round(v_limit, 2) then
    raise exception 'The price-rise limit is a percentage between 0 and 100' using errcode = '22023';
  end if;
  -- An emergency is declared once it has begun: its start is now or in the last 30 days.
  if v_start > now() or v_start < now() - interval '30 days' then
    raise exception 'The start is a moment in the last 30 days, not in the future' using errcode = '22023';
  end if;
  -- One declaration at a time (the unique index is the last word).
  perform pg_advisory_xact_lock(hashtext('public.emergencies'));
  if exists (select 1 from public.emergencies e where e.ended_at is null) then
    raise exception 'An emergency is already declared: end it first' using errcode = '23505';
  end if;

  insert into public.emergencies (name, regions, starts_at, price_rise_limit_percent, declared_by)
  values (v_name, v_regions, v_start, v_limit, (select auth.uid()))
  returning id into v_id;

  -- Each product's reference: its price now, or a higher one it had from 30 days before the start on.
  insert into public.emergency_price_caps (emergency_id, product_id, reference_price)
  select v_id, p.id, greatest(p.price, coalesce(h.top, 0))
  from public.products p
  left join lateral (
    select max(greatest(
      (a.changes #>> '{price,before}')::numeric,
      (a.changes #>> '{price,after}')::numeric)) as top
    from public.audit_log a
    where a.record_id = p.id::text
      and a.at >= v_start - interval '30 days'
      and a.entity = 'product'
      and a.changes ? 'price'
  ) h on true;
  return v_id;
end;
$$;

comment on function public.admin_declare_emergency(text, text, numeric, timestamptz) is
  'Declares an emergency (settings permission): name (1-120 characters), regions (free text, at most '
  '500), the price-rise limit in percent (0-100, default 10), its start (default now; in the last 30 days, '
  'never in the future, 22023). Records every product''s reference price: the highest it had from 30 days '
  'before the start on. Refused while another is open (23505).';
revoke execute on function public.admin_declare_emergency(text, text, numeric, timestamptz) from public, anon;
grant execute on function public.admin_declare_emergency(text, text, numeric, timestamptz) to authenticated, service_role;

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

-- Before a product's price rises: refuses a price above the open emergency's cap.
create or replace function public.products_price_rise_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_cap numeric;
  v_limit numeric;
  v_name text;
  v_reference numeric;
begin
  if new.price <= old.price then
    return new;
  end if;
  select c.reference_price, e.price_rise_limit_percent, e.name
  into v_reference, v_limit, v_name
  from public.emergencies e
  join public.emergency_price_caps c on c.emergency_id = e.id and c.product_id = new.id
  where e.ended_at is null and e.starts_at <= now();
  if not found then
    return new;
  end if;
  v_cap := trunc(v_reference * (1 + v_limit / 100), 2);
  if new.price > v_cap then
    raise exception using errcode = '23514', hint = 'emergency_price_cap', message = format(
      'During the emergency "%s" the price of "%s" may rise to at most $%s (%s%% above its highest price '
      'in the 30 days before it began, $%s)',
      v_name, new.name, to_char(v_cap, 'FM999999990.00'), trim_scale(v_limit), to_char(v_reference, 'FM999999990.00'));
  end if;
  return new;
end;
$$;

comment on function public.products_price_rise_guard() is
  'Before update of price on products: during an open emergency, refuses a price above the product''s '
  'reference price plus the emergency''s price-rise limit (23514, hint emergency_price_cap, the cap in '
  'the message).';
revoke execute on function public.products_price_rise_guard() from public, anon, authenticated;

-- After a product is added during an open emergency: its first price is its reference.
create or replace function public.products_emergency_cap()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.emergency_price_caps (emergency_id, product_id, reference_price)
  select e.id, new.id, new.price
  from public.emergencies e
  where e.ended_at is null
  on conflict do nothing;
  return null;
end;
$$;

comment on function public.products_emergency_cap() is
  'After insert on products: during an open emergency, records the new product''s first price as its '
  'reference price.';
revoke execute on function public.products_emergency_cap() from public, anon, authenticated;

-- Triggers ----------------------------------------------------------------------------------------
create trigger products_price_rise_guard
  before update of price on public.products
  for each row execute function public.products_price_rise_guard();

create trigger products_emergency_cap
  after insert on public.products
  for each row execute function public.products_emergency_cap();

create trigger emergencies_audit
  after insert or update or delete on public.emergencies
  for each row execute function public.audit_record('emergency', 'name', '', '');

-- Policies ----------------------------------------------------------------------------------------
create policy emergencies_select on public.emergencies
  for select to anon, authenticated
  using (true);

create policy emergency_price_caps_select on public.emergency_price_caps
  for select to authenticated
  using ((select public.has_admin_permission('products')) or (select public.has_admin_permission('settings')));

-- Grants ------------------------------------------------------------------------------------------
-- Who declared or ended one is for staff (the audit log), not for the storefront.
revoke all on public.emergencies from anon, authenticated;
grant select (id, name, regions, starts_at, ended_at, price_rise_limit_percent)
  on public.emergencies to anon, authenticated;
grant all on public.emergencies to service_role;

revoke all on public.emergency_price_caps from anon, authenticated;
grant select on public.emergency_price_caps to authenticated;
grant all on public.emergency_price_caps to service_role;
