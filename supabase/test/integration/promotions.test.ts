// Discount codes, through supabase-js against a fresh seeded stack: staff with the orders permission
// keep them (case-insensitive codes, checked values, every change in the audit log); checkout_quote and
// place_order apply one code per order in the database (percent, amount or free shipping, off the goods
// before tax, never below zero, scoped to categories or products) and refuse each bad code with its own
// message; the order records the code and the discount; 50 orders racing for the last use give exactly
// one; cancelling, staff cancelling and expiring an order give its use back; admin_promotion_stats counts
// uses and revenue. Runs on PGlite and, with STACK_TEST_DATABASE_URL, on PostgreSQL (true concurrency).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let demo: SupabaseClient;
let other: SupabaseClient;
let ordersAdmin: SupabaseClient;
let superAdmin: SupabaseClient;
let service: SupabaseClient;
let lightingId = '';
let waterId = '';
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

interface Quote {
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  discount_code: string | null;
  discount_problem: string | null;
}

interface OrderRow {
  id: string;
  status: string;
  subtotal: number;
  discount_amount: number;
  shipping_amount: number;
  tax_amount: number;
  total_amount: number;
  discount_code: string | null;
  promotion_id: string | null;
}

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

async function product(options: { price?: number; stock?: number; category?: string } = {}) {
  serial += 1;
  const [row] = await owner<{ id: string }>(
    `insert into public.products (name, description, price, category_id, image_url, stock_count, in_stock)
     values ($1, 'for promotions.test.ts', $2, $3, 'x.svg', $4, true) returning id`,
    [`Promo Test ${serial}`, options.price ?? 10, options.category ?? lightingId, options.stock ?? 500],
  );
  return row!.id;
}

