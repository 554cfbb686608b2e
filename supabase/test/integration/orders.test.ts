// Orders, through supabase-js against a fresh seeded stack: orders are written only by
// the database from its own prices (place_order), stock and purchase limits hold under concurrency,
// the idempotency key gives one order, customers cannot write orders directly nor read others', status
// and payment moves outside the allowed paths are refused, cancelling restocks once, the totals are
// cartTotals' figures, and the back-office order and customer functions need their permission.
// With STACK_TEST_DATABASE_URL set, the same file runs against a real PostgreSQL (true concurrency).
import { ORDER_STATUSES, nextStatuses } from '../../../shared/src/domain/orders.ts';
import { cartTotals } from '../../../shared/src/domain/pricing.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let demo: SupabaseClient;
let other: SupabaseClient;
let superAdmin: SupabaseClient;
let ordersAdmin: SupabaseClient;
let inactiveAdmin: SupabaseClient;
let customersAdmin: SupabaseClient;
let customersAdminUserId = '';
let categoryId = '';
let serial = 0;
let seededOrderIds: string[] = [];

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

interface OrderRow {
  id: string;
  order_number: string;
  user_id: string;
  email: string;
  status: string;
  payment_status: string;
  payment_method: string;
  subtotal: number;
  shipping_amount: number;
  tax_amount: number;
  total_amount: number;
  shipping_address: Record<string, string>;
}

/** order_events with the administrator who acted put back from order_event_staff, as the back office reads them. */
const EVENTS_WITH_STAFF = `(select e.order_id, e.kind, e.from_value, e.to_value, e.actor_role, e.note, e.created_at,
    coalesce(s.actor_id, e.actor_id) as actor_id, coalesce(s.actor_email, e.actor_email) as actor_email
  from public.order_events e left join public.order_event_staff s on s.event_id = e.id) as order_events`;

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

/** A product of its own for one test, created as the database owner. */
async function product(options: { price?: number; stock?: number; limit?: number | null } = {}) {
  serial += 1;
  const name = `Order Test ${serial}`;
  const stock = options.stock ?? 10;
  const [row] = await owner<{ id: string }>(
    `insert into public.products (name, description, price, category_id, image_url, stock_count, in_stock, purchase_limit)
     values ($1, 'for orders.test.ts', $2, $3, 'x.svg', $4, $4 > 0, $5) returning id`,
    [name, options.price ?? 10, categoryId, stock, options.limit ?? null],
  );
  return { id: row!.id, name };
}

async function stockOf(productId: string): Promise<{ stock_count: number; in_stock: boolean }> {
  return (
    await owner<{ stock_count: number; in_stock: boolean }>(
      'select stock_count, in_stock from public.products where id = $1',
      [productId],
    )
  )[0]!;
}

/** Orders, lines and events as the owner sees them: any write shows up here. */
async function orderState(): Promise<string> {
  const [row] = await owner<{ h: string }>(
    `select md5(
       coalesce((select string_agg(t::text, ',' order by t.id) from public.orders t), '') ||
       coalesce((select string_agg(t::text, ',' order by t.id) from public.order_items t), '') ||
       coalesce((select string_agg(t::text, ',' order by t.id) from public.order_events t), '')) as h`,
  );
  return row!.h;
}

function place(
  client: SupabaseClient,
  lines: unknown,
  extra: { key?: string | null; address?: unknown; payment?: string } = {},
) {
  return client.rpc('place_order', {
    p_lines: lines,
    p_shipping_address: 'address' in extra ? extra.address : address,
    p_shipping_method: 'standard',
    p_payment_method: extra.payment ?? 'bank_transfer',
    p_idempotency_key: extra.key === undefined ? crypto.randomUUID() : extra.key,
  });
}

async function placed(client: SupabaseClient, lines: unknown): Promise<OrderRow> {
  const { data, error } = await place(client, lines);
  if (error) throw new Error(error.message);
  return data as OrderRow;
}

/** An order in `status` (and `payment`), written as the owner to start a move from there. */
async function orderIn(status: string, payment = 'awaiting_payment'): Promise<string> {
  const [row] = await owner<{ id: string }>(
    `insert into public.orders (user_id, email, status, payment_status, subtotal, total_amount)
     values ($1, $2, $3, $4, 10, 10) returning id`,
    [accounts.demo.userId, accounts.demo.email, status, payment],
  );
  return row!.id;
}

beforeAll(async () => {
  stack = await startTestStack();
  demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
  other = await stack.signedInClient(accounts.customer.email, accounts.customer.password);
  superAdmin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
  ordersAdmin = await stack.signedInClient(accounts.ordersAdmin.email, accounts.ordersAdmin.password);
  inactiveAdmin = await stack.signedInClient(accounts.inactiveAdmin.email, accounts.inactiveAdmin.password);
  const created = await superAdmin.rpc('admin_create_administrator', {
    p_email: 'customers.admin@example.com',
    p_password: 'customers1234',
    p_first_name: 'Casey',
    p_last_name: 'Customers',
    p_role: 'admin',
    p_permissions: ['customers'],
    p_active: 1,
  });
  if (created.error) throw new Error(created.error.message);
  customersAdminUserId = (created.data as { user_id: string }).user_id;
  customersAdmin = await stack.signedInClient('customers.admin@example.com', 'customers1234');
  categoryId = (await owner<{ id: string }>(`select id from public.categories where slug = 'lighting'`))[0]!
    .id;
  seededOrderIds = (await owner<{ id: string }>('select id from public.orders')).map((row) => row.id);
});

