// Card payments through Stripe Checkout, end to end on the local stack: the Edge Functions
// create-checkout-session, stripe-webhook and stripe-refund run on Deno with the official `stripe`
// package pointed at the local Stripe stand-in (stack/stripe-standin: Stripe itself is outside the
// project and out of reach), which signs its webhooks as Stripe does. Shows that the webhook refuses bad
// signatures, old timestamps and events that do not match the order, applies each event once (also two
// deliveries at once), that expiry puts the stock back once, that refunds settle through the webhook,
// that every change is in the order's history as Stripe with the event id, and that nobody but the
// service role settles a card order. Runs on PGlite and, with STACK_TEST_DATABASE_URL, on PostgreSQL.
import type { SupabaseClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let demo: SupabaseClient;
let customer: SupabaseClient;
let ordersAdmin: SupabaseClient;
let inactiveAdmin: SupabaseClient;
let stripe: Stripe;
let categoryId = '';
let serial = 0;

const address = {
  full_name: 'Jamie Carter',
  line1: '1420 Ridgeview Drive',
  line2: '',
  city: 'Boulder',
  region: 'CO',
  postal_code: '80302',
  country: 'United States',
  phone: '+1 303 555 0142',
};

type Row = Record<string, unknown>;

async function owner<R = Row>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

async function product(stock = 10): Promise<string> {
  serial += 1;
  const [row] = await owner<{ id: string }>(
    `insert into public.products (name, description, price, category_id, image_url, stock_count, in_stock)
     values ($1, 'for card-payments.test.ts', 12.5, $2, 'x.svg', $3, true) returning id`,
    [`Card Test ${serial}`, categoryId, stock],
  );
  return row!.id;
}

async function stockOf(productId: string): Promise<number> {
  return (
    await owner<{ stock_count: number }>('select stock_count from public.products where id = $1', [productId])
  )[0]!.stock_count;
}

async function orderRow(id: string) {
  return (
    await owner<{
      status: string;
      payment_status: string;
      stripe_checkout_session_id: string | null;
      stripe_payment_intent_id: string | null;
      refunded_amount: string;
      total_amount: string;
    }>('select * from public.orders where id = $1', [id])
  )[0]!;
}

async function history(id: string) {
  return owner<{
    kind: string;
    from_value: string | null;
    to_value: string;
    actor_role: string;
    note: string | null;
  }>(
    'select kind, from_value, to_value, actor_role, note from public.order_events where order_id = $1 order by created_at, id',
    [id],
  );
}

/** A card order of `quantity` units placed by the demo customer, with its Checkout Session. */
async function cardOrder(quantity = 2, productId?: string) {
  const item = productId ?? (await product());
  const placed = await demo.rpc('place_order', {
    p_lines: [{ product_id: item, quantity }],
    p_shipping_address: address,
    p_payment_method: 'card',
  });
  expect(placed.error).toBeNull();
  const order = placed.data as { id: string; total_amount: number };
  const session = await demo.functions.invoke('create-checkout-session', { body: { order_id: order.id } });
  expect(session.error).toBeNull();
  const { url, session_id: sessionId } = session.data as { url: string; session_id: string };
  return {
    id: order.id,
    productId: item,
    url,
    sessionId,
    cents: Math.round(Number(order.total_amount) * 100),
  };
}

const webhookUrl = () => `${stack.url}/functions/v1/stripe-webhook`;

/** Posts an event to the webhook signed with `secret` at `timestamp` (Stripe's scheme, by the package). */
async function deliver(
  event: Row,
  options: { secret?: string; timestamp?: number; signature?: string } = {},
) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature ??
    stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? stack.stripe!.webhookSecret,
      timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    });
  const response = await fetch(webhookUrl(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Row };
}

