-- A card payment that succeeds after its order was cancelled (issue 28): the shop's hold time expired
-- the order, or the customer or staff cancelled it, while Stripe's payment page was still open, and its
-- stock has gone back. stripe_mark_paid used to leave such a payment as a note only, the order still
-- awaiting payment, which the back office could not refund. Now the payment is owed back
-- (refund_pending: awaiting_payment→refund_pending is allowed on a cancelled or returned order),
-- stripe-webhook asks Stripe to refund it in full, and Stripe's charge.refunded settles it as refunded.
-- Should Stripe refuse that refund, stripe_auto_refund_failed writes it into the order's history for
-- staff, who refund it with Refund.
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
    -- A card payment that came in after the order was cancelled: owed back (stripe_mark_paid).
    when (p_from, p_to) = ('awaiting_payment', 'refund_pending') then p_order_status in ('cancelled', 'returned')
    else false
  end;
$$;

comment on function public.payment_status_move_allowed(text, text, text) is
  'True for the allowed payment moves: awaiting_payment→paid (not on a cancelled or returned order), '
  'paid→refunded, paid→refund_pending (a paid order cancelled or returned: the shop owes a refund), '
  'awaiting_payment→refund_pending (only on a cancelled or returned order: a card payment that arrived '
  'after the cancellation, stripe_mark_paid) and refund_pending→refunded.';
revoke execute on function public.payment_status_move_allowed(p_order_status text, p_from text, p_to text) from public, anon, authenticated;

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
    -- Paid after the order was cancelled (its stock already went back): the money came in for nothing.
    -- It is owed back (refund_pending) and stripe-webhook asks Stripe to refund it in full at once;
    -- Stripe's charge.refunded then settles it as refunded (and sends the refund e-mail). Should that
    -- request fail, the order stays refund_pending, stripe_auto_refund_failed says so in its history,
    -- and staff refund it with Refund in the back office.
    update public.orders o
    set payment_status = 'refund_pending',
        stripe_payment_intent_id = coalesce(p_payment_intent_id, o.stripe_payment_intent_id),
        stripe_checkout_session_id = coalesce(p_checkout_session_id, o.stripe_checkout_session_id)
    where o.id = p_order_id;
    perform public.order_event_add(p_order_id, 'payment_changed', 'awaiting_payment', 'refund_pending',
      'stripe', format('Paid by card after the order was %s (Stripe event %s, %s): the payment is refunded '
        'automatically.', v_order.status, p_event_id, p_event_type));
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
  'by Stripe with the event id. Returns paid, already_paid, paid_after_cancel (a payment for a cancelled '
  'or returned order: refund_pending, and stripe-webhook refunds it) or duplicate; raises for an unknown '
  'order or a different amount or currency, changing nothing.';
revoke execute on function public.stripe_mark_paid(p_event_id text, p_event_type text, p_order_id uuid, p_amount_cents bigint, p_currency text, p_payment_intent_id text, p_checkout_session_id text) from public, anon, authenticated;
grant execute on function public.stripe_mark_paid(p_event_id text, p_event_type text, p_order_id uuid, p_amount_cents bigint, p_currency text, p_payment_intent_id text, p_checkout_session_id text) to service_role;

create or replace function public.stripe_auto_refund_failed(p_order_id uuid, p_reason text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
begin
  select * into v_order from public.orders o where o.id = p_order_id for update;
  if not found or v_order.payment_method <> 'card' then
    raise exception 'Unknown order' using errcode = 'P0002';
  end if;
  if v_order.payment_status <> 'refund_pending' then
    return 'ignored';
  end if;
  perform public.order_event_add(p_order_id, 'payment_changed', 'refund_pending', 'refund_pending', 'stripe',
    format('The automatic refund through Stripe failed (%s): refund the payment with Refund.',
      left(coalesce(nullif(btrim(p_reason), ''), 'no reason given'), 300)));
  return 'flagged';
end;
$$;

comment on function public.stripe_auto_refund_failed(uuid, text) is
  'Service role (stripe-webhook), when Stripe refused the automatic refund of a card payment that came '
  'in after the order was cancelled: writes it into the order''s history by Stripe for staff, who refund '
  'it with Refund (the order stays refund_pending). Returns flagged, or ignored when nothing is owed; '
  'raises Unknown order (P0002).';
revoke execute on function public.stripe_auto_refund_failed(p_order_id uuid, p_reason text) from public, anon, authenticated;
grant execute on function public.stripe_auto_refund_failed(p_order_id uuid, p_reason text) to service_role;