afterAll(async () => {
  await stack?.stop();
});

describe('place_order takes nothing but product ids and quantities from the browser', () => {
  it('stores the database prices, names and totals whatever the request claims', async () => {
    const lantern = await product({ price: 45.5, stock: 7 });
    const radio = await product({ price: 12.25, stock: 4 });
    const { data, error } = await place(demo, [
      {
        product_id: lantern.id,
        quantity: 2,
        price: 0.01,
        unit_price: 0.01,
        name: '<script>alert(1)</script> FREE',
        product_name: '<script>alert(1)</script> FREE',
        line_total: 0.02,
      },
      { product_id: radio.id, quantity: 1, unit_price: 0, total_amount: 0 },
    ]);
    expect(error).toBeNull();
    const order = data as OrderRow;
    const totals = cartTotals(45.5 * 2 + 12.25);
    expect(order).toMatchObject({
      user_id: accounts.demo.userId,
      email: accounts.demo.email,
      status: 'pending',
      payment_status: 'awaiting_payment',
      payment_method: 'bank_transfer',
      subtotal: totals.subtotal,
      shipping_amount: totals.shipping,
      tax_amount: totals.tax,
      total_amount: totals.total,
      shipping_address: address,
    });
    expect(order.order_number).toMatch(/^RS-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    const items = await owner<{ product_name: string; unit_price: string; quantity: number }>(
      'select product_name, unit_price::text, quantity from public.order_items where order_id = $1 order by product_name',
      [order.id],
    );
    expect(items).toEqual([
      { product_name: lantern.name, unit_price: '45.50', quantity: 2 },
      { product_name: radio.name, unit_price: '12.25', quantity: 1 },
    ]);
    expect(await stockOf(lantern.id)).toEqual({ stock_count: 5, in_stock: true });
    expect(await stockOf(radio.id)).toEqual({ stock_count: 3, in_stock: true });
    const events = await owner(
      'select kind, to_value, actor_id, actor_email, actor_role from public.order_events where order_id = $1',
      [order.id],
    );
    expect(events).toEqual([
      {
        kind: 'placed',
        to_value: 'pending',
        actor_id: accounts.demo.userId,
        actor_email: accounts.demo.email,
        actor_role: 'customer',
      },
    ]);
  });

  it('keeps only the eight address fields, trimmed, and merges a product listed twice', async () => {
    const item = await product({ price: 5, stock: 10 });
    const { data, error } = await place(
      demo,
      [
        { product_id: item.id, quantity: 1 },
        { product_id: item.id, quantity: 2 },
      ],
      { address: { ...address, full_name: '  Jamie Carter  ', line2: undefined, admin: true, total: 0 } },
    );
    expect(error).toBeNull();
    expect((data as OrderRow).shipping_address).toEqual(address);
    expect(await stockOf(item.id)).toEqual({ stock_count: 7, in_stock: true });
    const lines = await owner('select quantity from public.order_items where order_id = $1', [
      (data as OrderRow).id,
    ]);
    expect(lines).toEqual([{ quantity: 3 }]);
  });

  it('cannot be handed a total, a status or a price as an argument', async () => {
    const item = await product();
    const before = await orderState();
    const { error } = await demo.rpc('place_order', {
      p_lines: [{ product_id: item.id, quantity: 1 }],
      p_shipping_address: address,
      p_total_amount: 0.01,
      p_status: 'completed',
    });
    expect(error?.code).toBe('PGRST202');
    expect(await orderState()).toBe(before);
    expect(await stockOf(item.id)).toEqual({ stock_count: 10, in_stock: true });
  });
});

describe('refused orders write nothing', () => {
  async function expectRefused(lines: unknown, message: string, extra: Parameters<typeof place>[2] = {}) {
    const before = await orderState();
    const { data, error } = await place(demo, lines, extra);
    expect(error?.message).toBe(message);
    expect(error?.code).toBe('P0001');
    expect(data).toBeNull();
    expect(await orderState()).toBe(before);
  }

  it('over the stock: the message names the product, no stock moves, also for the valid lines', async () => {
    const fine = await product({ stock: 10 });
    const short = await product({ stock: 3 });
    await expectRefused(
      [
        { product_id: fine.id, quantity: 2 },
        { product_id: short.id, quantity: 4 },
      ],
      `Only 3 of "${short.name}" left in stock`,
    );
    expect(await stockOf(fine.id)).toEqual({ stock_count: 10, in_stock: true });
    expect(await stockOf(short.id)).toEqual({ stock_count: 3, in_stock: true });
  });

  it('out of stock', async () => {
    const gone = await product({ stock: 0 });
    await expectRefused([{ product_id: gone.id, quantity: 1 }], `"${gone.name}" is out of stock`);
    expect(await stockOf(gone.id)).toEqual({ stock_count: 0, in_stock: false });
  });

  it('over the purchase limit an administrator set', async () => {
    const limited = await product({ stock: 50, limit: 2 });
    await expectRefused(
      [{ product_id: limited.id, quantity: 3 }],
      `You can buy at most 2 of "${limited.name}" per order`,
    );
    expect(await stockOf(limited.id)).toEqual({ stock_count: 50, in_stock: true });
    // The limit is per order and per product: two lines of it add up.
    await expectRefused(
      [
        { product_id: limited.id, quantity: 2 },
        { product_id: limited.id, quantity: 1 },
      ],
      `You can buy at most 2 of "${limited.name}" per order`,
    );
    expect((await placed(demo, [{ product_id: limited.id, quantity: 2 }])).status).toBe('pending');
    expect(await stockOf(limited.id)).toEqual({ stock_count: 48, in_stock: true });
  });

  it('an administrator with the products permission sets the limit; a customer cannot', async () => {
    const item = await product();
    const byCustomer = await demo.from('products').update({ purchase_limit: 1 }).eq('id', item.id).select();
    expect(byCustomer.data ?? []).toEqual([]);
    const byAdmin = await superAdmin
      .from('products')
      .update({ purchase_limit: 1 })
      .eq('id', item.id)
      .select('purchase_limit');
    expect(byAdmin.data).toEqual([{ purchase_limit: 1 }]);
    const invalid = await superAdmin.from('products').update({ purchase_limit: 0 }).eq('id', item.id);
    expect(invalid.error?.code).toBe('23514');
  });

  it('unknown products, bad quantities, an empty cart, a bad address or method, a visitor', async () => {
    const item = await product();
    await expectRefused(
      [{ product_id: crypto.randomUUID(), quantity: 1 }],
      'A product in your cart is no longer available',
    );
    await expectRefused(
      [{ product_id: 'not-a-uuid', quantity: 1 }],
      'A product in your cart is no longer available',
    );
    for (const quantity of [0, -1, 1.5, '2', 1000, null]) {
      await expectRefused([{ product_id: item.id, quantity }], 'Please enter a valid quantity');
    }
    for (const lines of [[], null, {}, 'x']) {
      await expectRefused(lines, 'Your cart is empty');
    }
    for (const bad of [
      null,
      [],
      { ...address, city: '  ' },
      { ...address, phone: undefined },
      { ...address, line1: 5 },
    ]) {
      await expectRefused([{ product_id: item.id, quantity: 1 }], 'Please complete the shipping address', {
        address: bad,
      });
    }
    await expectRefused([{ product_id: item.id, quantity: 1 }], 'Please choose a payment method', {
      payment: 'cheque',
    });
    const before = await orderState();
    const visitor = await place(stack.anonClient(), [{ product_id: item.id, quantity: 1 }]);
    expect(visitor.error?.message).toBe('Please sign in to place an order');
    expect(await orderState()).toBe(before);
    expect(await stockOf(item.id)).toEqual({ stock_count: 10, in_stock: true });
  });
});

describe('concurrency and idempotency', () => {
  it('20 concurrent orders for the last 5 units: exactly 5 placed, stock 0, never below', async () => {
    const last = await product({ stock: 5 });
    const buyers = [demo, other];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => place(buyers[i % 2]!, [{ product_id: last.id, quantity: 1 }])),
    );
    const ok = results.filter((result) => !result.error);
    expect(ok).toHaveLength(5);
    for (const result of results.filter((r) => r.error)) {
      expect(result.error?.message).toBe(`"${last.name}" is out of stock`);
    }
    expect(await stockOf(last.id)).toEqual({ stock_count: 0, in_stock: false });
    const lines = await owner<{ n: number; units: number }>(
      'select count(*)::int as n, sum(quantity)::int as units from public.order_items where product_id = $1',
      [last.id],
    );
    expect(lines).toEqual([{ n: 5, units: 5 }]);
  });

  it('the same idempotency key twice gives one order, also when both arrive at once', async () => {
    const item = await product({ stock: 10 });
    const key = crypto.randomUUID();
    const first = await place(demo, [{ product_id: item.id, quantity: 2 }], { key });
    const again = await place(demo, [{ product_id: item.id, quantity: 2 }], { key });
    expect(first.error).toBeNull();
    expect((again.data as OrderRow).id).toBe((first.data as OrderRow).id);
    expect(await stockOf(item.id)).toEqual({ stock_count: 8, in_stock: true });

    const racingKey = crypto.randomUUID();
    const racing = await Promise.all(
      Array.from({ length: 6 }, () =>
        place(demo, [{ product_id: item.id, quantity: 1 }], { key: racingKey }),
      ),
    );
    expect(racing.map((r) => r.error)).toEqual(racing.map(() => null));
    expect(new Set(racing.map((r) => (r.data as OrderRow).id)).size).toBe(1);
    expect(await stockOf(item.id)).toEqual({ stock_count: 7, in_stock: true });

    const keyed = await owner<{ n: number }>(
      'select count(*)::int as n from public.orders where idempotency_key = any($1::uuid[])',
      [[key, racingKey]],
    );
    expect(keyed).toEqual([{ n: 2 }]);
    // The key belongs to its customer: another customer using it places their own order.
    const theirs = await place(other, [{ product_id: item.id, quantity: 1 }], { key });
    expect((theirs.data as OrderRow).user_id).toBe(accounts.customer.userId);
    expect(await stockOf(item.id)).toEqual({ stock_count: 6, in_stock: true });
  });
});