let eventSerial = 0;
function completedEvent(
  orderId: string,
  amount: number,
  currency = 'usd',
  sessionId = 'cs_test_crafted',
): Row {
  eventSerial += 1;
  return {
    id: `evt_test_crafted${eventSerial}${Date.now()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        amount_total: amount,
        currency,
        metadata: { order_id: orderId },
        client_reference_id: orderId,
        payment_intent: `pi_test_crafted${eventSerial}${Date.now()}`,
        payment_status: 'paid',
        status: 'complete',
      },
    },
  };
}

beforeAll(async () => {
  stack = await startTestStack({ stripe: { port: 0, retryDelaysMs: [200, 400] } });
  demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
  customer = await stack.signedInClient(accounts.customer.email, accounts.customer.password);
  ordersAdmin = await stack.signedInClient(accounts.ordersAdmin.email, accounts.ordersAdmin.password);
  inactiveAdmin = await stack.signedInClient(accounts.inactiveAdmin.email, accounts.inactiveAdmin.password);
  stripe = new Stripe(stack.stripe!.secretKey, {
    host: stack.stripe!.host,
    port: stack.stripe!.port,
    protocol: 'http',
  });
  categoryId = (await owner<{ id: string }>('select id from public.categories order by slug limit 1'))[0]!.id;
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

describe('create-checkout-session', () => {
  it('says card payments are on and opens a session for the order total from the database', async () => {
    const available = await stack.anonClient().functions.invoke('create-checkout-session', { method: 'GET' });
    expect(available.data).toEqual({ card: true });

    const order = await cardOrder(2);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'pending', payment_status: 'awaiting_payment' });
    expect(row.stripe_checkout_session_id).toBe(order.sessionId);
    expect(await stockOf(order.productId)).toBe(8);
    const session = await stripe.checkout.sessions.retrieve(order.sessionId);
    expect(session).toMatchObject({
      amount_total: order.cents,
      currency: 'usd',
      client_reference_id: order.id,
      metadata: { order_id: order.id },
      status: 'open',
    });
    expect(session.success_url).toBe(
      `http://localhost:3000/checkout/confirmation/${order.id}?payment=success&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(session.cancel_url).toBe(
      `http://localhost:3000/checkout/confirmation/${order.id}?payment=cancelled`,
    );
    expect(order.url).toBe(`${stack.stripe!.url}/pay/${order.sessionId}`);

    // Again (Try again after Cancel, a double click): the same open session.
    const again = await demo.functions.invoke('create-checkout-session', { body: { order_id: order.id } });
    expect(again.data).toMatchObject({ session_id: order.sessionId });
  });

  it("refuses another customer's order, a bank-transfer order and a caller without a session", async () => {
    const order = await cardOrder(1);
    const other = await customer.functions.invoke('create-checkout-session', {
      body: { order_id: order.id },
    });
    expect(other.error).not.toBeNull();
    expect((other.response as Response).status).toBe(404);

    const bank = await demo.rpc('place_order', {
      p_lines: [{ product_id: await product(), quantity: 1 }],
      p_shipping_address: address,
      p_payment_method: 'bank_transfer',
    });
    const refused = await demo.functions.invoke('create-checkout-session', {
      body: { order_id: (bank.data as { id: string }).id },
    });
    expect((refused.response as Response).status).toBe(404);

    const anonymous = await fetch(`${stack.url}/functions/v1/create-checkout-session`, {
      method: 'POST',
      body: JSON.stringify({ order_id: order.id }),
    });
    expect(anonymous.status).toBe(401);
    expect((await orderRow(order.id)).stripe_checkout_session_id).toBe(order.sessionId);
  });
});

