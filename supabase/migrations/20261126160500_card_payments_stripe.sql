-- Card payments through Stripe Checkout (issue 28): 'card' as a payment method, the order's Stripe
-- session, payment intent and refunded amount, "Stripe" as an actor of the order history, the
-- processed-events table and the functions only the service role (the stripe-webhook Edge Function) may
-- call to settle a card order. Unpaid card orders expire like bank transfers.
alter table public.orders drop constraint orders_payment_method_check;
alter table public.orders add constraint orders_payment_method_check
  check (payment_method in ('bank_transfer', 'cash_on_delivery', 'card'));
alter table public.orders add column stripe_checkout_session_id text;
alter table public.orders add column stripe_payment_intent_id text;
alter table public.orders add column refunded_amount numeric(10, 2) not null default 0 check (refunded_amount >= 0);

alter table public.order_events drop constraint order_events_actor_role_check;
alter table public.order_events add constraint order_events_actor_role_check
  check (actor_role in ('customer', 'admin', 'system', 'stripe'));

create or replace function public.initial_payment_status(p_payment_method text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case p_payment_method
    when 'bank_transfer' then 'awaiting_payment'
    when 'cash_on_delivery' then 'awaiting_payment'
    when 'card' then 'awaiting_payment'
  end;
$$;

comment on function public.initial_payment_status(text) is
  'The payment seam: the payment status an order starts with for a payment method, or null for an '
  'unknown method. Every order starts awaiting payment: bank transfer and pay on delivery are marked '
  'paid by an administrator, a card order only by Stripe''s signed webhook (stripe_mark_paid).';

-- Unpaid bank-transfer and card orders stop holding stock after store_settings.unpaid_order_hold_hours
-- (scheduled_jobs_run, jobs.sql). Pay on delivery is paid when it arrives, so it is not held to it.
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
      and o.payment_method in ('bank_transfer', 'card')
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
  'Scheduled: cancels up to p_limit pending bank-transfer and card orders still awaiting payment that were placed '
  'more than store_settings.unpaid_order_hold_hours before p_now; their stock and lots go back and a '
  'cancelled event by the system says why. Returns how many expired.';

-- Card payments (Stripe Checkout) ------------------------------------------------------------------
-- A card order is placed as every order is (place_order prices it and takes the stock), awaiting
-- payment; the Edge Function create-checkout-session opens a Stripe Checkout Session for its total and
-- records the session here, and only the Edge Function stripe-webhook, as the service role, settles it
-- from Stripe's signed events: paid, cancelled with its stock and lots back (the session expired or the
-- payment failed) or refunded. Each Stripe event is applied once, keyed by its id in stripe_events (two
-- deliveries racing wait for each other on the key), and recorded in the order's history by "Stripe"
-- with the event id. An event whose amount or currency differs from the order, or for an unknown order,
-- raises and changes nothing.
create table public.stripe_events (
  id text primary key check (id ~ '^evt_[A-Za-z0-9_]{1,250}$'),
  type text not null check (length(type) between 1 and 100),
  order_id uuid references public.orders (id) on delete set null,
  outcome text not null default 'applied',
  received_at timestamptz not null default now()
);

alter table public.stripe_events enable row level security;

comment on table public.stripe_events is
  'Stripe webhook events already applied, by event id (a second delivery of one changes nothing), with '
  'the order and what the event did; written and read only by the stripe_* functions (service role).';

create index stripe_events_order_id_idx on public.stripe_events (order_id);

create unique index orders_stripe_payment_intent_id_key on public.orders (stripe_payment_intent_id)
  where stripe_payment_intent_id is not null;

create or replace function public.stripe_event_claim(p_event_id text, p_type text, p_order_id uuid)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
begin
  if p_event_id is null or p_event_id !~ '^evt_[A-Za-z0-9_]{1,250}$' then
    raise exception 'Not a Stripe event id' using errcode = '22023';
  end if;
  insert into public.stripe_events (id, type, order_id) values (p_event_id, p_type, p_order_id)
  on conflict (id) do nothing;
  return found;
end;
$$;

comment on function public.stripe_event_claim(text, text, uuid) is
  'Internal: records a Stripe event id as applied; false when it already was (a repeated or concurrent '
  'delivery: the second waits for the first on the primary key, then finds it).';
revoke execute on function public.stripe_event_claim(p_event_id text, p_type text, p_order_id uuid) from public, anon, authenticated;