describe('customers read only their own orders and write none directly', () => {
  it('insert, update and delete on orders, order_items and order_events are refused', async () => {
    const order = await placed(demo, [{ product_id: (await product()).id, quantity: 1 }]);
    const before = await orderState();
    const attempts = [
      demo.from('orders').insert({ user_id: accounts.demo.userId, subtotal: 1, total_amount: 1 }),
      demo
        .from('order_items')
        .insert({ order_id: order.id, product_name: 'Free', unit_price: 0, quantity: 9 }),
      demo.from('order_events').insert({ order_id: order.id, kind: 'placed', actor_role: 'customer' }),
      demo.from('orders').update({ status: 'completed', total_amount: 0 }).eq('id', order.id),
      demo.from('order_items').update({ unit_price: 0 }).eq('order_id', order.id),
      demo.from('order_events').update({ note: 'x' }).eq('order_id', order.id),
      demo.from('order_items').delete().eq('order_id', order.id),
      demo.from('order_events').delete().eq('order_id', order.id),
      demo.from('orders').delete().eq('id', order.id),
    ];
    for (const attempt of attempts) {
      const { error } = await attempt;
      expect(error?.code).toBe('42501');
    }
    expect(await orderState()).toBe(before);
  });

  it("another customer's order, lines and history are invisible and cannot be cancelled", async () => {
    const order = await placed(demo, [{ product_id: (await product()).id, quantity: 1 }]);
    const ownView = await demo
      .from('orders')
      .select('id, order_items(id), order_events(id)')
      .eq('id', order.id);
    expect(ownView.data).toHaveLength(1);
    const theirs = await other.from('orders').select('id').eq('id', order.id);
    expect(theirs.data).toEqual([]);
    expect((await other.from('order_items').select('id').eq('order_id', order.id)).data).toEqual([]);
    expect((await other.from('order_events').select('id').eq('order_id', order.id)).data).toEqual([]);
    const cancel = await other.rpc('cancel_order', { p_order_id: order.id });
    expect(cancel.error?.message).toBe('Order not found');
    expect((await owner('select status from public.orders where id = $1', [order.id]))[0]).toEqual({
      status: 'pending',
    });
  });
});

