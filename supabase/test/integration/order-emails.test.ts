// Order e-mails (migration 20261126165800): the database writes one e-mail per order event a customer
// hears about (placed, paid, shipped with tracking, cancelled by the customer, by staff or expired
// unpaid, refunded) into the outbox, in the transaction of the change; the outbox-sender Edge Function
// delivers each exactly once, also when it is killed between delivering and marking. Staff ship with a
// carrier and tracking number (admin_ship_order), which the customer reads on the order and in the
// e-mail. The SMTP relay is the stack's stand-in for the mail provider (an outside service).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { readMailbox, sendOutbox } from '../outbox.ts';
import { accounts } from './fixtures.ts';

const SHOP = 'http://shop.test';
let stack: TestStack;
let demo: SupabaseClient;
let customer: SupabaseClient;
let admin: SupabaseClient;
let categoryId = '';
let serial = 0;

const address = {
  full_name: 'Jamie <b>Carter</b> & Co',
  line1: '1420 Ridgeview Drive',
  line2: '',
  city: 'Boulder',
  region: 'CO',
  postal_code: '80302',
  country: 'United States',
  phone: '+1 303 555 0142',
};

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

async function product() {
  serial += 1;
  const name = `Mail Test <${serial}>`;
  const [row] = await owner<{ id: string }>(
    `insert into public.products (name, description, price, category_id, image_url, stock_count, in_stock)
     values ($1, 'for order-emails.test.ts', 40, $2, 'x.svg', 50, true) returning id`,
    [name, categoryId],
  );
  return { id: row!.id, name };
}

async function placeOrder(client: SupabaseClient, method = 'bank_transfer') {
  const item = await product();
  const { data, error } = await client.rpc('place_order', {
    p_lines: [{ product_id: item.id, quantity: 2 }],
    p_shipping_address: address,
    p_payment_method: method,
  });
  expect(error).toBeNull();
  const order = data as { id: string; order_number: string };
  return { ...order, product: item };
}

async function messagesOf(orderId: string) {
  return owner<{ kind: string; recipient: string; sent_at: string | null; order_event_id: string }>(
    `select kind, recipient, sent_at, order_event_id from public.outbox_messages
     where payload ->> 'order_id' = $1 order by created_at, id`,
    [orderId],
  );
}

const mailsAbout = async (to: string, orderNumber: string) =>
  (await readMailbox(stack, to)).filter((mail) => mail.subject.includes(orderNumber));

