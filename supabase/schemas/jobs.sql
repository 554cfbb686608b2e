-- The shop's periodic jobs in one call, scheduled_jobs_run(p_now): expire unpaid orders (orders.sql),
-- end the emergency waitlist holds that ran out and serve the next subscribers, release the waitlist's
-- restock holds (waitlist.sql) and write the supplies' reminder e-mails
-- (supplies.sql). Hosted projects run it with pg_cron every
-- five minutes; the local stack's scheduler (stack/scheduler.ts) calls it the same way. p_now is the
-- clock, so tests pass their own. Only the service role (and the database owner) may run it.

-- Functions ---------------------------------------------------------------------------------------
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

-- Hosted projects: run it every five minutes when pg_cron is installed (else see supabase/README.md).
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    execute $cron$select cron.schedule('prepper-scheduled-jobs', '*/5 * * * *', 'select public.scheduled_jobs_run()')$cron$;
  end if;
end;
$$;
