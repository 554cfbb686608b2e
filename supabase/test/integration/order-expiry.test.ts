// Unpaid orders stop holding stock, purchase limits count a customer's recent orders, and stock put back
// by a quick cancellation is announced to the waitlist only if it is still there later. The jobs run
// with a clock the test passes (scheduled_jobs_run(p_now)); the stack's own scheduler is started for
// this file too and shown to run the same jobs. Runs on PGlite and, with STACK_TEST_DATABASE_URL, on
// PostgreSQL (true concurrency for the purchase-limit race).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let demo: SupabaseClient;
let customer: SupabaseClient;
let superAdmin: SupabaseClient;
let ordersAdmin: SupabaseClient;
let service: SupabaseClient;
let categoryId = '';
let serial = 0;

const HOUR = 3_600_000;

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

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

async function product(options: { stock?: number; limit?: number | null } = {}) {
  serial += 1;
  const name = `Expiry Test ${serial}`;
  const stock = options.stock ?? 10;
  const [row] = await owner<{ id: string }>(
    `insert into public.products (name, description, price, category_id, image_url, stock_count, in_stock, purchase_limit)
     values ($1, 'for order-expiry.test.ts', 10, $2, 'x.svg', $3, $3 > 0, $4) returning id`,
    [name, categoryId, stock, options.limit ?? null],
  );
  return { id: row!.id, name };
}

async function stockOf(productId: string): Promise<number> {
  return (
    await owner<{ stock_count: number }>('select stock_count from public.products where id = $1', [productId])
  )[0]!.stock_count;
}

async function place(
  client: SupabaseClient,
  lines: { product_id: string; quantity: number }[],
  method = 'bank_transfer',
) {
  return client.rpc('place_order', {
    p_lines: lines,
    p_shipping_address: address,
    p_payment_method: method,
  });
}

async function placed(
  client: SupabaseClient,
  lines: { product_id: string; quantity: number }[],
  method?: string,
) {
  const { data, error } = await place(client, lines, method);
  expect(error).toBeNull();
  return data as { id: string; order_number: string; created_at: string };
}

/** The jobs as pg_cron runs them, with the test's clock. */
async function runJobs(at: Date): Promise<{ expired_orders: number; back_in_stock_emails: number }> {
  const { data, error } = await service.rpc('scheduled_jobs_run', { p_now: at.toISOString() });
  expect(error).toBeNull();
  return data as { expired_orders: number; back_in_stock_emails: number };
}

async function statusOf(orderId: string) {
  return (
    await owner<{ status: string; payment_status: string }>(
      'select status, payment_status from public.orders where id = $1',
      [orderId],
    )
  )[0]!;
}

beforeAll(async () => {
  // The stack's scheduler runs too (every 300 ms), with the real clock: it must not touch fresh orders.
  stack = await startTestStack({ scheduler: { intervalMs: 300 } });
  demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
  customer = await stack.signedInClient(accounts.customer.email, accounts.customer.password);
  superAdmin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
  ordersAdmin = await stack.signedInClient(accounts.ordersAdmin.email, accounts.ordersAdmin.password);
  service = stack.serviceClient();
  categoryId = (await owner<{ id: string }>('select id from public.categories order by slug limit 1'))[0]!.id;
});

afterAll(async () => {
  await stack?.stop();
});