describe('status moves', () => {
  const disallowed = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.filter((to) => !nextStatuses(from).includes(to)).map((to) => [from, to] as const),
  );

  it.each(disallowed)('%s → %s is refused by the function and by a direct update', async (from, to) => {
    const id = await orderIn(from);
    const before = await orderState();
    const viaFunction = await superAdmin.rpc('admin_set_order_status', { p_order_id: id, p_status: to });
    expect(viaFunction.error?.message).toBe(`Cannot move an order from ${from} to ${to}`);
    const viaRest = await superAdmin.from('orders').update({ status: to }).eq('id', id);
    expect(viaRest.error?.code).toBe('42501');
    // Even the service role, which has the privilege, meets the trigger.
    if (from !== to) {
      const viaService = await stack.serviceClient().from('orders').update({ status: to }).eq('id', id);
      expect(viaService.error?.message).toBe(`Cannot move an order from ${from} to ${to}`);
    }
    expect(await orderState()).toBe(before);
  });

  it('an unknown status is refused too', async () => {
    const id = await orderIn('pending');
    const { error } = await superAdmin.rpc('admin_set_order_status', { p_order_id: id, p_status: 'stolen' });
    expect(error?.message).toBe('Cannot move an order from pending to stolen');
    const missing = await superAdmin.rpc('admin_set_order_status', {
      p_order_id: crypto.randomUUID(),
      p_status: 'processing',
    });
    expect(missing.error?.message).toBe('Order not found');
  });

  it('the allowed path, each step recorded with the administrator and the note', async () => {
    const order = await placed(demo, [{ product_id: (await product()).id, quantity: 1 }]);
    // Goods ship only once paid (order-flow.test.ts); paid here without an event of its own.
    await owner(`update public.orders set payment_status = 'paid' where id = $1`, [order.id]);
    for (const status of ['processing', 'shipped', 'completed']) {
      const { data, error } = await ordersAdmin.rpc('admin_set_order_status', {
        p_order_id: order.id,
        p_status: status,
        p_note: status === 'shipped' ? '  Tracking 1Z999  ' : '   ',
      });
      expect(error).toBeNull();
      expect((data as OrderRow).status).toBe(status);
    }
    const events = await owner(
      `select kind, from_value, to_value, actor_id, actor_email, actor_role, note from ${EVENTS_WITH_STAFF}
       where order_id = $1 order by created_at, kind desc`,
      [order.id],
    );
    expect(events.slice(1)).toEqual(
      [
        ['pending', 'processing', null],
        ['processing', 'shipped', 'Tracking 1Z999'],
        ['shipped', 'completed', null],
      ].map(([from, to, note]) => ({
        kind: 'status_changed',
        from_value: from,
        to_value: to,
        actor_id: accounts.ordersAdmin.userId,
        actor_email: accounts.ordersAdmin.email,
        actor_role: 'admin',
        note,
      })),
    );
    // The customer sees the new status and the history of their own order.
    const seen = await demo.from('orders').select('status, order_events(kind)').eq('id', order.id).single();
    expect(seen.data).toMatchObject({ status: 'completed' });
    expect((seen.data as { order_events: unknown[] }).order_events).toHaveLength(4);
  });
});

