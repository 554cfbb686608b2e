// Creates the Stripe Checkout Session that pays a placed card order (or gives back the order's session
// while it is still open, so "Try again" after Cancel reopens the same page). The amount is the order's
// total read from the database, never sent by the browser; the session carries the order id (metadata,
// client_reference_id and the payment intent's metadata), an idempotency key per order and session, and
// success and cancel URLs on the shop's confirmation page. GET answers whether card payments are on
// (the keys are set), so the checkout offers 'Card' only then. Needs the customer's JWT (verify_jwt).
import {
  answer,
  callerClient,
  cardPaymentsOn,
  cents,
  corsHeaders,
  CURRENCY,
  env,
  isUuid,
  jsonBody,
  required,
  serviceClient,
  stripeClient,
} from '../_shared/stripe.ts';

declare const Deno: { serve(handler: (request: Request) => Response | Promise<Response>): unknown };

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (request.method === 'GET') return answer(200, { card: cardPaymentsOn() });
  if (request.method !== 'POST') return answer(405, { message: 'Use POST' });
  if (!cardPaymentsOn()) return answer(503, { message: 'Card payments are not available' });

  const body = await jsonBody(request);
  const orderId = body?.order_id;
  if (!isUuid(orderId)) return answer(400, { message: 'order_id must be an order id' });

  // As the customer: row-level security shows only their own order.
  const { data: order, error } = await callerClient(request)
    .from('orders')
    .select(
      'id, order_number, email, total_amount, status, payment_method, payment_status, stripe_checkout_session_id',
    )
    .eq('id', orderId)
    .maybeSingle();
  if (error) return answer(400, { message: error.message });
  if (!order || order.payment_method !== 'card') return answer(404, { message: 'Order not found' });
  if (order.status !== 'pending' || order.payment_status !== 'awaiting_payment') {
    return answer(409, { message: 'This order is not waiting for a card payment' });
  }

  const stripe = stripeClient();
  try {
    if (order.stripe_checkout_session_id) {
      const current = await stripe.checkout.sessions.retrieve(order.stripe_checkout_session_id);
      if (current.status === 'open' && current.url)
        return answer(200, { url: current.url, session_id: current.id });
    }
    const shop = required('SHOP_URL').replace(/\/+$/, '');
    const confirmation = `${shop}/checkout/confirmation/${order.id}`;
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: CURRENCY,
              unit_amount: cents(order.total_amount),
              product_data: { name: `ReadyStock order ${order.order_number}` },
            },
          },
        ],
        client_reference_id: order.id,
        ...(order.email ? { customer_email: order.email } : {}),
        metadata: { order_id: order.id, order_number: order.order_number },
        payment_intent_data: { metadata: { order_id: order.id, order_number: order.order_number } },
        success_url: `${confirmation}?payment=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${confirmation}?payment=cancelled`,
        ...(env('STRIPE_CHECKOUT_EXPIRES_MINUTES')
          ? {
              expires_at: Math.floor(Date.now() / 1000) + Number(env('STRIPE_CHECKOUT_EXPIRES_MINUTES')) * 60,
            }
          : {}),
      },
      // One session per order and previous session: a double click or a retried request gets the same.
      { idempotencyKey: `checkout:${order.id}:${order.stripe_checkout_session_id ?? 'first'}` },
    );
    const attached = await serviceClient().rpc('stripe_attach_checkout_session', {
      p_order_id: order.id,
      p_session_id: session.id,
    });
    if (attached.error) return answer(409, { message: attached.error.message });
    return answer(200, { url: session.url, session_id: session.id });
  } catch (failure) {
    console.error('[create-checkout-session]', failure);
    return answer(502, { message: 'The card payment could not be started. Please try again.' });
  }
});