describe('store_settings', () => {
  it('has one row with the documented defaults that everyone reads', async () => {
    for (const client of [stack.anonClient(), demo]) {
      const { data, error } = await client
        .from('store_settings')
        .select('unpaid_order_hold_hours, purchase_limit_window_days');
      expect(error).toBeNull();
      expect(data).toEqual([{ unpaid_order_hold_hours: 72, purchase_limit_window_days: 7 }]);
    }
  });

  it('only the settings permission changes it, within its bounds; nobody adds or removes rows', async () => {
    for (const client of [demo, ordersAdmin, stack.anonClient()]) {
      const { data } = await client
        .from('store_settings')
        .update({ unpaid_order_hold_hours: 1 })
        .eq('id', true)
        .select('unpaid_order_hold_hours');
      expect(data ?? []).toEqual([]);
    }
    const bad = await superAdmin.from('store_settings').update({ unpaid_order_hold_hours: 0 }).eq('id', true);
    expect(bad.error?.code).toBe('23514');
    const insert = await superAdmin.from('store_settings').insert({ id: false });
    expect(insert.error).not.toBeNull();
    const remove = await superAdmin.from('store_settings').delete().eq('id', true).select('id');
    expect(remove.data ?? []).toEqual([]);
    const [row] = await owner<{ hours: number; n: number }>(
      'select max(unpaid_order_hold_hours) as hours, count(*)::int as n from public.store_settings',
    );
    expect(row).toEqual({ hours: 72, n: 1 });
    const ok = await superAdmin
      .from('store_settings')
      .update({ unpaid_order_hold_hours: 48 })
      .eq('id', true)
      .select('unpaid_order_hold_hours');
    expect(ok.error).toBeNull();
    expect(ok.data).toEqual([{ unpaid_order_hold_hours: 48 }]);
    // Who changed it is stamped, and readable by the service role only (the audit log says it to staff).
    const [stamp] = await owner<{ updated_by: string }>('select updated_by from public.store_settings');
    expect(stamp?.updated_by).toBe(accounts.superAdmin.userId);
    await owner('update public.store_settings set unpaid_order_hold_hours = 72');
  });
});

describe('unpaid bank-transfer orders expire after the hold time', () => {
  it('the job cancels them after 72 hours, returns stock and lots, records why; nothing earlier or else', async () => {
    const plain = await product({ stock: 5 });
    const lotted = await product({ stock: 0 });
    await owner(
      `insert into public.product_lots (product_id, lot_code, quantity, best_before) values ($1, 'EXP-1', 4, current_date + 400)`,
      [lotted.id],
    );
    const unpaid = await placed(demo, [
      { product_id: plain.id, quantity: 2 },
      { product_id: lotted.id, quantity: 3 },
    ]);
    const cod = await placed(demo, [{ product_id: plain.id, quantity: 1 }], 'cash_on_delivery');
    const paid = await placed(customer, [{ product_id: plain.id, quantity: 1 }]);
    expect(
      (await ordersAdmin.rpc('admin_set_payment_status', { p_order_id: paid.id, p_payment_status: 'paid' }))
        .error,
    ).toBeNull();
    expect(await stockOf(plain.id)).toBe(1);
    expect(await stockOf(lotted.id)).toBe(1);

    const placedAt = new Date(unpaid.created_at).getTime();
    await runJobs(new Date(placedAt + 71 * HOUR));
    expect(await statusOf(unpaid.id)).toEqual({ status: 'pending', payment_status: 'awaiting_payment' });

    const result = await runJobs(new Date(placedAt + 73 * HOUR));
    expect(result.expired_orders).toBeGreaterThanOrEqual(1);
    expect(result.back_in_stock_emails).toBe(0);
    expect(await statusOf(unpaid.id)).toEqual({ status: 'cancelled', payment_status: 'awaiting_payment' });
    expect(await statusOf(cod.id)).toEqual({ status: 'pending', payment_status: 'awaiting_payment' });
    expect((await statusOf(paid.id)).status).toBe('pending');
    expect(await stockOf(plain.id)).toBe(3);
    expect(await stockOf(lotted.id)).toBe(4);
    const [lot] = await owner<{ quantity: number }>(
      `select quantity from public.product_lots where product_id = $1 and lot_code = 'EXP-1'`,
      [lotted.id],
    );
    expect(lot!.quantity).toBe(4);
    const events = await owner<{ kind: string; actor_role: string; actor_id: string | null; note: string }>(
      `select kind, actor_role, actor_id, note from public.order_events where order_id = $1 order by created_at`,
      [unpaid.id],
    );
    expect(events.at(-1)).toEqual({
      kind: 'cancelled',
      actor_role: 'system',
      actor_id: null,
      note: 'Not paid within 72 hours: the order expired and its items went back into stock.',
    });
    // The customer sees it in their own history.
    const mine = await demo
      .from('orders')
      .select('status, order_events(kind, note)')
      .eq('id', unpaid.id)
      .single();
    expect(mine.data?.status).toBe('cancelled');

    // Running again changes nothing (the stock went back once).
    await runJobs(new Date(placedAt + 80 * HOUR));
    expect(await stockOf(plain.id)).toBe(3);
  });

  it('follows the hold time in store_settings', async () => {
    const item = await product({ stock: 3 });
    const order = await placed(demo, [{ product_id: item.id, quantity: 1 }]);
    const placedAt = new Date(order.created_at).getTime();
    await runJobs(new Date(placedAt + 2 * HOUR));
    expect((await statusOf(order.id)).status).toBe('pending');
    await owner('update public.store_settings set unpaid_order_hold_hours = 1');
    try {
      await runJobs(new Date(placedAt + 2 * HOUR));
      expect((await statusOf(order.id)).status).toBe('cancelled');
      expect(await stockOf(item.id)).toBe(3);
    } finally {
      await owner('update public.store_settings set unpaid_order_hold_hours = 72');
    }
  });

  it('the stack scheduler runs the same job on its own', async () => {
    const item = await product({ stock: 2 });
    const order = await placed(demo, [{ product_id: item.id, quantity: 2 }]);
    await owner(`update public.orders set created_at = now() - interval '73 hours' where id = $1`, [
      order.id,
    ]);
    await expect
      .poll(async () => (await statusOf(order.id)).status, { timeout: 15_000, interval: 200 })
      .toBe('cancelled');
    expect(await stockOf(item.id)).toBe(2);
  });

  it('only the service role may run the jobs', async () => {
    for (const client of [stack.anonClient(), demo, superAdmin]) {
      for (const fn of ['scheduled_jobs_run', 'orders_expire_unpaid', 'waitlist_release_restock_holds']) {
        const { error } = await client.rpc(fn, { p_now: new Date(Date.now() + 1000 * HOUR).toISOString() });
        expect(error).not.toBeNull();
      }
    }
  });
});