beforeAll(async () => {
  stack = await startTestStack({ shopUrl: SHOP });
  demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
  customer = await stack.signedInClient(accounts.customer.email, accounts.customer.password);
  admin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
  categoryId = (await owner<{ id: string }>('select id from public.categories order by name limit 1'))[0]!.id;
  // The seed's order history is not news: it leaves no order e-mail to send.
  expect(
    await owner(`select count(*)::int as n from public.outbox_messages where order_event_id is not null`),
  ).toEqual([{ n: 0 }]);
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

describe('one e-mail per event, to the order’s address', () => {
  it('placed, paid, shipped with tracking: written once each, with the order’s lines, totals, address and how to pay', async () => {
    const order = await placeOrder(demo);
    expect(await messagesOf(order.id)).toMatchObject([
      { kind: 'order_placed', recipient: 'demo@example.com' },
    ]);

    expect(
      (await admin.rpc('admin_set_payment_status', { p_order_id: order.id, p_payment_status: 'paid' })).error,
    ).toBeNull();
    expect(
      (await admin.rpc('admin_set_order_status', { p_order_id: order.id, p_status: 'processing' })).error,
    ).toBeNull();
    const shipped = await admin.rpc('admin_ship_order', {
      p_order_id: order.id,
      p_carrier: 'ups',
      p_tracking_number: '1Z999AA10123456784',
    });
    expect(shipped.error).toBeNull();
    expect(shipped.data).toMatchObject({
      status: 'shipped',
      shipping_carrier: 'ups',
      tracking_number: '1Z999AA10123456784',
      tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });

    const messages = await messagesOf(order.id);
    expect(messages.map((m) => m.kind)).toEqual(['order_placed', 'order_paid', 'order_shipped']);
    expect(new Set(messages.map((m) => m.order_event_id)).size).toBe(3);

    expect(await sendOutbox(stack)).toEqual({ sent: 3, failed: 0 });
    const mails = await mailsAbout('demo@example.com', order.order_number);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Order ${order.order_number} has shipped`,
      `Order ${order.order_number} received`,
      `Payment received for order ${order.order_number}`,
    ]);
    const placed = mails.find((m) => m.subject.endsWith('received'))!;
    expect(placed.text).toContain(`${order.product.name} × 2: $80.00`);
    expect(placed.text).toContain('Total: $');
    expect(placed.text).toContain('1420 Ridgeview Drive');
    expect(placed.text).toContain(`Reference: ${order.order_number}`);
    expect(placed.html).toContain('Jamie &#60;b&#62;Carter&#60;/b&#62; &#38; Co');
    expect(placed.html).not.toContain('<b>Carter</b>');
    expect(placed.html).toContain(`Mail Test &#60;`);
    expect(placed.links).toContain(`${SHOP}/account/orders/${order.id}`);
    const ship = mails.find((m) => m.subject.endsWith('has shipped'))!;
    expect(ship.text).toContain('Carrier: UPS');
    expect(ship.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(ship.links).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');

    // The customer reads the tracking on their order.
    const { data: mine } = await demo
      .from('orders')
      .select('tracking_number, shipping_carrier, tracking_url')
      .eq('id', order.id)
      .single();
    expect(mine).toEqual({
      tracking_number: '1Z999AA10123456784',
      shipping_carrier: 'ups',
      tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
  });

  it('cancelled by the customer, by staff (then refunded) and expired unpaid: one e-mail each, saying which', async () => {
    const byCustomer = await placeOrder(customer);
    expect((await customer.rpc('cancel_order', { p_order_id: byCustomer.id })).error).toBeNull();

    const byStaff = await placeOrder(customer);
    await admin.rpc('admin_set_payment_status', { p_order_id: byStaff.id, p_payment_status: 'paid' });
    expect(
      (
        await admin.rpc('admin_set_order_status', {
          p_order_id: byStaff.id,
          p_status: 'cancelled',
          p_note: 'Damaged in the warehouse',
        })
      ).error,
    ).toBeNull();
    expect(
      (await admin.rpc('admin_set_payment_status', { p_order_id: byStaff.id, p_payment_status: 'refunded' }))
        .error,
    ).toBeNull();

    const expired = await placeOrder(customer);
    await owner(`update public.orders set created_at = now() - interval '10 days' where id = $1`, [
      expired.id,
    ]);
    const { data: jobs } = await stack.serviceClient().rpc('scheduled_jobs_run', {});
    expect((jobs as { expired_orders: number }).expired_orders).toBeGreaterThanOrEqual(1);

    expect((await messagesOf(byCustomer.id)).map((m) => m.kind)).toEqual(['order_placed', 'order_cancelled']);
    expect((await messagesOf(byStaff.id)).map((m) => m.kind)).toEqual([
      'order_placed',
      'order_paid',
      'order_cancelled',
      'order_refunded',
    ]);
    expect((await messagesOf(expired.id)).map((m) => m.kind)).toEqual(['order_placed', 'order_cancelled']);

    await sendOutbox(stack);
    const cancelledText = async (number: string) =>
      (await mailsAbout('customer@example.com', number)).find((m) => m.subject.endsWith('cancelled'))!.text;
    expect(await cancelledText(byCustomer.order_number)).toContain('You cancelled your order.');
    const staffText = await cancelledText(byStaff.order_number);
    expect(staffText).toContain('We cancelled your order.');
    expect(staffText).toContain('Reason: Damaged in the warehouse');
    expect(staffText).toContain('we refund it to you');
    expect(await cancelledText(expired.order_number)).toContain('did not receive the payment in time');
    expect((await mailsAbout('customer@example.com', byStaff.order_number)).map((m) => m.subject)).toContain(
      `Refund for order ${byStaff.order_number}`,
    );
  });

  it('goes to the e-mail on the order (a guest’s), not the account’s', async () => {
    const order = await placeOrder(demo);
    await owner(`update public.orders set email = 'guest.buyer@example.com' where id = $1`, [order.id]);
    await admin.rpc('admin_set_payment_status', { p_order_id: order.id, p_payment_status: 'paid' });
    expect((await messagesOf(order.id)).map((m) => [m.kind, m.recipient])).toEqual([
      ['order_placed', 'demo@example.com'],
      ['order_paid', 'guest.buyer@example.com'],
    ]);
  });

  it('a refused change writes no e-mail; bad tracking is refused with a clear message', async () => {
    const order = await placeOrder(demo, 'cash_on_delivery');
    await admin.rpc('admin_set_order_status', { p_order_id: order.id, p_status: 'processing' });
    const before = (await messagesOf(order.id)).length;
    const noCarrier = await admin.rpc('admin_ship_order', {
      p_order_id: order.id,
      p_carrier: 'pigeon',
      p_tracking_number: 'ABC123',
    });
    expect(noCarrier.error?.message).toBe('Choose the carrier');
    const badNumber = await admin.rpc('admin_ship_order', {
      p_order_id: order.id,
      p_carrier: 'dhl',
      p_tracking_number: '<script>',
    });
    expect(badNumber.error?.message).toBe(
      'Enter the tracking number: 4 to 40 letters, digits, spaces or dashes',
    );
    const notStaff = await demo.rpc('admin_ship_order', {
      p_order_id: order.id,
      p_carrier: 'dhl',
      p_tracking_number: 'JD0146000012345',
    });
    expect(notStaff.error?.code).toBe('42501');
    expect(await messagesOf(order.id)).toHaveLength(before);
    const [row] = await owner<{ status: string; tracking_number: string | null }>(
      'select status, tracking_number from public.orders where id = $1',
      [order.id],
    );
    expect(row).toEqual({ status: 'processing', tracking_number: null });
  });
});

describe('delivered exactly once', () => {
  it('a sender killed between delivering and marking, then run again, leaves one e-mail per event', async () => {
    await sendOutbox(stack);
    const orders = [await placeOrder(demo), await placeOrder(demo), await placeOrder(demo)];
    for (const order of orders) {
      await admin.rpc('admin_set_payment_status', { p_order_id: order.id, p_payment_status: 'paid' });
    }
    let stored = 0;
    stack.smtp.afterStore = () => {
      stored += 1;
      if (stored === 2) stack.functions.kill('outbox-sender');
    };
    await expect(sendOutbox(stack)).rejects.toThrow('500');
    expect(stored).toBe(2);
    // The first e-mail was marked sent; the second was stored by the relay but never marked.
    const ids = orders.map((order) => order.id);
    const settled = await owner<{ n: number }>(
      `select count(*)::int as n from public.outbox_messages where payload ->> 'order_id' = any ($1) and sent_at is not null`,
      [ids],
    );
    expect(settled[0]?.n).toBe(1);
    // The lease of the killed sender ends; the next run delivers what it had claimed, under the same keys,
    // and the relay keeps one message per key.
    await owner(
      `update public.outbox_messages set locked_until = now() - interval '1 second' where sent_at is null`,
    );
    expect(await sendOutbox(stack)).toEqual({ sent: 5, failed: 0 });
    expect(stored).toBe(7);
    stack.smtp.afterStore = null;
    expect(await sendOutbox(stack)).toEqual({ sent: 0, failed: 0 });

    for (const order of orders) {
      const mails = await mailsAbout('demo@example.com', order.order_number);
      expect(mails.map((m) => m.subject).sort()).toEqual([
        `Order ${order.order_number} received`,
        `Payment received for order ${order.order_number}`,
      ]);
    }
  });
});
