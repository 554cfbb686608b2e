-- An emergency's declaration takes its start (default now; in the last 30 days, never in the future);
-- the price-rise guard's 30-day look-back counts from that start, and its refusal says so.
drop function public.admin_declare_emergency(text, text, numeric);

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