describe('stripe-webhook', () => {
  it('marks the order paid once when the customer pays, recorded as Stripe with the event ids', async () => {
    const order = await cardOrder(1);
    await stack.stripe!.pay(order.sessionId);
    await stack.stripe!.settled();
    const row = await orderRow(order.id);
    expect(row.payment_status).toBe('paid');
    expect(row.stripe_payment_intent_id).toMatch(/^pi_/);
    const sent = stack.stripe!.events.filter(
      (event) => ((event.data as { object: Row }).object.metadata as Row | undefined)?.order_id === order.id,
    );
    expect(sent.map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'payment_intent.succeeded',
    ]);
    for (const event of sent) {
      expect(stack.stripe!.deliveries.filter((d) => d.eventId === event.id).map((d) => d.status)).toEqual([
        200,
      ]);
    }
    const events = (await history(order.id)).filter((event) => event.actor_role === 'stripe');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'payment_changed',
      from_value: 'awaiting_payment',
      to_value: 'paid',
    });
    // The two events may arrive in either order: whichever comes first pays, the other finds it paid.
    const recorded = await owner<{ id: string; outcome: string }>(
      'select id, outcome from public.stripe_events where order_id = $1 order by received_at',
      [order.id],
    );
    expect(recorded.map((event) => event.outcome)).toEqual(['paid', 'already_paid']);
    expect(recorded.map((event) => event.id).sort()).toEqual(sent.map((event) => String(event.id)).sort());
    expect(events[0]!.note).toContain(recorded[0]!.id);

    // Stripe sends the same event again (a retry): answered 200, applied once.
    const again = await deliver(sent[0]!);
    expect(again).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect((await history(order.id)).filter((event) => event.actor_role === 'stripe')).toHaveLength(1);
  });

  it('applies one event delivered twice at once only once', async () => {
    const order = await cardOrder(1);
    const event = completedEvent(order.id, order.cents, 'usd', order.sessionId);
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(['duplicate', 'duplicate', 'paid']);
    expect((await orderRow(order.id)).payment_status).toBe('paid');
    expect((await history(order.id)).filter((e) => e.to_value === 'paid')).toHaveLength(1);
  });

  it('refuses a bad signature, a wrong secret, an old timestamp and no signature, changing nothing', async () => {
    const order = await cardOrder(1);
    const event = completedEvent(order.id, order.cents, 'usd', order.sessionId);
    const before = await history(order.id);
    const old = Math.floor(Date.now() / 1000) - 301;
    const attempts = [
      await deliver(event, { secret: 'whsec_not_the_endpoint_secret' }),
      await deliver(event, { timestamp: old }),
      await deliver(event, { signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }),
      await deliver(event, { signature: '' }),
    ];
    expect(attempts.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    // The body changed after signing (a replay with another amount): refused too.
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: stack.stripe!.webhookSecret,
    });
    const tampered = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'Stripe-Signature': signature },
      body: payload.replace(String(order.cents), '1'),
    });
    expect(tampered.status).toBe(400);
    expect((await orderRow(order.id)).payment_status).toBe('awaiting_payment');
    expect(await history(order.id)).toEqual(before);
    expect(await owner('select 1 from public.stripe_events where id = $1', [event.id])).toHaveLength(0);
    // The same event properly signed now is applied: nothing of it was used up.
    expect((await deliver(event)).body.outcome).toBe('paid');
  });

  it('refuses an amount or currency that differs from the order, and an unknown order', async () => {
    const order = await cardOrder(1);
    const before = await history(order.id);
    const wrong = [
      await deliver(completedEvent(order.id, order.cents - 1)),
      await deliver(completedEvent(order.id, order.cents, 'eur')),
      await deliver(completedEvent(crypto.randomUUID(), order.cents)),
      await deliver({
        ...completedEvent(order.id, order.cents),
        data: {
          object: {
            ...(completedEvent(order.id, order.cents).data as { object: Row }).object,
            metadata: {},
            client_reference_id: null,
          },
        },
      }),
    ];
    expect(wrong.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect(wrong.map((a) => a.body.message)).toEqual([
      'Amount or currency does not match the order',
      'Amount or currency does not match the order',
      'Unknown order',
      'Unknown order',
    ]);
    expect((await orderRow(order.id)).payment_status).toBe('awaiting_payment');
    expect(await history(order.id)).toEqual(before);
  });

  it('cancels an order whose session expired and puts its stock back exactly once', async () => {
    const item = await product(5);
    const order = await cardOrder(3, item);
    expect(await stockOf(item)).toBe(2);
    await stripe.checkout.sessions.expire(order.sessionId);
    await stack.stripe!.settled();
    expect(await orderRow(order.id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'awaiting_payment',
    });
    expect(await stockOf(item)).toBe(5);
    const expired = stack.stripe!.events.find(
      (event) =>
        event.type === 'checkout.session.expired' &&
        (event.data as { object: Row }).object.id === order.sessionId,
    )!;
    expect((await deliver(expired)).body.outcome).toBe('duplicate');
    expect(await stockOf(item)).toBe(5);
    const cancelled = (await history(order.id)).filter((event) => event.kind === 'cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({ actor_role: 'stripe', to_value: 'cancelled' });
    expect(cancelled[0]!.note).toContain(String(expired.id));
    // A paid order is not cancelled by a late expiry of an older session.
    const paid = await cardOrder(1, item);
    await stack.stripe!.pay(paid.sessionId);
    await stack.stripe!.settled();
    const late = {
      ...expired,
      id: `evt_test_late${Date.now()}`,
      data: {
        object: {
          ...(expired.data as { object: Row }).object,
          id: paid.sessionId,
          metadata: { order_id: paid.id },
          amount_total: paid.cents,
        },
      },
    };
    expect((await deliver(late)).body.outcome).toBe('ignored');
    expect(await orderRow(paid.id)).toMatchObject({ status: 'pending', payment_status: 'paid' });
  });

  it('settles a refund from the back office through the webhook, partly then in full', async () => {
    const order = await cardOrder(2);
    await stack.stripe!.pay(order.sessionId);
    await stack.stripe!.settled();

    // Only staff with the orders permission may ask.
    for (const client of [demo, inactiveAdmin]) {
      const refused = await client.functions.invoke('stripe-refund', {
        body: { order_id: order.id, amount_cents: 100, idempotency_key: crypto.randomUUID() },
      });
      expect((refused.response as Response).status).toBe(403);
    }
    const tooMuch = await ordersAdmin.functions.invoke('stripe-refund', {
      body: { order_id: order.id, amount_cents: order.cents + 1, idempotency_key: crypto.randomUUID() },
    });
    expect((tooMuch.response as Response).status).toBe(400);
    await stack.stripe!.settled();
    expect(stack.stripe!.events.filter((event) => event.type === 'charge.refunded')).toHaveLength(0);

    const key = crypto.randomUUID();
    const partial = await ordersAdmin.functions.invoke('stripe-refund', {
      body: { order_id: order.id, amount_cents: 500, idempotency_key: key },
    });
    expect(partial.error).toBeNull();
    // The same click again: the same refund, no second one.
    const repeated = await ordersAdmin.functions.invoke('stripe-refund', {
      body: { order_id: order.id, amount_cents: 500, idempotency_key: key },
    });
    expect((repeated.data as Row).refund_id).toBe((partial.data as Row).refund_id);
    await stack.stripe!.settled();
    expect(await orderRow(order.id)).toMatchObject({ payment_status: 'paid', refunded_amount: '5.00' });

    const rest = await ordersAdmin.functions.invoke('stripe-refund', {
      body: { order_id: order.id, idempotency_key: crypto.randomUUID() },
    });
    expect(rest.error).toBeNull();
    expect((rest.data as Row).amount_cents).toBe(order.cents - 500);
    await stack.stripe!.settled();
    const row = await orderRow(order.id);
    expect(row.payment_status).toBe('refunded');
    expect(row.refunded_amount).toBe(row.total_amount);
    const refunds = (await history(order.id)).filter((event) => event.note?.includes('efunded'));
    expect(refunds.map((event) => [event.actor_role, event.to_value])).toEqual([
      ['stripe', 'paid'],
      ['stripe', 'refunded'],
    ]);
    const refundEvents = stack.stripe!.events.filter((event) => event.type === 'charge.refunded');
    expect(refundEvents).toHaveLength(2);
    expect(refunds[1]!.note).toContain(String(refundEvents[1]!.id));
    // The customer reads it in their order.
    const mine = await demo.from('orders').select('payment_status').eq('id', order.id).single();
    expect(mine.data).toEqual({ payment_status: 'refunded' });
  });
});