describe('purchase limits count the customer’s recent orders during an emergency', () => {
  // The window only counts while an emergency is open (emergency.test.ts: per order once it ends).
  beforeAll(async () => {
    await owner(`insert into public.emergencies (name) values ('Order expiry test storm')`);
  });
  afterAll(async () => {
    await owner(`update public.emergencies set ended_at = now() where ended_at is null`);
  });

  it('a second order over the limit within the window is refused, in the quote too; cancelled and old orders do not count', async () => {
    const limited = await product({ stock: 20, limit: 2 });
    const first = await placed(demo, [{ product_id: limited.id, quantity: 2 }]);
    const [{ created_at: firstAt }] = (await owner<{ created_at: Date }>(
      `select created_at from public.orders where id = $1`,
      [first.id],
    )) as [{ created_at: Date }];
    // How many more now (none), and the UTC day the first order stops counting.
    const freed = new Date(new Date(firstAt).getTime() + 7 * 86_400_000).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const message = `You can buy at most 2 of "${limited.name}" in 7 days, and your other orders already hold 2: 0 more now, more from ${freed}`;
    const again = await place(demo, [{ product_id: limited.id, quantity: 1 }]);
    expect(again.error).toMatchObject({ code: 'P0001', message });
    const quote = await demo.rpc('checkout_quote', { p_lines: [{ product_id: limited.id, quantity: 1 }] });
    expect((quote.data as { lines: { problem: string }[] }).lines[0]!.problem).toBe(message);
    // Another customer is not affected; a visitor's quote neither.
    expect((await place(customer, [{ product_id: limited.id, quantity: 2 }])).error).toBeNull();
    const visitor = await stack.anonClient().rpc('checkout_quote', {
      p_lines: [{ product_id: limited.id, quantity: 2 }],
    });
    expect((visitor.data as { lines: { problem: string | null }[] }).lines[0]!.problem).toBeNull();

    expect((await demo.rpc('cancel_order', { p_order_id: first.id })).error).toBeNull();
    const afterCancel = await placed(demo, [{ product_id: limited.id, quantity: 2 }]);
    // Older than the window: no longer counted.
    await owner(
      `update public.orders set created_at = now() - interval '8 days', payment_method = 'cash_on_delivery' where id = $1`,
      [afterCancel.id],
    );
    expect((await place(demo, [{ product_id: limited.id, quantity: 2 }])).error).toBeNull();
  });

  it('10 parallel orders of one unit by one customer for a product limited to 2: exactly 2 placed', async () => {
    const limited = await product({ stock: 50, limit: 2 });
    const userId = crypto.randomUUID();
    await owner(
      `insert into auth.users (id, email, aud, role, email_confirmed_at)
       values ($1, $2, 'authenticated', 'authenticated', now())`,
      [userId, `limit-race-${userId}@example.com`],
    );
    const racer = await stack.clientForUser(userId);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => place(racer, [{ product_id: limited.id, quantity: 1 }])),
    );
    expect(results.filter((result) => !result.error)).toHaveLength(2);
    for (const result of results.filter((r) => r.error)) {
      expect(result.error?.message).toMatch(/^You can buy at most 2 of /);
    }
    expect(await stockOf(limited.id)).toBe(48);
  });
});

