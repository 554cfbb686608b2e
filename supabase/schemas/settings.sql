-- The shop's settings: one row (id = true) of typed, checked columns that everyone reads (the
-- storefront shows them) and only an administrator with the `settings` permission changes. Each
-- setting is a column with its default; more come as the shop needs them (free-shipping threshold,
-- tax, ...).
--   * unpaid_order_hold_hours (72): how long a bank-transfer order waiting for payment holds its stock
--     before orders_expire_unpaid cancels it (orders.sql);
--   * purchase_limit_window_days (7): the days over which a product's purchase_limit also counts the
--     customer's other orders (checkout_lines, orders.sql);
--   * waitlist_signups_per_client_hour (10) and waitlist_signups_per_hour (200): confirmation e-mails the
--     waitlist form queues per client and for the whole shop per hour (waitlist.sql);
--   * outbox_keep_days (30) and waitlist_unconfirmed_keep_days (7): when outbox_prune deletes settled
--     e-mails and unconfirmed sign-ups (outbox.sql).

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
    check (waitlist_unconfirmed_keep_days between 1 and 365)
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
comment on column public.store_settings.waitlist_signups_per_client_hour is
  'Confirmation e-mails one client (signed-in account, else address) may have queued by the waitlist '
  'form per hour (1-1000, default 10).';
comment on column public.store_settings.waitlist_signups_per_hour is
  'Confirmation e-mails the waitlist form may queue per hour for the whole shop (1-100000, default 200).';
comment on column public.store_settings.outbox_keep_days is
  'Days a sent or given-up e-mail stays in outbox_messages before outbox_prune deletes it (1-3650, default 30).';
comment on column public.store_settings.waitlist_unconfirmed_keep_days is
  'Days an unconfirmed waitlist sign-up is kept after its confirmation e-mail (1-365, default 7).';

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
grant select on public.store_settings to anon, authenticated;
grant update (unpaid_order_hold_hours, purchase_limit_window_days) on public.store_settings to authenticated;
grant update (waitlist_signups_per_client_hour, waitlist_signups_per_hour, outbox_keep_days,
  waitlist_unconfirmed_keep_days) on public.store_settings to authenticated;
grant all on public.store_settings to service_role;

create policy store_settings_select on public.store_settings
  for select to anon, authenticated
  using (true);

create policy store_settings_update on public.store_settings
  for update to authenticated
  using ((select public.has_admin_permission('settings')))
  with check ((select public.has_admin_permission('settings')));