describe('order e-mails for what Stripe changes', () => {
  async function mails(orderId: string) {
    return owner<{ kind: string; recipient: string; by: string; payment_status: string }>(
      `select m.kind, m.recipient, m.payload ->> 'by' as by, m.payload ->> 'payment_status' as payment_status
       from public.outbox_messages m join public.order_events e on e.id = m.order_event_id
       where e.order_id = $1 order by m.created_at, m.id`,
      [orderId],
    );
  }

  it("writes the customer's e-mail once when Stripe pays, cancels on expiry and refunds in full; none for a part refund", async () => {
    const paid = await cardOrder(1);
    await stack.stripe!.pay(paid.sessionId);
    await stack.stripe!.settled();
    expect((await mails(paid.id)).map((mail) => [mail.kind, mail.by])).toEqual([
      ['order_placed', 'customer'],
      ['order_paid', 'stripe'],
    ]);
    expect(new Set((await mails(paid.id)).map((mail) => mail.recipient))).toEqual(
      new Set([accounts.demo.email]),
    );
    const part = await ordersAdmin.functions.invoke('stripe-refund', {
      body: { order_id: paid.id, amount_cents: 100, idempotency_key: crypto.randomUUID() },
    });
    expect(part.error).toBeNull();
    await stack.stripe!.settled();
    expect((await mails(paid.id)).map((mail) => mail.kind)).toEqual(['order_placed', 'order_paid']);
    const rest = await ordersAdmin.functions.invoke('stripe-refund', {
      body: { order_id: paid.id, idempotency_key: crypto.randomUUID() },
    });
    expect(rest.error).toBeNull();
    await stack.stripe!.settled();
    expect((await mails(paid.id)).map((mail) => [mail.kind, mail.payment_status])).toEqual([
      ['order_placed', 'awaiting_payment'],
      ['order_paid', 'paid'],
      ['order_refunded', 'refunded'],
    ]);

    const expired = await cardOrder(1);
    await stripe.checkout.sessions.expire(expired.sessionId);
    await stack.stripe!.settled();
    expect((await orderRow(expired.id)).status).toBe('cancelled');
    expect((await mails(expired.id)).map((mail) => [mail.kind, mail.by])).toEqual([
      ['order_placed', 'customer'],
      ['order_cancelled', 'stripe'],
    ]);
  });
});