/** A code created by staff (the orders administrator) over REST; returns its id. */
async function code(fields: Record<string, unknown>): Promise<string> {
  serial += 1;
  const { data, error } = await ordersAdmin
    .from('promotions')
    .insert({ code: `CODE${serial}`, kind: 'percent', value: 10, ...fields })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function quote(client: SupabaseClient, lines: unknown, discountCode: string | null) {
  const { data, error } = await client.rpc('checkout_quote', {
    p_lines: lines,
    p_discount_code: discountCode,
  });
  if (error) throw new Error(error.message);
  return data as Quote;
}

function place(
  client: SupabaseClient,
  lines: unknown,
  discountCode: string | null,
  payment = 'bank_transfer',
) {
  return client.rpc('place_order', {
    p_lines: lines,
    p_shipping_address: address,
    p_shipping_method: 'standard',
    p_payment_method: payment,
    p_idempotency_key: crypto.randomUUID(),
    p_discount_code: discountCode,
  });
}

async function placed(
  client: SupabaseClient,
  lines: unknown,
  discountCode: string | null,
): Promise<OrderRow> {
  const { data, error } = await place(client, lines, discountCode);
  if (error) throw new Error(error.message);
  return data as OrderRow;
}

async function orderCount(): Promise<number> {
  return (await owner<{ n: number }>('select count(*)::int as n from public.orders'))[0]!.n;
}

beforeAll(async () => {
  stack = await startTestStack();
  demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
  other = await stack.signedInClient(accounts.customer.email, accounts.customer.password);
  ordersAdmin = await stack.signedInClient(accounts.ordersAdmin.email, accounts.ordersAdmin.password);
  superAdmin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
  service = stack.serviceClient();
  lightingId = (await owner<{ id: string }>(`select id from public.categories where slug = 'lighting'`))[0]!
    .id;
  waterId = (
    await owner<{ id: string }>(`select id from public.categories where slug <> 'lighting' limit 1`)
  )[0]!.id;
});

afterAll(async () => {
  await stack?.stop();
});

describe('staff keep the codes', () => {
  it('codes are unique whatever their case, and bad values are refused by the database', async () => {
    await code({ code: 'Summer25', kind: 'percent', value: 25 });
    const duplicate = await ordersAdmin
      .from('promotions')
      .insert({ code: 'SUMMER25', kind: 'amount', value: 5 });
    expect(duplicate.error?.code).toBe('23505');
    const bad: Record<string, unknown>[] = [
      { code: 'PCT150', kind: 'percent', value: 150 },
      { code: 'ZERO', kind: 'amount', value: 0 },
      { code: 'SHIPVALUE', kind: 'free_shipping', value: 5 },
      { code: 'no spaces', kind: 'percent', value: 5 },
      { code: 'AB', kind: 'percent', value: 5 },
      {
        code: 'DATES',
        kind: 'percent',
        value: 5,
        starts_at: '2027-01-02T00:00:00Z',
        ends_at: '2027-01-01T00:00:00Z',
      },
      { code: 'NEGMIN', kind: 'percent', value: 5, min_subtotal: -1 },
      { code: 'NOUSES', kind: 'percent', value: 5, usage_limit: 0 },
    ];
    for (const row of bad) {
      const { error } = await ordersAdmin.from('promotions').insert(row);
      expect(error?.code, String(row.code)).toBe('23514');
    }
  });

  it('every staff change to a code is in the audit log, with the fields before and after', async () => {
    const id = await code({ code: 'AUDITME', kind: 'percent', value: 10 });
    const changed = await ordersAdmin.from('promotions').update({ value: 15, active: false }).eq('id', id);
    expect(changed.error).toBeNull();
    const deleted = await ordersAdmin.from('promotions').delete().eq('id', id);
    expect(deleted.error).toBeNull();
    const rows = await owner<{ action: string; actor_email: string; record_label: string; changes: unknown }>(
      `select action, actor_email, record_label, changes from public.audit_log
       where entity = 'promotion' and record_id = $1 order by id`,
      [id],
    );
    expect(rows.map((row) => row.action)).toEqual(['created', 'changed', 'deleted']);
    expect(
      rows.every((row) => row.actor_email === accounts.ordersAdmin.email && row.record_label === 'AUDITME'),
    ).toBe(true);
    expect(rows[0]!.changes).toMatchObject({ code: { after: 'AUDITME' }, value: { after: 10 } });
    expect(rows[1]!.changes).toEqual({
      value: { before: 10, after: 15 },
      active: { before: true, after: false },
    });
  });
});

describe('checkout_quote and place_order apply one code in the database', () => {
  it('a percentage comes off the goods before tax; the code matches whatever its case', async () => {
    await code({ code: 'Tenner10', kind: 'percent', value: 10 });
    const item = await product({ price: 40 });
    const lines = [{ product_id: item, quantity: 2 }];
    const q = await quote(demo, lines, '  tenner10 ');
    // 80 - 8 = 72 of goods: shipping (from the subtotal of 80) 9.99, tax 8% of 72 = 5.76.
    expect(q).toMatchObject({
      subtotal: 80,
      discount: 8,
      shipping: 9.99,
      tax: 5.76,
      total: 87.75,
      discount_code: 'Tenner10',
      discount_problem: null,
    });
    const order = await placed(demo, lines, 'TENNER10');
    expect(order).toMatchObject({
      subtotal: 80,
      discount_amount: 8,
      shipping_amount: 9.99,
      tax_amount: 5.76,
      total_amount: 87.75,
      discount_code: 'Tenner10',
    });
    expect(order.promotion_id).not.toBeNull();
  });

  it('without a code nothing changes: no discount, no code', async () => {
    const item = await product({ price: 40 });
    const q = await quote(demo, [{ product_id: item, quantity: 1 }], null);
    expect(q).toMatchObject({ subtotal: 40, discount: 0, tax: 3.2, total: 53.19, discount_code: null });
    const order = await placed(demo, [{ product_id: item, quantity: 1 }], '   ');
    expect(order).toMatchObject({
      discount_amount: 0,
      discount_code: null,
      promotion_id: null,
      total_amount: 53.19,
    });
  });

  it('a fixed amount never takes the goods below zero, and tax follows', async () => {
    await code({ code: 'BIGFIFTY', kind: 'amount', value: 50 });
    const item = await product({ price: 12.5 });
    const lines = [{ product_id: item, quantity: 2 }];
    const q = await quote(demo, lines, 'bigfifty');
    expect(q).toMatchObject({ subtotal: 25, discount: 25, shipping: 9.99, tax: 0, total: 9.99 });
    const order = await placed(demo, lines, 'BigFifty');
    expect(order).toMatchObject({ subtotal: 25, discount_amount: 25, tax_amount: 0, total_amount: 9.99 });
  });

  it('free shipping waives the shipping and keeps the tax of the goods', async () => {
    await code({ code: 'SHIPFREE', kind: 'free_shipping', value: null });
    const item = await product({ price: 20 });
    const lines = [{ product_id: item, quantity: 1 }];
    const q = await quote(demo, lines, 'shipfree');
    expect(q).toMatchObject({ subtotal: 20, discount: 9.99, shipping: 9.99, tax: 1.6, total: 21.6 });
    const order = await placed(demo, lines, 'SHIPFREE');
    expect(order).toMatchObject({ discount_amount: 9.99, shipping_amount: 9.99, total_amount: 21.6 });
  });

  it('a scoped code takes its share off the lines in scope only', async () => {
    const lamp = await product({ price: 30, category: lightingId });
    const filter = await product({ price: 50, category: waterId });
    const single = await product({ price: 10, category: waterId });
    await code({ code: 'LIGHTS20', kind: 'percent', value: 20, category_ids: [lightingId] });
    await code({ code: 'ONEITEM5', kind: 'amount', value: 5, product_ids: [single] });
    const lines = [
      { product_id: lamp, quantity: 1 },
      { product_id: filter, quantity: 1 },
      { product_id: single, quantity: 1 },
    ];
    expect(await quote(demo, lines, 'lights20')).toMatchObject({ subtotal: 90, discount: 6, tax: 6.72 });
    expect(await quote(demo, lines, 'oneitem5')).toMatchObject({ subtotal: 90, discount: 5 });
    // An amount larger than the lines in scope takes only what they cost.
    await code({ code: 'ONEITEM50', kind: 'amount', value: 50, product_ids: [single] });
    expect(await quote(demo, lines, 'ONEITEM50')).toMatchObject({ discount: 10 });
  });
});

describe('each refused code has its own message, in the quote and from place_order', () => {
  async function refused(discountCode: string, message: string, client = demo, lines?: unknown) {
    const item = await product({ price: 20 });
    const cart = lines ?? [{ product_id: item, quantity: 1 }];
    const q = await quote(client, cart, discountCode);
    expect(q.discount_problem).toBe(message);
    // A refused code takes nothing off the quote.
    expect(q.discount).toBe(0);
    expect(q.discount_code).toBeNull();
    const before = await orderCount();
    const attempt = await place(client, cart, discountCode);
    expect(attempt.error?.message).toBe(message);
    expect(await orderCount()).toBe(before);
  }

  it('unknown, deactivated, not yet started and expired', async () => {
    await refused('NOSUCHCODE', '"NOSUCHCODE" is not a valid discount code');
    await refused('x'.repeat(40), `"${'x'.repeat(40)}" is not a valid discount code`);
    await code({ code: 'SLEEPING', active: false });
    await refused('sleeping', '"sleeping" is not a valid discount code');
    await code({ code: 'LATER', starts_at: new Date(Date.now() + 86_400_000).toISOString() });
    await refused('later', 'The discount code "LATER" is not active yet');
    await code({
      code: 'BYGONE',
      starts_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      ends_at: new Date(Date.now() - 86_400_000).toISOString(),
    });
    await refused('bygone', 'The discount code "BYGONE" has expired');
  });

  it('below the minimum subtotal and out of scope', async () => {
    await code({ code: 'MIN100', min_subtotal: 100 });
    await refused('min100', 'The discount code "MIN100" needs a subtotal of at least $100.00');
    const item = await product({ price: 100 });
    expect(await quote(demo, [{ product_id: item, quantity: 1 }], 'min100')).toMatchObject({
      discount: 10,
      discount_problem: null,
    });
    await code({ code: 'WATERONLY', category_ids: [waterId] });
    await refused('wateronly', 'The discount code "WATERONLY" does not apply to the products in your cart');
  });

  it("used up, and the customer's own limit", async () => {
    await code({ code: 'ONCEONLY', usage_limit: 1 });
    await placed(other, [{ product_id: await product(), quantity: 1 }], 'onceonly');
    await refused('onceonly', 'The discount code "ONCEONLY" has been used up');

    await code({ code: 'ONEEACH', per_customer_limit: 1 });
    await placed(demo, [{ product_id: await product(), quantity: 1 }], 'ONEEACH');
    await refused('oneeach', 'You have already used the discount code "ONEEACH"');
    // Another customer still may.
    expect(
      (await placed(other, [{ product_id: await product(), quantity: 1 }], 'oneeach')).discount_code,
    ).toBe('ONEEACH');

    await code({ code: 'TWOEACH', per_customer_limit: 2 });
    await placed(demo, [{ product_id: await product(), quantity: 1 }], 'TWOEACH');
    await placed(demo, [{ product_id: await product(), quantity: 1 }], 'TWOEACH');
    await refused('twoeach', 'You have already used the discount code "TWOEACH" 2 times, the most allowed');
  });
});

describe('uses: counted under concurrency, given back by cancelling and expiry', () => {
  it('50 orders racing for the last use of a code: exactly one gets it', async () => {
    const id = await code({ code: 'LASTONE', usage_limit: 3 });
    const item = await product({ price: 10, stock: 1000 });
    await placed(demo, [{ product_id: item, quantity: 1 }], 'LASTONE');
    await placed(other, [{ product_id: item, quantity: 1 }], 'LASTONE');
    const buyers = [demo, other];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        place(buyers[i % 2]!, [{ product_id: item, quantity: 1 }], 'lastone'),
      ),
    );
    const ok = results.filter((result) => !result.error);
    expect(ok).toHaveLength(1);
    for (const result of results.filter((r) => r.error)) {
      expect(result.error?.message).toBe('The discount code "LASTONE" has been used up');
    }
    const uses = await owner<{ n: number }>(
      `select count(*)::int as n from public.orders where promotion_id = $1 and status <> 'cancelled'`,
      [id],
    );
    expect(uses).toEqual([{ n: 3 }]);
  });

  it('a customer cancelling gives the use back', async () => {
    await code({ code: 'GIVEBACK', usage_limit: 1 });
    const item = await product();
    const order = await placed(demo, [{ product_id: item, quantity: 1 }], 'GIVEBACK');
    expect((await quote(other, [{ product_id: item, quantity: 1 }], 'giveback')).discount_problem).toBe(
      'The discount code "GIVEBACK" has been used up',
    );
    const cancelled = await demo.rpc('cancel_order', { p_order_id: order.id });
    expect(cancelled.error).toBeNull();
    expect((await placed(other, [{ product_id: item, quantity: 1 }], 'giveback')).discount_code).toBe(
      'GIVEBACK',
    );
  });

  it('staff cancelling and an unpaid order expiring give the use back too', async () => {
    await code({ code: 'STAFFBACK', usage_limit: 1 });
    const item = await product();
    const order = await placed(demo, [{ product_id: item, quantity: 1 }], 'STAFFBACK');
    const staff = await ordersAdmin.rpc('admin_set_order_status', {
      p_order_id: order.id,
      p_status: 'cancelled',
    });
    expect(staff.error).toBeNull();
    const again = await placed(demo, [{ product_id: item, quantity: 1 }], 'STAFFBACK');
    await refused();
    // The unpaid bank-transfer order expires (the job runs with a clock a week ahead).
    const expired = await service.rpc('orders_expire_unpaid', {
      p_now: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      p_limit: 1000,
    });
    expect(expired.error).toBeNull();
    expect(
      (await owner<{ status: string }>('select status from public.orders where id = $1', [again.id]))[0]!
        .status,
    ).toBe('cancelled');
    expect((await placed(other, [{ product_id: item, quantity: 1 }], 'staffback')).discount_code).toBe(
      'STAFFBACK',
    );

    async function refused() {
      const attempt = await place(other, [{ product_id: item, quantity: 1 }], 'staffback');
      expect(attempt.error?.message).toBe('The discount code "STAFFBACK" has been used up');
    }
  });

  it('a deleted code leaves its orders with the code they used', async () => {
    const id = await code({ code: 'GONESOON' });
    const order = await placed(demo, [{ product_id: await product(), quantity: 1 }], 'gonesoon');
    expect((await ordersAdmin.from('promotions').delete().eq('id', id)).error).toBeNull();
    const [row] = await owner<{ promotion_id: string | null; discount_code: string }>(
      'select promotion_id, discount_code from public.orders where id = $1',
      [order.id],
    );
    expect(row).toEqual({ promotion_id: null, discount_code: 'GONESOON' });
  });
});

