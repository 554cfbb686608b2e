-- The shop's settings: one row (id = true) of typed, checked columns that everyone reads (the
-- storefront shows them) and only an administrator with the `settings` permission changes. Each
-- setting is a column with its default; more come as the shop needs them (free-shipping threshold,
-- tax, ...).
--   * unpaid_order_hold_hours (72): how long a bank-transfer order waiting for payment holds its stock
--     before orders_expire_unpaid cancels it (orders.sql);
--   * purchase_limit_window_days (7): during an emergency, the days over which a product's purchase_limit
--     also counts the customer's other orders (checkout_lines, orders.sql); otherwise a limit is per order;
--   * waitlist_signups_per_client_hour (10) and waitlist_signups_per_hour (200): confirmation e-mails the
--     waitlist form queues per client and for the whole shop per hour (waitlist.sql);
--   * outbox_keep_days (30) and waitlist_unconfirmed_keep_days (7): when outbox_prune deletes settled
--     e-mails and unconfirmed sign-ups (outbox.sql);
--   * free_shipping_threshold (99.00), shipping_rate (9.99) and tax_rate_percent (8.00): the money rules
--     of every quote and order (order_totals, orders.sql; the cart shows the same, shared/src/domain/pricing.ts);
--   * store_name, store_tagline, hotline_phone, support_phone, support_phone_2 (optional), support_email,
--     orders_email and store_address (lines): what the storefront's top bar, header and footer say;
--   * low_stock_threshold (10) and expiry_alert_days (90): below how many units a product shows Low Stock
--     and counts as low on the dashboard, and how far ahead the dashboard warns of best-before dates
--     (admin_stock_alerts, inventory.sql);
--   * waitlist_hold_hours (2): during an emergency, how long a back-in-stock e-mail holds a unit for the
--     subscriber it goes to (waitlist_serve_holds, waitlist.sql).
-- Money is non-negative with at most two decimals; a check refuses 1.234 rather than rounding it.

-- Tables ------------------------------------------------------------------------------------------
create table public.store_settings (
  id boolean primary key default true check (id),
  unpaid_order_hold_hours integer not null default 72 check (unpaid_order_hold_hours between 1 and 720),
  purchase_limit_window_days integer not null default 7 check (purchase_limit_window_days between 0 and 365),
  updated_at timestamptz not null default now(),
  updated_by uuid,
  waitlist_signups_per_client_hour integer not null default 10
    check (waitlist_signups_per_client_hour between 1 and 1000),
  waitlist_signups_per_hour integer not null default 200
    check (waitlist_signups_per_hour between 1 and 100000),
  outbox_keep_days integer not null default 30 check (outbox_keep_days between 1 and 3650),
  waitlist_unconfirmed_keep_days integer not null default 7
    check (waitlist_unconfirmed_keep_days between 1 and 365),
  free_shipping_threshold numeric not null default 99.00
    check (free_shipping_threshold between 0 and 100000 and free_shipping_threshold = round(free_shipping_threshold, 2)),
  shipping_rate numeric not null default 9.99
    check (shipping_rate between 0 and 10000 and shipping_rate = round(shipping_rate, 2)),
  tax_rate_percent numeric not null default 8.00
    check (tax_rate_percent between 0 and 30 and tax_rate_percent = round(tax_rate_percent, 2)),
  store_name text not null default 'ReadyStock'
    check (store_name = btrim(store_name) and char_length(store_name) between 1 and 60 and store_name !~ '[[:cntrl:]]'),
  store_tagline text not null default 'Be Ready. Stay Safe.'
    check (store_tagline = btrim(store_tagline) and char_length(store_tagline) <= 120 and store_tagline !~ '[[:cntrl:]]'),
  hotline_phone text not null default '1-800-555-0199'
    check (hotline_phone ~ '^\+?[(]?[0-9][0-9 ().-]{4,28}[0-9]$'
      and length(regexp_replace(hotline_phone, '[^0-9]', '', 'g')) between 5 and 15),
  support_phone text not null default '(555) 010-2030'
    check (support_phone ~ '^\+?[(]?[0-9][0-9 ().-]{4,28}[0-9]$'
      and length(regexp_replace(support_phone, '[^0-9]', '', 'g')) between 5 and 15),
  support_phone_2 text not null default '(555) 010-2031'
    check (support_phone_2 = '' or (support_phone_2 ~ '^\+?[(]?[0-9][0-9 ().-]{4,28}[0-9]$'
      and length(regexp_replace(support_phone_2, '[^0-9]', '', 'g')) between 5 and 15)),
  support_email text not null default 'support@readystock.example'
    check (length(support_email) <= 254 and support_email ~* '^[a-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&''*+/=?^_`{|}~-]+)*@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$'),
  orders_email text not null default 'orders@readystock.example'
    check (length(orders_email) <= 254 and orders_email ~* '^[a-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&''*+/=?^_`{|}~-]+)*@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$'),
  store_address text not null default E'1200 Preparedness Way\nBoulder, CO 80301\nUnited States'
    check (store_address = btrim(store_address) and char_length(store_address) between 1 and 300
      and cardinality(string_to_array(store_address, E'\n')) <= 5 and store_address !~ '[\r\t]'
      and store_address !~ '\n\s*\n'),
  low_stock_threshold integer not null default 10 check (low_stock_threshold between 1 and 100000),
  expiry_alert_days integer not null default 90 check (expiry_alert_days between 1 and 3650),
  waitlist_hold_hours numeric not null default 2
    check (waitlist_hold_hours between 0.25 and 48 and waitlist_hold_hours = round(waitlist_hold_hours, 2))
);

