-- Store settings: the money rules, the shop's contact details and the stock alert thresholds move from
-- constants into public.store_settings (one row of typed, checked columns that everyone reads and only
-- an administrator with the settings permission changes). The defaults are the values the shop had, so
-- nothing changes until someone edits them.
--   * free_shipping_threshold (99.00), shipping_rate (9.99), tax_rate_percent (8.00): order_totals reads
--     them at every call, so checkout_quote and place_order always price with the current values.
--     Money is non-negative with at most two decimals, tax 0-30 %.
--   * store_name, store_tagline, hotline_phone, support_phone, support_phone_2 (optional),
--     support_email, orders_email, store_address: what the storefront's frame shows.
--   * low_stock_threshold (10) and expiry_alert_days (90): admin_stock_alerts uses them when it is not
--     given its thresholds, and returns the ones it used.

alter table public.store_settings
  add column free_shipping_threshold numeric not null default 99.00
    check (free_shipping_threshold between 0 and 100000 and free_shipping_threshold = round(free_shipping_threshold, 2)),
  add column shipping_rate numeric not null default 9.99
    check (shipping_rate between 0 and 10000 and shipping_rate = round(shipping_rate, 2)),
  add column tax_rate_percent numeric not null default 8.00
    check (tax_rate_percent between 0 and 30 and tax_rate_percent = round(tax_rate_percent, 2)),
  add column store_name text not null default 'ReadyStock'
    check (store_name = btrim(store_name) and char_length(store_name) between 1 and 60 and store_name !~ '[[:cntrl:]]'),
  add column store_tagline text not null default 'Be Ready. Stay Safe.'
    check (store_tagline = btrim(store_tagline) and char_length(store_tagline) <= 120 and store_tagline !~ '[[:cntrl:]]'),
  add column hotline_phone text not null default '1-800-555-0199'
    check (hotline_phone ~ '^\+?[(]?[0-9][0-9 ().-]{4,28}[0-9]$'
      and length(regexp_replace(hotline_phone, '[^0-9]', '', 'g')) between 5 and 15),
  add column support_phone text not null default '(555) 010-2030'
    check (support_phone ~ '^\+?[(]?[0-9][0-9 ().-]{4,28}[0-9]$'
      and length(regexp_replace(support_phone, '[^0-9]', '', 'g')) between 5 and 15),
  add column support_phone_2 text not null default '(555) 010-2031'
    check (support_phone_2 = '' or (support_phone_2 ~ '^\+?[(]?[0-9][0-9 ().-]{4,28}[0-9]$'
      and length(regexp_replace(support_phone_2, '[^0-9]', '', 'g')) between 5 and 15)),
  add column support_email text not null default 'support@readystock.example'
    check (length(support_email) <= 254 and support_email ~* '^[a-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&''*+/=?^_`{|}~-]+)*@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$'),
  add column orders_email text not null default 'orders@readystock.example'
    check (length(orders_email) <= 254 and orders_email ~* '^[a-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&''*+/=?^_`{|}~-]+)*@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$'),
  add column store_address text not null default E'1200 Preparedness Way\nBoulder, CO 80301\nUnited States'
    check (store_address = btrim(store_address) and char_length(store_address) between 1 and 300
      and cardinality(string_to_array(store_address, E'\n')) <= 5 and store_address !~ '[\r\t]'
      and store_address !~ '\n\s*\n'),
  add column low_stock_threshold integer not null default 10 check (low_stock_threshold between 1 and 100000),
  add column expiry_alert_days integer not null default 90 check (expiry_alert_days between 1 and 3650);

comment on table public.store_settings is
  'The shop''s settings: exactly one row (id = true). Everyone reads it; an administrator with the '
  'settings permission updates it. New shop-wide settings are added as columns.';
comment on column public.store_settings.free_shipping_threshold is
  'Standard shipping is free from this subtotal (0-100000, two decimals, default 99.00; 0 = always free).';
comment on column public.store_settings.shipping_rate is
  'Flat standard shipping below the threshold (0-10000, two decimals, default 9.99).';
comment on column public.store_settings.tax_rate_percent is
  'Tax in percent of the subtotal, rounded to cents (0-30, two decimals, default 8.00).';
comment on column public.store_settings.store_name is 'The shop''s name (1-60 characters, default ReadyStock).';
comment on column public.store_settings.store_tagline is
  'The line under the name (at most 120 characters, default Be Ready. Stay Safe.).';
comment on column public.store_settings.hotline_phone is 'The emergency hotline in the top bar and footer.';
comment on column public.store_settings.support_phone is 'Customer support phone in the footer.';
comment on column public.store_settings.support_phone_2 is 'A second customer support phone, or empty.';
comment on column public.store_settings.support_email is 'Customer support e-mail address.';
comment on column public.store_settings.orders_email is 'E-mail address for questions about orders.';
comment on column public.store_settings.store_address is
  'The street address, one line per line (at most 5 lines, 300 characters).';
comment on column public.store_settings.low_stock_threshold is
  'A product in stock with fewer units shows Low Stock and is on the dashboard''s low-stock list (default 10).';
comment on column public.store_settings.expiry_alert_days is
  'The dashboard lists lots whose best-before is within this many days (default 90).';

grant update (free_shipping_threshold, shipping_rate, tax_rate_percent, store_name, store_tagline,
  hotline_phone, support_phone, support_phone_2, support_email, orders_email, store_address,
  low_stock_threshold, expiry_alert_days) on public.store_settings to authenticated;

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

-- The thresholds' defaults change from 10 and 90 to null (read from store_settings).
drop function public.admin_stock_alerts(integer, integer, integer);

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