describe('cancelling', () => {
  it('by the customer restocks exactly once', async () => {
    const item = await product({ stock: 10 });
    const order = await placed(demo, [{ product_id: item.id, quantity: 4 }]);
    expect(await stockOf(item.id)).toEqual({ stock_count: 6, in_stock: true });
    const first = await demo.rpc('cancel_order', { p_order_id: order.id });
    expect(first.error).toBeNull();
    expect((first.data as OrderRow).status).toBe('cancelled');
    expect(await stockOf(item.id)).toEqual({ stock_count: 10, in_stock: true });
    const second = await demo.rpc('cancel_order', { p_order_id: order.id });
    expect(second.error?.message).toBe('This order can no longer be cancelled');
    const byAdmin = await superAdmin.rpc('admin_set_order_status', {
      p_order_id: order.id,
      p_status: 'cancelled',
    });
    expect(byAdmin.error?.message).toBe('Cannot move an order from cancelled to cancelled');
    expect(await stockOf(item.id)).toEqual({ stock_count: 10, in_stock: true });
    const events = await owner<{ kind: string; actor_role: string }>(
      `select kind, actor_role from public.order_events where order_id = $1 and kind = 'cancelled'`,
      [order.id],
    );
    expect(events).toEqual([{ kind: 'cancelled', actor_role: 'customer' }]);
  });

  it('by an administrator (after processing) restocks once, brings a sold-out product back, and the customer can no longer cancel', async () => {
    const item = await product({ stock: 2 });
    const order = await placed(demo, [{ product_id: item.id, quantity: 2 }]);
    expect(await stockOf(item.id)).toEqual({ stock_count: 0, in_stock: false });
    await superAdmin.rpc('admin_set_order_status', { p_order_id: order.id, p_status: 'processing' });
    const cancelled = await ordersAdmin.rpc('admin_set_order_status', {
      p_order_id: order.id,
      p_status: 'cancelled',
      p_note: 'Customer called',
    });
    expect(cancelled.error).toBeNull();
    expect(await stockOf(item.id)).toEqual({ stock_count: 2, in_stock: true });
    const customer = await demo.rpc('cancel_order', { p_order_id: order.id });
    expect(customer.error?.message).toBe('This order can no longer be cancelled');
    const again = await ordersAdmin.rpc('admin_set_order_status', {
      p_order_id: order.id,
      p_status: 'cancelled',
    });
    expect(again.error?.message).toBe('Cannot move an order from cancelled to cancelled');
    expect(await stockOf(item.id)).toEqual({ stock_count: 2, in_stock: true });
    const [event] = await owner(
      `select from_value, to_value, actor_email, actor_role, note from ${EVENTS_WITH_STAFF}
       where order_id = $1 and kind = 'cancelled'`,
      [order.id],
    );
    expect(event).toEqual({
      from_value: 'processing',
      to_value: 'cancelled',
      actor_email: accounts.ordersAdmin.email,
      actor_role: 'admin',
      note: 'Customer called',
    });
  });

  it('a processing order cannot be cancelled by its customer', async () => {
    const item = await product({ stock: 10 });
    const order = await placed(demo, [{ product_id: item.id, quantity: 1 }]);
    await superAdmin.rpc('admin_set_order_status', { p_order_id: order.id, p_status: 'processing' });
    const { error } = await demo.rpc('cancel_order', { p_order_id: order.id });
    expect(error?.message).toBe('This order can no longer be cancelled');
    expect(await stockOf(item.id)).toEqual({ stock_count: 9, in_stock: true });
  });
});

describe('payment moves', () => {
  it('awaiting → paid → refunded, each recorded; every other move refused', async () => {
    const order = await placed(demo, [{ product_id: (await product()).id, quantity: 1 }]);
    const set = (to: string, note?: string) =>
      ordersAdmin.rpc('admin_set_payment_status', {
        p_order_id: order.id,
        p_payment_status: to,
        p_note: note,
      });
    expect((await set('refunded')).error?.message).toBe(
      'Cannot change the payment from awaiting_payment to refunded',
    );
    const paid = await set('paid', 'Bank reference 4711');
    expect((paid.data as OrderRow).payment_status).toBe('paid');
    expect((await set('paid')).error?.message).toBe('Cannot change the payment from paid to paid');
    expect((await set('awaiting_payment')).error?.message).toBe(
      'Cannot change the payment from paid to awaiting_payment',
    );
    expect((await set('refunded')).error).toBeNull();
    expect((await set('paid')).error?.message).toBe('Cannot change the payment from refunded to paid');
    const direct = await stack
      .serviceClient()
      .from('orders')
      .update({ payment_status: 'paid' })
      .eq('id', order.id);
    expect(direct.error?.message).toBe('Cannot change the payment from refunded to paid');
    const events = await owner(
      `select from_value, to_value, actor_email, note from ${EVENTS_WITH_STAFF}
       where order_id = $1 and kind = 'payment_changed' order by created_at`,
      [order.id],
    );
    expect(events).toEqual([
      {
        from_value: 'awaiting_payment',
        to_value: 'paid',
        actor_email: accounts.ordersAdmin.email,
        note: 'Bank reference 4711',
      },
      { from_value: 'paid', to_value: 'refunded', actor_email: accounts.ordersAdmin.email, note: null },
    ]);
  });

  it('a cancelled order is not marked paid, but a paid one can be refunded', async () => {
    const unpaid = await orderIn('cancelled');
    const markPaid = await superAdmin.rpc('admin_set_payment_status', {
      p_order_id: unpaid,
      p_payment_status: 'paid',
    });
    expect(markPaid.error?.message).toBe('Cannot change the payment from awaiting_payment to paid');
    const paid = await orderIn('cancelled', 'paid');
    const refund = await superAdmin.rpc('admin_set_payment_status', {
      p_order_id: paid,
      p_payment_status: 'refunded',
    });
    expect((refund.data as OrderRow).payment_status).toBe('refunded');
  });

  it('pay on delivery starts awaiting payment too (the manual-payment seam)', async () => {
    const { data } = await place(demo, [{ product_id: (await product()).id, quantity: 1 }], {
      payment: 'cash_on_delivery',
    });
    expect(data).toMatchObject({ payment_method: 'cash_on_delivery', payment_status: 'awaiting_payment' });
  });
});