comment on table public.store_settings is
  'The shop''s settings: exactly one row (id = true). Everyone reads it; an administrator with the '
  'settings permission updates it. New shop-wide settings are added as columns.';
comment on column public.store_settings.unpaid_order_hold_hours is
  'Hours a pending bank-transfer order awaiting payment holds its stock before orders_expire_unpaid '
  'cancels it (1-720, default 72).';
comment on column public.store_settings.purchase_limit_window_days is
  'During an emergency, days over which a product''s purchase_limit also counts the customer''s other '
  'orders that are not cancelled (0-365, default 7; 0 = per order only). With no emergency open a limit '
  'is per order.';
comment on column public.store_settings.waitlist_signups_per_client_hour is
  'Confirmation e-mails one client (signed-in account, else address) may have queued by the waitlist '
  'form per hour (1-1000, default 10).';
comment on column public.store_settings.waitlist_signups_per_hour is
  'Confirmation e-mails the waitlist form may queue per hour for the whole shop (1-100000, default 200).';
comment on column public.store_settings.outbox_keep_days is
  'Days a sent or given-up e-mail stays in outbox_messages before outbox_prune deletes it (1-3650, default 30).';
comment on column public.store_settings.waitlist_unconfirmed_keep_days is
  'Days an unconfirmed waitlist sign-up is kept after its confirmation e-mail (1-365, default 7).';
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
comment on column public.store_settings.waitlist_hold_hours is
  'During an emergency: hours a back-in-stock e-mail holds a unit for its subscriber before the next '
  'subscriber in sign-up order is served (0.25-48, two decimals, default 2).';

-- The one row: a fresh database needs it as much as the table.
insert into public.store_settings (id) values (true);

-- Functions ---------------------------------------------------------------------------------------
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
revoke execute on function public.store_settings_touch() from public, anon, authenticated;

-- Triggers ----------------------------------------------------------------------------------------
create trigger store_settings_touch
  before update on public.store_settings
  for each row execute function public.store_settings_touch();

-- Row-level security and grants -------------------------------------------------------------------
alter table public.store_settings enable row level security;

revoke all on public.store_settings from anon, authenticated;
-- Everyone reads every setting, but not who changed them last (updated_by: the staff audit log says
-- who, to staff). A new setting column is added to this list.
grant select (id, unpaid_order_hold_hours, purchase_limit_window_days, updated_at,
  waitlist_signups_per_client_hour, waitlist_signups_per_hour, outbox_keep_days, waitlist_unconfirmed_keep_days,
  free_shipping_threshold, shipping_rate, tax_rate_percent, store_name, store_tagline, hotline_phone,
  support_phone, support_phone_2, support_email, orders_email, store_address, low_stock_threshold,
  expiry_alert_days, waitlist_hold_hours)
  on public.store_settings to anon, authenticated;
grant update (unpaid_order_hold_hours, purchase_limit_window_days) on public.store_settings to authenticated;
grant update (waitlist_signups_per_client_hour, waitlist_signups_per_hour, outbox_keep_days,
  waitlist_unconfirmed_keep_days) on public.store_settings to authenticated;
grant update (free_shipping_threshold, shipping_rate, tax_rate_percent, store_name, store_tagline,
  hotline_phone, support_phone, support_phone_2, support_email, orders_email, store_address,
  low_stock_threshold, expiry_alert_days) on public.store_settings to authenticated;
grant update (waitlist_hold_hours) on public.store_settings to authenticated;
grant all on public.store_settings to service_role;

create policy store_settings_select on public.store_settings
  for select to anon, authenticated
  using (true);

create policy store_settings_update on public.store_settings
  for update to authenticated
  using ((select public.has_admin_permission('settings')))
  with check ((select public.has_admin_permission('settings')));