describe('back-in-stock e-mails and quick cancellations', () => {
  async function waitingSubscriber(productId: string, email: string) {
    await owner(
      `insert into public.waitlist_subscriptions (product_id, email, token_hash, confirmed_at)
       values ($1, $2, decode(md5($2), 'hex'), now())`,
      [productId, email],
    );
  }

  async function emailsTo(email: string): Promise<number> {
    return (
      await owner<{ n: number }>(
        `select count(*)::int as n from public.outbox_messages where recipient = $1 and kind = 'waitlist_back_in_stock'`,
        [email],
      )
    )[0]!.n;
  }

  it('cancel and re-order within minutes: no e-mail now, none later because the stock is gone again', async () => {
    const item = await product({ stock: 1 });
    const order = await placed(demo, [{ product_id: item.id, quantity: 1 }]);
    await waitingSubscriber(item.id, 'quick-trick@example.com');
    expect((await demo.rpc('cancel_order', { p_order_id: order.id })).error).toBeNull();
    expect(await stockOf(item.id)).toBe(1);
    expect(await emailsTo('quick-trick@example.com')).toBe(0);
    await placed(demo, [{ product_id: item.id, quantity: 1 }]);
    await runJobs(new Date(Date.now() + 11 * 60_000));
    expect(await emailsTo('quick-trick@example.com')).toBe(0);
    const [sub] = await owner<{ notified_at: string | null }>(
      `select notified_at from public.waitlist_subscriptions where email = 'quick-trick@example.com'`,
    );
    expect(sub!.notified_at).toBeNull();
  });

  it('stock that stays after a quick cancellation is announced 10 minutes later, not before', async () => {
    const item = await product({ stock: 1 });
    const order = await placed(demo, [{ product_id: item.id, quantity: 1 }]);
    await waitingSubscriber(item.id, 'stays@example.com');
    expect((await demo.rpc('cancel_order', { p_order_id: order.id })).error).toBeNull();
    await runJobs(new Date(Date.now() + 5 * 60_000));
    expect(await emailsTo('stays@example.com')).toBe(0);
    await runJobs(new Date(Date.now() + 11 * 60_000));
    expect(await emailsTo('stays@example.com')).toBe(1);
  });

  it('an order cancelled after the first minutes announces the stock at once', async () => {
    const item = await product({ stock: 1 });
    const order = await placed(demo, [{ product_id: item.id, quantity: 1 }]);
    await waitingSubscriber(item.id, 'later@example.com');
    await owner(`update public.orders set created_at = now() - interval '15 minutes' where id = $1`, [
      order.id,
    ]);
    expect((await demo.rpc('cancel_order', { p_order_id: order.id })).error).toBeNull();
    expect(await emailsTo('later@example.com')).toBe(1);
  });
});
