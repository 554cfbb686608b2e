-- Order e-mails and tracking (issue 27): staff ship an order with its carrier and tracking number
-- (admin_ship_order; orders.shipping_carrier, tracking_number and the generated tracking_url), and every
-- order event a customer hears about (placed, paid, shipped, cancelled, refunded) writes one e-mail into
-- the outbox by a trigger on order_events (outbox_enqueue_order_email), once per event
-- (outbox_messages.order_event_id is unique).

-- Tracking: the carrier and tracking number staff enter when they ship (admin_ship_order), and the
-- carrier's tracking page for them (orders.tracking_url, generated).
create or replace function public.order_tracking_url(p_carrier text, p_tracking_number text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case p_carrier
    when 'ups' then 'https://www.ups.com/track?tracknum=' || t.n
    when 'usps' then 'https://tools.usps.com/go/TrackConfirmAction?tLabels=' || t.n
    when 'fedex' then 'https://www.fedex.com/fedextrack/?trknbr=' || t.n
    when 'dhl' then 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=' || t.n
  end
  from (select pg_catalog.regexp_replace(p_tracking_number, '[^A-Za-z0-9]', '', 'g') as n) t
  where p_tracking_number is not null;
$$;

comment on function public.order_tracking_url(text, text) is
  'The carrier''s tracking page for a tracking number (ups, usps, fedex, dhl; null for other carriers or '
  'no number). Pure; anyone may call it.';

alter table public.orders
  add column shipping_carrier text,
  add column tracking_number text,
  add column tracking_url text generated always as (public.order_tracking_url(shipping_carrier, tracking_number)) stored,
  add constraint orders_tracking_valid check (
    (shipping_carrier is null and tracking_number is null)
    or (shipping_carrier in ('ups', 'usps', 'fedex', 'dhl', 'other')
      and tracking_number ~ '^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$')
  );

comment on column public.orders.tracking_number is
  'The carrier''s tracking number (with shipping_carrier: ups, usps, fedex, dhl or other), set when staff '
  'ship the order (admin_ship_order); tracking_url is the carrier''s page for it.';

create or replace function public.admin_ship_order(
  p_order_id uuid,
  p_carrier text,
  p_tracking_number text,
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
  v_number text := btrim(coalesce(p_tracking_number, ''));
begin
  if p_carrier is null or p_carrier not in ('ups', 'usps', 'fedex', 'dhl', 'other') then
    raise exception 'Choose the carrier' using errcode = 'P0001';
  end if;
  if v_number !~ '^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$' then
    raise exception 'Enter the tracking number: 4 to 40 letters, digits, spaces or dashes' using errcode = 'P0001';
  end if;
  if v_order.status <> 'processing' then
    raise exception 'Cannot move an order from % to shipped', v_order.status using errcode = 'P0001';
  end if;
  -- The tracking first: the shipped event's e-mail (outbox_enqueue_order_email) reads it.
  update public.orders o set shipping_carrier = p_carrier, tracking_number = v_number where o.id = v_order.id;
  return public.admin_set_order_status(v_order.id, 'shipped', p_note);
end;
$$;

comment on function public.admin_ship_order(uuid, text, text, text) is
  'Ships a processing order with its carrier (ups, usps, fedex, dhl, other) and tracking number (4 to 40 '
  'letters, digits, spaces or dashes) for an administrator with the orders permission (42501 otherwise), '
  'through admin_set_order_status (paid or pay on delivery only); the shipped e-mail carries both and the '
  'carrier''s tracking link. Choose the carrier / Enter the tracking number / Cannot move an order.';
revoke execute on function public.admin_ship_order(p_order_id uuid, p_carrier text, p_tracking_number text, p_note text) from public, anon;
grant execute on function public.admin_ship_order(p_order_id uuid, p_carrier text, p_tracking_number text, p_note text) to authenticated, service_role;

alter table public.outbox_messages
  drop constraint outbox_messages_kind_check,
  add constraint outbox_messages_kind_check check (kind in (
    'waitlist_confirmation', 'waitlist_back_in_stock',
    'order_placed', 'order_paid', 'order_shipped', 'order_cancelled', 'order_refunded'
  )),
  add column order_event_id uuid references public.order_events (id) on delete set null,
  add constraint outbox_messages_order_event_id_key unique (order_event_id);

comment on column public.outbox_messages.order_event_id is
  'The order event an order e-mail is about (unique: one e-mail per event).';

-- Order e-mails: one per order event that a customer hears about, written by a trigger on order_events
-- in the transaction of the change (so every writer of events, today's and later ones, gets them): placed,
-- paid, shipped, cancelled (by the customer, by staff or expired unpaid) and refunded. The payload is the
-- order as it was then (lines, totals, address, payment method, tracking), so a retry sends the same
-- e-mail; outbox_messages.order_event_id is unique, so an event is written once. The recipient is the
-- order's e-mail (orders.email: the customer's at order time, or a guest's), else the account's.
create or replace function public.outbox_enqueue_order_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text;
  v_order public.orders;
  v_recipient text;
  v_lines jsonb;
begin
  v_kind := case
    when new.kind = 'placed' then 'order_placed'
    -- A payment event that moves nothing (a partial card refund, a payment after a cancellation) is
    -- no news of a payment or a refund.
    when new.kind = 'payment_changed' and new.from_value is not distinct from new.to_value then null
    when new.kind = 'payment_changed' and new.to_value = 'paid' then 'order_paid'
    when new.kind = 'status_changed' and new.to_value = 'shipped' then 'order_shipped'
    when new.kind = 'cancelled' then 'order_cancelled'
    when new.kind = 'payment_changed' and new.to_value = 'refunded' then 'order_refunded'
  end;
  if v_kind is null then
    return null;
  end if;
  select o.* into v_order from public.orders o where o.id = new.order_id;
  v_recipient := public.email_plain_normalised(coalesce(
    v_order.email, (select u.email from auth.users u where u.id = v_order.user_id)));
  if v_recipient is null then
    return null;
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
      'name', i.product_name, 'quantity', i.quantity, 'unit_price', i.unit_price,
      'line_total', i.unit_price * i.quantity) order by i.product_name, i.id), '[]'::jsonb)
    into v_lines
  from public.order_items i where i.order_id = v_order.id;
  insert into public.outbox_messages (kind, recipient, payload, order_event_id)
  values (v_kind, v_recipient, jsonb_build_object(
      'order_id', v_order.id,
      'order_number', v_order.order_number,
      'placed_at', v_order.created_at,
      'status', v_order.status,
      'payment_status', v_order.payment_status,
      'payment_method', v_order.payment_method,
      'shipping_method', v_order.shipping_method,
      'subtotal', v_order.subtotal,
      'shipping', v_order.shipping_amount,
      'tax', v_order.tax_amount,
      'total', v_order.total_amount,
      'lines', v_lines,
      'address', coalesce(v_order.shipping_address, '{}'::jsonb),
      'carrier', v_order.shipping_carrier,
      'tracking_number', v_order.tracking_number,
      'tracking_url', v_order.tracking_url,
      'by', new.actor_role,
      'note', new.note,
      'guest', v_order.user_id is null
        or coalesce((select u.is_anonymous from auth.users u where u.id = v_order.user_id), false)),
    new.id)
  on conflict (order_event_id) do nothing;
  return null;