describe('only the service role settles a card order', () => {
  it('no customer or administrator calls the stripe_* functions, reads stripe_events or marks a card order paid', async () => {
    const order = await cardOrder(1);
    const event = { p_event_id: `evt_test_rls${Date.now()}`, p_event_type: 'checkout.session.completed' };
    for (const client of [stack.anonClient(), demo, customer, ordersAdmin, inactiveAdmin]) {
      const calls = await Promise.all([
        client.rpc('stripe_mark_paid', {
          ...event,
          p_order_id: order.id,
          p_amount_cents: order.cents,
          p_currency: 'usd',
          p_payment_intent_id: 'pi_test_x',
        }),
        client.rpc('stripe_cancel_unpaid', {
          ...event,
          p_order_id: order.id,
          p_amount_cents: order.cents,
          p_currency: 'usd',
        }),
        client.rpc('stripe_mark_refunded', {
          ...event,
          p_payment_intent_id: 'pi_test_x',
          p_amount_cents: order.cents,
          p_amount_refunded_cents: 0,
          p_currency: 'usd',
        }),
        client.rpc('stripe_attach_checkout_session', {
          p_order_id: order.id,
          p_session_id: 'cs_test_forged',
        }),
        client.rpc('stripe_event_claim', { p_event_id: event.p_event_id, p_type: 'x', p_order_id: order.id }),
        client.rpc('stripe_card_order', {
          p_order_id: order.id,
          p_amount_cents: order.cents,
          p_currency: 'usd',
        }),
        client.rpc('admin_set_payment_status', { p_order_id: order.id, p_payment_status: 'paid' }),
      ]);
      for (const call of calls) expect(call.error).not.toBeNull();
      const read = await client.from('stripe_events').select('id');
      expect(read.error?.code).toBe('42501');
      const write = await client.from('stripe_events').insert({ id: event.p_event_id, type: 'x' });
      expect(write.error).not.toBeNull();
      const update = await client
        .from('orders')
        .update({ payment_status: 'paid' })
        .eq('id', order.id)
        .select('id');
      expect(update.data ?? []).toEqual([]);
    }
    expect(await orderRow(order.id)).toMatchObject({
      payment_status: 'awaiting_payment',
      stripe_checkout_session_id: order.sessionId,
    });
    expect(await owner('select 1 from public.stripe_events where id = $1', [event.p_event_id])).toHaveLength(
      0,
    );
    // The message staff see for a card order.
    const staff = await ordersAdmin.rpc('admin_set_payment_status', {
      p_order_id: order.id,
      p_payment_status: 'paid',
    });
    expect(staff.error?.message).toBe('A card payment is settled by Stripe: use Refund for a refund');
    // The service role can.
    const service = await stack.serviceClient().rpc('stripe_mark_paid', {
      ...event,
      p_order_id: order.id,
      p_amount_cents: order.cents,
      p_currency: 'usd',
      p_payment_intent_id: 'pi_test_service',
    });
    expect(service).toMatchObject({ error: null, data: 'paid' });
  });

  it('expires unpaid card orders after the hold time like bank transfers', async () => {
    const item = await product(4);
    const order = await cardOrder(4, item);
    const later = new Date(Date.now() + 73 * 3_600_000).toISOString();
    const { data, error } = await stack
      .serviceClient()
      .rpc('orders_expire_unpaid', { p_now: later, p_limit: 1000 });
    expect(error).toBeNull();
    expect(data).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await stockOf(item)).toBe(4);
  });
});

