// Stripe's webhook endpoint: verifies the Stripe-Signature header with the endpoint's secret and
// Stripe's timestamp tolerance (the official package's constructEventAsync), then settles the order
// through the database's stripe_* functions as the service role, each event once by its id:
//   checkout.session.completed, payment_intent.succeeded            → paid
//   checkout.session.expired, checkout.session.async_payment_failed → unpaid order cancelled, stock back
//   charge.refunded                                                 → refunded (in full) or partly
// A payment for an order already cancelled is refunded through Stripe at once (refundPaidAfterCancel).
// A bad or old signature, an unknown order and a different amount or currency are refused (400) and
// logged, and change nothing; Stripe retries other failures (500). No JWT: config.toml sets
// verify_jwt = false for it, as Stripe sends none.
import type Stripe from 'stripe';
import { answer, required, serviceClient, stripeClient } from '../_shared/stripe.ts';

declare const Deno: { serve(handler: (request: Request) => Response | Promise<Response>): unknown };

/** Stripe's default: a signature older than five minutes is refused (replays). */
const TOLERANCE_SECONDS = 300;

type Call = { fn: string; args: Record<string, unknown> } | null;

function orderIdOf(metadata: Stripe.Metadata | null | undefined, fallback?: string | null): string | null {
  return metadata?.order_id ?? fallback ?? null;
}

function callFor(event: Stripe.Event): Call {
  const base = { p_event_id: event.id, p_event_type: event.type };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.payment_status !== 'paid') return null; // a delayed method settles later
      return {
        fn: 'stripe_mark_paid',
        args: {
          ...base,
          p_order_id: orderIdOf(session.metadata, session.client_reference_id),
          p_amount_cents: session.amount_total,
          p_currency: session.currency,
          p_payment_intent_id:
            typeof session.payment_intent === 'string'
              ? session.payment_intent
              : (session.payment_intent?.id ?? null),
          p_checkout_session_id: session.id,
        },
      };
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return {
        fn: 'stripe_mark_paid',
        args: {
          ...base,
          p_order_id: orderIdOf(intent.metadata),
          p_amount_cents: intent.amount_received || intent.amount,
          p_currency: intent.currency,
          p_payment_intent_id: intent.id,
          p_checkout_session_id: null,
        },
      };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      return {
        fn: 'stripe_cancel_unpaid',
        args: {
          ...base,
          p_order_id: orderIdOf(session.metadata, session.client_reference_id),
          p_amount_cents: session.amount_total,
          p_currency: session.currency,
          p_checkout_session_id: session.id,
        },
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        fn: 'stripe_mark_refunded',
        args: {
          ...base,
          p_payment_intent_id:
            typeof charge.payment_intent === 'string'
              ? charge.payment_intent
              : (charge.payment_intent?.id ?? null),
          p_amount_cents: charge.amount,
          p_amount_refunded_cents: charge.amount_refunded,
          p_currency: charge.currency,
        },
      };
    }
    default:
      return null;
  }
}

Deno.serve(async (request) => {
  if (request.method !== 'POST') return answer(405, { message: 'Use POST' });
  const payload = await request.text();
  const signature = request.headers.get('Stripe-Signature');
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('No Stripe-Signature header');
    event = await stripeClient().webhooks.constructEventAsync(
      payload,
      signature,
      required('STRIPE_WEBHOOK_SECRET'),
      TOLERANCE_SECONDS,
    );
  } catch (error) {
    console.error(`[stripe-webhook] refused: ${error instanceof Error ? error.message : error}`);
    return answer(400, { message: 'Webhook signature verification failed' });
  }

  const call = callFor(event);
  if (!call) return answer(200, { received: true, outcome: 'not_handled' });
  if (!call.args.p_order_id && call.fn !== 'stripe_mark_refunded') {
    console.error(`[stripe-webhook] refused ${event.type} ${event.id}: no order id in its metadata`);
    return answer(400, { message: 'Unknown order' });
  }
  const { data, error } = await serviceClient().rpc(call.fn, call.args);
  if (error) {
    // P0002 unknown order, 22023 amount/currency mismatch or a bad id: refused, nothing changed.
    const refused = error.code === 'P0002' || error.code === '22023' || error.code === '22P02';
    console.error(
      `[stripe-webhook] ${refused ? 'refused' : 'failed'} ${event.type} ${event.id}: ${error.message}`,
    );
    return answer(refused ? 400 : 500, {
      message: refused ? error.message : 'The event could not be applied',
    });
  }
  // The order e-mails are written by the database in the same transaction (order_events' trigger).
  if (data === 'paid_after_cancel') {
    return answer(200, {
      received: true,
      outcome: data,
      refund: await refundPaidAfterCancel(String(call.args.p_order_id), event.id),
    });
  }
  return answer(200, { received: true, outcome: data });
});

/**
 * A card payment for an order that was already cancelled (stripe_mark_paid left it refund_pending): asks
 * Stripe to refund it in full, keyed by the payment so that both of its events (and any retry) make one
 * refund; Stripe's charge.refunded then settles the order. If Stripe refuses, the order's history says
 * so for staff (stripe_auto_refund_failed), who refund it with Refund; the event itself was applied.
 */
async function refundPaidAfterCancel(orderId: string, eventId: string): Promise<string> {
  const db = serviceClient();
  const { data: order, error } = await db
    .from('orders')
    .select('stripe_payment_intent_id')
    .eq('id', orderId)
    .maybeSingle<{ stripe_payment_intent_id: string | null }>();
  let reason: string;
  if (error || !order?.stripe_payment_intent_id) {
    reason = error?.message ?? 'Stripe named no payment to refund';
  } else {
    try {
      const refund = await stripeClient().refunds.create(
        {
          payment_intent: order.stripe_payment_intent_id,
          metadata: { order_id: orderId, reason: 'paid_after_cancel' },
        },
        { idempotencyKey: `refund-after-cancel:${order.stripe_payment_intent_id}` },
      );
      return refund.status ?? 'requested';
    } catch (failure) {
      reason = failure instanceof Error ? failure.message : String(failure);
    }
  }
  console.error(`[stripe-webhook] automatic refund of order ${orderId} (${eventId}) failed: ${reason}`);
  const flagged = await db.rpc('stripe_auto_refund_failed', { p_order_id: orderId, p_reason: reason });
  if (flagged.error)
    console.error(`[stripe-webhook] could not flag order ${orderId}: ${flagged.error.message}`);
  return 'failed';
}