describe('totals', () => {
  it.each([98.99, 99, 0.01, 1234.56, 12.5])(
    'quote and placed order give cartTotals(%s) for that subtotal',
    async (subtotal) => {
      const item = await product({ price: subtotal, stock: 5 });
      const lines = [{ product_id: item.id, quantity: 1 }];
      const expected = cartTotals(subtotal);
      const quote = await stack.anonClient().rpc('checkout_quote', { p_lines: lines });
      expect(quote.error).toBeNull();
      expect(quote.data).toMatchObject({
        subtotal: expected.subtotal,
        shipping: expected.shipping,
        tax: expected.tax,
        total: expected.total,
      });
      const order = await placed(demo, lines);
      expect([order.subtotal, order.shipping_amount, order.tax_amount, order.total_amount]).toEqual([
        expected.subtotal,
        expected.shipping,
        expected.tax,
        expected.total,
      ]);
    },
  );

  it('a quote shows each line with its current figures and problem, and an empty cart costs nothing', async () => {
    const fine = await product({ price: 20, stock: 10 });
    const short = await product({ price: 30, stock: 1, limit: 5 });
    const gone = crypto.randomUUID();
    const { data, error } = await demo.rpc('checkout_quote', {
      p_lines: [
        { product_id: fine.id, quantity: 2, price: 0.01 },
        { product_id: short.id, quantity: 2 },
        { product_id: gone, quantity: 1 },
      ],
    });
    expect(error).toBeNull();
    const quote = data as { lines: Record<string, unknown>[]; subtotal: number; total: number };
    expect(quote.lines).toEqual([
      expect.objectContaining({
        product_id: fine.id,
        name: fine.name,
        unit_price: 20,
        quantity: 2,
        line_total: 40,
        stock_count: 10,
        available: true,
        problem: null,
      }),
      expect.objectContaining({
        product_id: short.id,
        purchase_limit: 5,
        line_total: 60,
        problem: `Only 1 of "${short.name}" left in stock`,
      }),
      expect.objectContaining({
        product_id: gone,
        name: null,
        available: false,
        problem: 'A product in your cart is no longer available',
      }),
    ]);
    expect(quote.subtotal).toBe(100);
    const empty = await stack.anonClient().rpc('checkout_quote', { p_lines: [] });
    expect(empty.data).toEqual({
      lines: [],
      subtotal: 0,
      discount: 0,
      discount_code: null,
      discount_problem: null,
      shipping: 0,
      tax: 0,
      total: 0,
    });
  });
});

describe('back-office functions need their permission', () => {
  it('order functions: orders permission only (not customers-only, deactivated, customer or visitor)', async () => {
    const id = await orderIn('pending');
    const before = await orderState();
    for (const client of [customersAdmin, inactiveAdmin, demo, other]) {
      const status = await client.rpc('admin_set_order_status', { p_order_id: id, p_status: 'processing' });
      expect(status.error).toMatchObject({ code: '42501', message: 'Permission denied' });
      const payment = await client.rpc('admin_set_payment_status', {
        p_order_id: id,
        p_payment_status: 'paid',
      });
      expect(payment.error).toMatchObject({ code: '42501', message: 'Permission denied' });
    }
    const anon = await stack
      .anonClient()
      .rpc('admin_set_order_status', { p_order_id: id, p_status: 'processing' });
    expect(anon.error?.code).toBe('42501');
    expect(await orderState()).toBe(before);
  });

  it('customer functions: customers permission only (not orders-only, deactivated, customer or visitor)', async () => {
    for (const client of [ordersAdmin, inactiveAdmin, demo, stack.anonClient()]) {
      const list = await client.rpc('admin_list_customers');
      expect(list.error?.code).toBe('42501');
      expect(list.data).toBeNull();
      const detail = await client.rpc('admin_get_customer', { p_user_id: accounts.demo.userId });
      expect(detail.error?.code).toBe('42501');
    }
    expect((await ordersAdmin.rpc('admin_list_customers')).error?.message).toBe('Permission denied');
  });
});