describe('admin_promotion_stats: uses and the revenue each code brought', () => {
  it('counts orders that are not cancelled and sums the sales', async () => {
    const id = await code({ code: 'STATS', kind: 'amount', value: 5 });
    const item = await product({ price: 100 });
    const first = await placed(demo, [{ product_id: item, quantity: 1 }], 'STATS');
    const second = await placed(other, [{ product_id: item, quantity: 2 }], 'STATS');
    const third = await placed(other, [{ product_id: item, quantity: 1 }], 'STATS');
    expect((await other.rpc('cancel_order', { p_order_id: third.id })).error).toBeNull();
    const { data, error } = await ordersAdmin.rpc('admin_promotion_stats');
    expect(error).toBeNull();
    const row = (
      data as { promotion_id: string; uses: number; revenue: number; discount_total: number }[]
    ).find((r) => r.promotion_id === id);
    expect(row).toEqual({
      promotion_id: id,
      uses: 2,
      revenue: Math.round((first.total_amount + second.total_amount) * 100) / 100,
      discount_total: 10,
    });
    // The e-mail of a placed order names the code and what it took off.
    const [mail] = await owner<{ payload: { discount: number; discount_code: string } }>(
      `select payload from public.outbox_messages where payload ->> 'order_id' = $1 and kind = 'order_placed'`,
      [first.id],
    );
    expect(mail?.payload).toMatchObject({ discount: 5, discount_code: 'STATS' });
    expect((await demo.rpc('admin_promotion_stats')).error?.code).toBe('42501');
    expect((await superAdmin.rpc('admin_promotion_stats')).error).toBeNull();
  });
});