end;
$$;

comment on function public.outbox_enqueue_order_email() is
  'Trigger after insert on order_events: writes the customer''s e-mail for a placed, paid, shipped, '
  'cancelled or refunded event into the outbox (once per event: order_event_id is unique), to the '
  'order''s e-mail, else the account''s; nothing for an address that is not plain.';
revoke execute on function public.outbox_enqueue_order_email() from public, anon, authenticated;

create trigger order_events_enqueue_email
  after insert on public.order_events
  for each row execute function public.outbox_enqueue_order_email();

-- Card payments (20261126160500) settle orders through order_event_add, so the trigger above sends their
-- e-mails too (paid by Stripe, cancelled on an expired or failed card payment, refunded in full); the
-- three functions are the same as before but for the comment that said so.
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
    -- The "payment received" e-mail: the paid event above queues it in this transaction (the trigger
    -- order_events_enqueue_email, outbox.sql).
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
    -- The "order cancelled" e-mail: the cancelled event above queues it in this transaction (the trigger
    -- order_events_enqueue_email, outbox.sql).
  end if;
  update public.stripe_events e set outcome = v_outcome where e.id = p_event_id;
  return v_outcome;
end;
$$;

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
    -- The "refund" e-mail: the refunded event above queues it in this transaction (the trigger
    -- order_events_enqueue_email, outbox.sql).
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