describe('customers list and detail', () => {
  interface CustomerRow {
    user_id: string;
    email: string;
    first_name: string | null;
    last_name: string | null;
    created_at: string;
    orders_count: number;
    total_spent: number;
    last_order_at: string | null;
    total_count: number;
  }

  async function expectedCustomers() {
    return owner<{
      user_id: string;
      email: string;
      orders_count: number;
      total_spent: string;
      last_order_at: Date | null;
    }>(
      `select u.id as user_id, u.email, count(o.id)::int as orders_count,
         coalesce(sum(o.total_amount) filter (where o.status not in ('cancelled', 'returned')
           and o.payment_status not in ('refunded', 'refund_pending')), 0)::text as total_spent,
         max(o.created_at) as last_order_at
       from auth.users u
       left join public.orders o on o.user_id = u.id
       where not exists (select 1 from public.admin_users a where a.user_id = u.id)
       group by u.id
       order by u.created_at desc, u.id`,
    );
  }

  it('lists every non-administrator newest first with figures that match the rows', async () => {
    const expected = await expectedCustomers();
    const { data, error } = await customersAdmin.rpc('admin_list_customers', { p_limit: 100 });
    expect(error).toBeNull();
    const rows = data as CustomerRow[];
    expect(rows.map((row) => row.email)).toEqual(expected.map((row) => row.email));
    for (const [index, row] of rows.entries()) {
      const want = expected[index]!;
      expect(row.orders_count).toBe(want.orders_count);
      expect(row.total_spent).toBeCloseTo(Number(want.total_spent), 2);
      expect(row.last_order_at === null ? null : Date.parse(row.last_order_at)).toBe(
        want.last_order_at === null ? null : want.last_order_at.getTime(),
      );
      expect(row.total_count).toBe(expected.length);
    }
    expect(rows.map((row) => row.email)).not.toContain(accounts.superAdmin.email);
    expect(rows.map((row) => row.email)).not.toContain(accounts.inactiveAdmin.email);
    expect(rows.map((row) => row.user_id)).not.toContain(customersAdminUserId);
    const demoRow = rows.find((row) => row.email === accounts.demo.email);
    expect(demoRow).toMatchObject({ first_name: 'Jamie', last_name: 'Carter' });
  });

  it('searches e-mail and name, pages, and counts all matches', async () => {
    const byName = await superAdmin.rpc('admin_list_customers', { p_search: 'PATEL' });
    expect((byName.data as CustomerRow[]).map((row) => row.email)).toEqual(['priya.patel@example.com']);
    const byFullName = await superAdmin.rpc('admin_list_customers', { p_search: 'marcus bell' });
    expect((byFullName.data as CustomerRow[]).map((row) => row.email)).toEqual(['marcus.bell@example.com']);
    const literal = await superAdmin.rpc('admin_list_customers', { p_search: '%' });
    expect(literal.data).toEqual([]);
    const all = await expectedCustomers();
    const page = await superAdmin.rpc('admin_list_customers', { p_limit: 3, p_offset: 3 });
    const pageRows = page.data as CustomerRow[];
    expect(pageRows.map((row) => row.email)).toEqual(all.slice(3, 6).map((row) => row.email));
    expect(pageRows.every((row) => row.total_count === all.length)).toBe(true);
  });

  it("a customer's detail: figures and orders newest first; administrators and unknown ids are not customers", async () => {
    const { data, error } = await customersAdmin.rpc('admin_get_customer', {
      p_user_id: accounts.demo.userId,
    });
    expect(error).toBeNull();
    const detail = data as {
      email: string;
      first_name: string;
      orders_count: number;
      total_spent: number;
      orders: {
        id: string;
        order_number: string;
        status: string;
        total_amount: number;
        created_at: string;
      }[];
    };
    const orders = await owner<{
      id: string;
      order_number: string;
      status: string;
      payment_status: string;
      total_amount: string;
    }>(
      `select id, order_number, status, payment_status, total_amount::text from public.orders where user_id = $1
       order by created_at desc, id`,
      [accounts.demo.userId],
    );
    expect(detail).toMatchObject({
      email: accounts.demo.email,
      first_name: 'Jamie',
      orders_count: orders.length,
    });
    expect(detail.orders.map((order) => order.order_number)).toEqual(
      orders.map((order) => order.order_number),
    );
    const spent = orders
      .filter(
        (order) =>
          !['cancelled', 'returned'].includes(order.status) &&
          !['refunded', 'refund_pending'].includes(order.payment_status),
      )
      .reduce((sum, order) => sum + Math.round(Number(order.total_amount) * 100), 0);
    expect(Math.round(detail.total_spent * 100)).toBe(spent);
    expect(orders.some((order) => order.status === 'cancelled')).toBe(true);

    for (const id of [accounts.superAdmin.userId, crypto.randomUUID()]) {
      const missing = await customersAdmin.rpc('admin_get_customer', { p_user_id: id });
      expect(missing.error?.message).toBe('Customer not found');
    }
  });
});