describe('a card payment that succeeds after its order was cancelled', () => {
  async function stripeHistory(id: string) {
    return (await history(id))
      .filter((event) => event.actor_role === 'stripe')
      .map((event) => [event.kind, event.from_value, event.to_value]);
  }

  it('never marks the order paid: Stripe records it and it is refunded through Stripe at once; the stock stays back', async () => {
    const item = await product(5);
    const order = await cardOrder(2, item);
    // The shop's hold time runs out while Stripe's page is still open: the order expires, its stock goes back.
    const later = new Date(Date.now() + 73 * 3_600_000).toISOString();
    const expired = await stack.serviceClient().rpc('orders_expire_unpaid', { p_now: later, p_limit: 1000 });
    expect(expired.error).toBeNull();
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await stockOf(item)).toBe(5);

    // Then the customer pays on that page: checkout.session.completed and payment_intent.succeeded.
    await stack.stripe!.pay(order.sessionId);
    await stack.stripe!.settled();
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    expect(row.refunded_amount).toBe(row.total_amount);
    expect(row.stripe_payment_intent_id).toMatch(/^pi_/);
    expect(await stockOf(item)).toBe(5);
    const refunds = stack.stripe!.events.filter(
      (event) =>
        event.type === 'charge.refunded' &&
        (event.data as { object: Row }).object.payment_intent === row.stripe_payment_intent_id,
    );
    expect(refunds.map((event) => (event.data as { object: Row }).object.amount_refunded)).toEqual([
      order.cents,
    ]);
    expect(await stripeHistory(order.id)).toEqual([
      ['payment_changed', 'awaiting_payment', 'refund_pending'],
      ['payment_changed', 'refund_pending', 'refunded'],
    ]);
    expect((await history(order.id)).some((event) => event.to_value === 'paid')).toBe(false);
    const outcomes = await owner<{ outcome: string }>(
      'select outcome from public.stripe_events where order_id = $1 order by outcome',
      [order.id],
    );
    expect(outcomes.map((event) => event.outcome)).toEqual(['already_paid', 'paid_after_cancel', 'refunded']);
    // The customer hears of the cancellation and of the refund, never of a payment.
    const mails = await owner<{ kind: string }>(
      `select m.kind from public.outbox_messages m join public.order_events e on e.id = m.order_event_id
       where e.order_id = $1 order by m.created_at, m.id`,
      [order.id],
    );
    expect(mails.map((mail) => mail.kind)).toEqual(['order_placed', 'order_cancelled', 'order_refunded']);
  });

  it('when Stripe refuses that refund, the history tells staff, who can refund it with Refund', async () => {
    const order = await cardOrder(1);
    const cancelled = await demo.rpc('cancel_order', { p_order_id: order.id });
    expect(cancelled.error).toBeNull();
    // A payment the stand-in does not know, so Stripe refuses to refund it.
    const event = completedEvent(order.id, order.cents, 'usd', order.sessionId);
    expect(await deliver(event)).toEqual({
      status: 200,
      body: { received: true, outcome: 'paid_after_cancel', refund: 'failed' },
    });
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', payment_status: 'refund_pending' });
    expect(await stripeHistory(order.id)).toEqual([
      ['payment_changed', 'awaiting_payment', 'refund_pending'],
      ['payment_changed', 'refund_pending', 'refund_pending'],
    ]);
    const flagged = (await history(order.id)).at(-1)!;
    expect(flagged.note).toMatch(/^The automatic refund through Stripe failed \(.*No such payment_intent/);
    expect(flagged.note).toContain('refund the payment with Refund');
    const check = await ordersAdmin.rpc('admin_card_refund_check', {
      p_order_id: order.id,
      p_amount_cents: null,
    });
    expect(check.error).toBeNull();
    // The same event again changes nothing and asks for no second refund.
    expect((await deliver(event)).body.outcome).toBe('duplicate');
    expect(await stripeHistory(order.id)).toHaveLength(2);
  });
});
