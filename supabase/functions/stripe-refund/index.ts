// The back office's "Refund" of a card-paid order: for an administrator with the `orders` permission
// (checked by the database with the caller's JWT: admin_card_refund_check), asks Stripe to refund the
// whole rest or `amount_cents` of the payment. Stripe's charge.refunded event, through stripe-webhook,
// then settles the order; this function changes nothing in the database itself. The browser's
// idempotency_key (one per refund attempt) makes a repeated click one refund.
import {
  answer,
  callerClient,
  cardPaymentsOn,
  cents,
  corsHeaders,
  isUuid,
  jsonBody,
  stripeClient,
} from '../_shared/stripe.ts';

declare const Deno: { serve(handler: (request: Request) => Response | Promise<Response>): unknown };

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (request.method !== 'POST') return answer(405, { message: 'Use POST' });
  if (!cardPaymentsOn()) return answer(503, { message: 'Card payments are not available' });
  const body = await jsonBody(request);
  const orderId = body?.order_id;
  const key = body?.idempotency_key;
  const amount = body?.amount_cents;
  if (!isUuid(orderId) || !isUuid(key))
    return answer(400, { message: 'order_id and idempotency_key must be ids' });
  if (amount !== undefined && amount !== null && !(Number.isSafeInteger(amount) && (amount as number) > 0)) {
    return answer(400, { message: 'Please enter a valid amount' });
  }
  const { data: order, error } = await callerClient(request)
    .rpc('admin_card_refund_check', { p_order_id: orderId, p_amount_cents: amount ?? null })
    .maybeSingle<{
      stripe_payment_intent_id: string;
      total_amount: string | number;
      refunded_amount: string | number;
    }>();
  const full = order ? cents(order.total_amount) - cents(order.refunded_amount) : 0;
  if (error || !order) {
    return answer(error?.code === '42501' ? 403 : 400, { message: error?.message ?? 'Order not found' });
  }
  try {
    const refund = await stripeClient().refunds.create(
      { payment_intent: order.stripe_payment_intent_id, amount: (amount as number | undefined) ?? full },
      { idempotencyKey: `refund:${key}` },
    );
    return answer(200, { refund_id: refund.id, status: refund.status, amount_cents: refund.amount });
  } catch (failure) {
    console.error('[stripe-refund]', failure);
    return answer(502, { message: failure instanceof Error ? failure.message : 'Stripe refused the refund' });
  }
});