create or replace function public.stripe_card_order(p_order_id uuid, p_amount_cents bigint, p_currency text)
returns public.orders
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_order public.orders;
begin
  select * into v_order from public.orders o where o.id = p_order_id for update;
  if not found or v_order.payment_method <> 'card' then
    raise exception 'Unknown order' using errcode = 'P0002';
  end if;
  if p_amount_cents is distinct from round(v_order.total_amount * 100)::bigint
     or lower(coalesce(p_currency, '')) <> 'usd' then
    raise exception 'Amount or currency does not match the order' using errcode = '22023';
  end if;
  return v_order;
end;
$$;

comment on function public.stripe_card_order(uuid, bigint, text) is
  'Internal: the card order, locked, when p_amount_cents and p_currency are its total in US dollars; '
  'raises Unknown order (P0002) or Amount or currency does not match the order (22023) otherwise.';
revoke execute on function public.stripe_card_order(p_order_id uuid, p_amount_cents bigint, p_currency text) from public, anon, authenticated;

create or replace function public.stripe_attach_checkout_session(p_order_id uuid, p_session_id text)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
begin
  if p_session_id is null or p_session_id !~ '^cs_[A-Za-z0-9_]{1,250}$' then
    raise exception 'Not a Checkout Session id' using errcode = '22023';
  end if;
  select * into v_order from public.orders o where o.id = p_order_id for update;
  if not found or v_order.payment_method <> 'card' then
    raise exception 'Unknown order' using errcode = 'P0002';
  end if;
  if v_order.status <> 'pending' or v_order.payment_status <> 'awaiting_payment' then
    raise exception 'This order is not waiting for a card payment' using errcode = 'P0001';
  end if;
  update public.orders o set stripe_checkout_session_id = p_session_id where o.id = p_order_id
  returning * into v_order;
  return v_order;
end;
$$;

comment on function public.stripe_attach_checkout_session(uuid, text) is
  'Service role (create-checkout-session): records the Checkout Session now paying a pending, unpaid '
  'card order; an expiry of an earlier session of the order then no longer cancels it.';
revoke execute on function public.stripe_attach_checkout_session(p_order_id uuid, p_session_id text) from public, anon, authenticated;
grant execute on function public.stripe_attach_checkout_session(p_order_id uuid, p_session_id text) to service_role;