describe('seeded orders', () => {
  it('have numbers, e-mails, consistent totals, addresses, payment and a placed event', async () => {
    expect(seededOrderIds.length).toBe(82);
    const rows = await owner<{ n: number }>(
      `select count(*)::int as n from public.orders o
       where o.id = any($1::uuid[])
         and o.order_number ~ '^RS-[0-9]{6}$' and o.shipping_address is not null
         and (o.user_id is null or o.email is not null)
         and o.total_amount = o.subtotal + o.shipping_amount + o.tax_amount
         and o.subtotal = (select sum(i.unit_price * i.quantity) from public.order_items i where i.order_id = o.id)
         and exists (select 1 from public.order_events e where e.order_id = o.id and e.kind = 'placed')
         and (o.status <> 'completed' or o.payment_status = 'paid')`,
      [seededOrderIds],
    );
    expect(rows[0]!.n).toBe(seededOrderIds.length);
  });

  it('have believable histories: paid, started, shipped and delivered over days, none ahead of its age', async () => {
    const hours = (from: string, to: string) => `extract(epoch from (${to} - ${from})) / 3600`;
    const steps = await owner<{
      status: string;
      payment_method: string;
      placed: string | null;
      paid: string | null;
      processing: string | null;
      shipped: string | null;
      delivered: string | null;
      cancelled: string | null;
      future: number;
      updated_ok: boolean;
    }>(
      `with e as (
         select o.id, o.status, o.payment_method, o.updated_at,
           min(e.created_at) filter (where e.kind = 'placed') as placed_at,
           min(e.created_at) filter (where e.kind = 'payment_changed' and e.to_value = 'paid') as paid_at,
           min(e.created_at) filter (where e.to_value = 'processing') as processing_at,
           min(e.created_at) filter (where e.to_value = 'shipped') as shipped_at,
           min(e.created_at) filter (where e.to_value = 'completed') as delivered_at,
           min(e.created_at) filter (where e.kind = 'cancelled') as cancelled_at,
           count(*) filter (where e.created_at > now()) as future,
           max(e.created_at) as last_at
         from public.orders o join public.order_events e on e.order_id = o.id
         where o.id = any($1::uuid[])
         group by o.id
       )
       select status, payment_method,
         ${hours('placed_at', 'placed_at')}::float8 as placed,
         ${hours('placed_at', 'paid_at')}::float8 as paid,
         ${hours('placed_at', 'processing_at')}::float8 as processing,
         ${hours('processing_at', 'shipped_at')}::float8 as shipped,
         ${hours('shipped_at', 'delivered_at')}::float8 as delivered,
         ${hours('placed_at', 'cancelled_at')}::float8 as cancelled,
         future::int as future, updated_at = last_at as updated_ok
       from e`,
      [seededOrderIds],
    );
    expect(steps).toHaveLength(82);
    for (const step of steps) {
      expect(step.future).toBe(0);
      expect(step.updated_ok).toBe(true);
      if (step.status !== 'pending' && step.status !== 'cancelled') {
        // Started hours after placing (a bank transfer is recorded first), never at once.
        expect(Number(step.processing)).toBeGreaterThanOrEqual(2);
        expect(Number(step.processing)).toBeLessThanOrEqual(51);
        if (step.payment_method === 'bank_transfer') {
          expect(Number(step.paid)).toBeGreaterThanOrEqual(2);
          expect(Number(step.paid)).toBeLessThanOrEqual(26);
          expect(Number(step.paid)).toBeLessThan(Number(step.processing));
        }
      }
      if (step.status === 'shipped' || step.status === 'completed') {
        expect(Number(step.shipped)).toBeGreaterThanOrEqual(18);
        expect(Number(step.shipped)).toBeLessThanOrEqual(42);
      }
      if (step.status === 'completed') {
        // Delivered 2 to 5 days after shipping; paid on delivery after it, by transfer before it started.
        expect(Number(step.delivered)).toBeGreaterThanOrEqual(48);
        expect(Number(step.delivered)).toBeLessThanOrEqual(120);
        const deliveredAfterPlacing = Number(step.processing) + Number(step.shipped) + Number(step.delivered);
        if (step.payment_method === 'cash_on_delivery')
          expect(Number(step.paid)).toBeGreaterThan(deliveredAfterPlacing);
        expect(deliveredAfterPlacing).toBeGreaterThanOrEqual(3 * 24);
      }
      if (step.status === 'cancelled') {
        expect(Number(step.cancelled)).toBeGreaterThanOrEqual(1);
        expect(Number(step.cancelled)).toBeLessThanOrEqual(21);
      }
    }
    // The shop's steps happen in its working hours (14:00 to 22:00 UTC), not in the night.
    const night = await owner<{ n: number }>(
      `select count(*)::int as n from public.order_events
       where order_id = any($1::uuid[]) and actor_role = 'admin'
         and extract(hour from created_at at time zone 'UTC') not between 14 and 22`,
      [seededOrderIds],
    );
    expect(night[0]!.n).toBe(0);
    // Orders weeks old are done (completed or cancelled), not still waiting or on their way.
    const stuck = await owner<{ n: number }>(
      `select count(*)::int as n from public.orders
       where id = any($1::uuid[]) and status in ('pending', 'processing', 'shipped')
         and created_at < now() - interval '20 days'`,
      [seededOrderIds],
    );
    expect(stuck[0]!.n).toBe(0);
  });
});