create or replace function public.stripe_mark_paid(
  p_event_id text,
  p_event_type text,
  p_order_id uuid,
  p_amount_cents bigint,
  p_currency text,
  p_payment_intent_id text,
  p_checkout_session_id text default null
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders := public.stripe_card_order(p_order_id, p_amount_cents, p_currency);
  v_outcome text;
begin
  if not public.stripe_event_claim(p_event_id, p_event_type, p_order_id) then
    return 'duplicate';
  end if;
  if v_order.payment_status = 'awaiting_payment' and v_order.status not in ('cancelled', 'returned') then
    update public.orders o
    set payment_status = 'paid',
        stripe_payment_intent_id = coalesce(p_payment_intent_id, o.stripe_payment_intent_id),
        stripe_checkout_session_id = coalesce(p_checkout_session_id, o.stripe_checkout_session_id)
    where o.id = p_order_id;
    perform public.order_event_add(p_order_id, 'payment_changed', 'awaiting_payment', 'paid', 'stripe',
      format('Paid by card (Stripe event %s, %s).', p_event_id, p_event_type));
    v_outcome := 'paid';
    -- Order e-mails: queue the "payment received" e-mail here, in this transaction, once they exist.
  elsif v_order.payment_status = 'awaiting_payment' then
    -- Paid after the order was cancelled: the money came in for nothing and has to go back.
    update public.orders o
    set stripe_payment_intent_id = coalesce(p_payment_intent_id, o.stripe_payment_intent_id)
    where o.id = p_order_id;
    perform public.order_event_add(p_order_id, 'payment_changed', 'awaiting_payment', 'awaiting_payment',
      'stripe', format('Stripe took a card payment for this %s order (event %s): refund it in the back office.',
        v_order.status, p_event_id));
    v_outcome := 'paid_after_cancel';
  else
    update public.orders o
    set stripe_payment_intent_id = coalesce(o.stripe_payment_intent_id, p_payment_intent_id)
    where o.id = p_order_id;
    v_outcome := 'already_paid';
  end if;
  update public.stripe_events e set outcome = v_outcome where e.id = p_event_id;
  return v_outcome;
end;
$$;

comment on function public.stripe_mark_paid(text, text, uuid, bigint, text, text, text) is
  'Service role (stripe-webhook), for checkout.session.completed and payment_intent.succeeded: marks '
  'the card order paid once per event id, keeps the payment intent and session, writes a payment event '
  'by Stripe with the event id. Returns paid, already_paid, paid_after_cancel (recorded for a refund) or '
  'duplicate; raises for an unknown order or a different amount or currency, changing nothing.';
revoke execute on function public.stripe_mark_paid(p_event_id text, p_event_type text, p_order_id uuid, p_amount_cents bigint, p_currency text, p_payment_intent_id text, p_checkout_session_id text) from public, anon, authenticated;
grant execute on function public.stripe_mark_paid(p_event_id text, p_event_type text, p_order_id uuid, p_amount_cents bigint, p_currency text, p_payment_intent_id text, p_checkout_session_id text) to service_role;

create or replace function public.stripe_cancel_unpaid(
  p_event_id text,
  p_event_type text,
  p_order_id uuid,
  p_amount_cents bigint,
  p_currency text,
  p_checkout_session_id text default null
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders := public.stripe_card_order(p_order_id, p_amount_cents, p_currency);
  v_outcome text := 'ignored';
begin
  if not public.stripe_event_claim(p_event_id, p_event_type, p_order_id) then
    return 'duplicate';
  end if;
  -- Only the order's current session cancels it: a customer who tried again has a newer one.
  if v_order.status = 'pending' and v_order.payment_status = 'awaiting_payment'
     and (p_checkout_session_id is null or v_order.stripe_checkout_session_id is null
       or v_order.stripe_checkout_session_id = p_checkout_session_id) then
    perform 1
    from public.products pr
    where pr.id in (select oi.product_id from public.order_items oi where oi.order_id = p_order_id)
    order by pr.id
    for update;
    perform public.order_restock(p_order_id);
    update public.orders o set status = 'cancelled' where o.id = p_order_id;
    perform public.order_event_add(p_order_id, 'cancelled', 'pending', 'cancelled', 'stripe',
      format('%s (Stripe event %s, %s): the order was not paid and its items went back into stock.',
        case when p_event_type = 'checkout.session.expired' then 'The card payment page expired'
          else 'The card payment failed' end,
        p_event_id, p_event_type));
    v_outcome := 'cancelled';
    -- Order e-mails: queue the "order cancelled" e-mail here, in this transaction, once they exist.
  end if;
  update public.stripe_events e set outcome = v_outcome where e.id = p_event_id;
  return v_outcome;
end;
$$;

comment on function public.stripe_cancel_unpaid(text, text, uuid, bigint, text, text) is
  'Service role (stripe-webhook), for checkout.session.expired and failed payments: cancels the pending, '
  'unpaid card order once per event id (only for its current Checkout Session), puts its stock and lots '
  'back and writes a cancelled event by Stripe with the event id. Returns cancelled, ignored (paid, '
  'moved on or an older session) or duplicate; raises for an unknown order or a different amount or '
  'currency, changing nothing.';
revoke execute on function public.stripe_cancel_unpaid(p_event_id text, p_event_type text, p_order_id uuid, p_amount_cents bigint, p_currency text, p_checkout_session_id text) from public, anon, authenticated;
grant execute on function public.stripe_cancel_unpaid(p_event_id text, p_event_type text, p_order_id uuid, p_amount_cents bigint, p_currency text, p_checkout_session_id text) to service_role;

create or replace function public.stripe_mark_refunded(
  p_event_id text,
  p_event_type text,
  p_payment_intent_id text,
  p_amount_cents bigint,
  p_amount_refunded_cents bigint,
  p_currency text
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order_id uuid;
  v_order public.orders;
  v_refunded numeric(10, 2) := p_amount_refunded_cents / 100.0;
  v_outcome text;
begin
  select o.id into v_order_id from public.orders o
  where o.stripe_payment_intent_id = p_payment_intent_id and p_payment_intent_id is not null;
  v_order := public.stripe_card_order(v_order_id, p_amount_cents, p_currency);
  if p_amount_refunded_cents is null or p_amount_refunded_cents < 0 or p_amount_refunded_cents > p_amount_cents then
    raise exception 'Amount or currency does not match the order' using errcode = '22023';
  end if;
  if not public.stripe_event_claim(p_event_id, p_event_type, v_order.id) then
    return 'duplicate';
  end if;
  if v_refunded <= v_order.refunded_amount or v_order.payment_status not in ('paid', 'refund_pending') then
    v_outcome := 'ignored';
  elsif v_refunded = v_order.total_amount then
    update public.orders o set payment_status = 'refunded', refunded_amount = v_refunded where o.id = v_order.id;
    perform public.order_event_add(v_order.id, 'payment_changed', v_order.payment_status, 'refunded', 'stripe',
      format('Refunded $%s by card (Stripe event %s).', to_char(v_refunded, 'FM999999990.00'), p_event_id));
    v_outcome := 'refunded';
    -- Order e-mails: queue the "refund" e-mail here, in this transaction, once they exist.
  else
    update public.orders o set refunded_amount = v_refunded where o.id = v_order.id;
    perform public.order_event_add(v_order.id, 'payment_changed', v_order.payment_status, v_order.payment_status,
      'stripe', format('Partly refunded: $%s of $%s by card (Stripe event %s).',
        to_char(v_refunded, 'FM999999990.00'), to_char(v_order.total_amount, 'FM999999990.00'), p_event_id));
    v_outcome := 'partly_refunded';
  end if;
  update public.stripe_events e set outcome = v_outcome where e.id = p_event_id;
  return v_outcome;
end;
$$;

comment on function public.stripe_mark_refunded(text, text, text, bigint, bigint, text) is
  'Service role (stripe-webhook), for charge.refunded: finds the card order by its payment intent and, '
  'once per event id, records what Stripe has refunded in all (refunded_amount); the whole total makes '
  'the payment refunded. Writes a payment event by Stripe with the event id. Returns refunded, '
  'partly_refunded, ignored (nothing new) or duplicate; raises for an unknown payment, a different '
  'amount or currency, or a refund above the charge, changing nothing.';
revoke execute on function public.stripe_mark_refunded(p_event_id text, p_event_type text, p_payment_intent_id text, p_amount_cents bigint, p_amount_refunded_cents bigint, p_currency text) from public, anon, authenticated;
grant execute on function public.stripe_mark_refunded(p_event_id text, p_event_type text, p_payment_intent_id text, p_amount_cents bigint, p_amount_refunded_cents bigint, p_currency text) to service_role;

create or replace function public.admin_card_refund_check(p_order_id uuid, p_amount_cents bigint)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders := public.admin_lock_order(p_order_id);
begin
  if v_order.payment_method <> 'card' or v_order.stripe_payment_intent_id is null then
    raise exception 'Only an order paid by card can be refunded through Stripe' using errcode = 'P0001';
  end if;
  if v_order.payment_status not in ('paid', 'refund_pending') then
    raise exception 'This order has no card payment to refund' using errcode = 'P0001';
  end if;
  if v_order.refunded_amount >= v_order.total_amount or (p_amount_cents is not null and (p_amount_cents < 1
     or p_amount_cents > round((v_order.total_amount - v_order.refunded_amount) * 100)::bigint)) then
    raise exception 'Refund between $0.01 and $%', to_char(v_order.total_amount - v_order.refunded_amount, 'FM999999990.00')
      using errcode = 'P0001';
  end if;
  return v_order;
end;
$$;

comment on function public.admin_card_refund_check(uuid, bigint) is
  'For an administrator with the orders permission (42501 otherwise; the Edge Function stripe-refund '
  'calls it with the administrator''s token before asking Stripe): the card-paid order when p_amount_cents '
  '(null: all that is left) is at least a cent and at most what is left to refund, else a P0001 message. Changes nothing: the '
  'refund is settled by Stripe''s charge.refunded event.';
revoke execute on function public.admin_card_refund_check(p_order_id uuid, p_amount_cents bigint) from public, anon;
grant execute on function public.admin_card_refund_check(p_order_id uuid, p_amount_cents bigint) to authenticated, service_role;

-- Staff never mark a card order paid or refunded by hand: only Stripe's events settle it.
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
  if v_order.payment_method = 'card' then
    raise exception 'A card payment is settled by Stripe: use Refund for a refund' using errcode = 'P0001';
  end if;
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
  'payment_changed event with the administrator. Never for a card order, which only Stripe''s webhook '
  'settles (stripe_mark_paid, stripe_mark_refunded).';

revoke all on public.stripe_events from anon, authenticated;
grant all on public.stripe_events to service_role;
