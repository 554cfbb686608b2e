// The order flow's gaps, closed in the database: a paid order that is cancelled owes a refund
// (refund_pending), goods ship and complete only once paid (pay on delivery excepted), verified
// purchases come only from paid or delivered pay-on-delivery orders, a shipped pay-on-delivery order
// can be refused at the door, returns restock (to lots when resellable) and ask for a refund, and the
// dashboard's revenue leaves out cancelled, returned and refunded orders. Runs on PGlite and, with
// STACK_TEST_DATABASE_URL, PostgreSQL.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let demo: SupabaseClient;
let admin: SupabaseClient;
let superAdmin: SupabaseClient;
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

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

async function product(stock = 10) {
  serial += 1;
  const name = `Flow Test ${serial}`;
  const [row] = await owner<{ id: string }>(
    `insert into public.products (name, description, price, category_id, image_url, stock_count, in_stock)
     values ($1, 'for order-flow.test.ts', 40, $2, 'x.svg', $3, $3 > 0) returning id`,
    [name, categoryId, stock],
  );
  return { id: row!.id, name };
}

async function stockOf(productId: string): Promise<number> {
  return (
    await owner<{ stock_count: number }>('select stock_count from public.products where id = $1', [productId])
  )[0]!.stock_count;
}

async function order(productId: string, method = 'bank_transfer', quantity = 1) {
  const { data, error } = await demo.rpc('place_order', {
    p_lines: [{ product_id: productId, quantity }],
    p_shipping_address: address,
    p_payment_method: method,
  });
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

async function state(orderId: string) {
  return (
    await owner<{ status: string; payment_status: string }>(
      'select status, payment_status from public.orders where id = $1',
      [orderId],
    )
  )[0]!;
}

const move = (id: string, status: string, note?: string) =>
  admin.rpc('admin_set_order_status', {
    p_order_id: id,
    p_status: status,
    ...(note ? { p_note: note } : {}),
  });
const pay = (id: string, to: string) =>
  admin.rpc('admin_set_payment_status', { p_order_id: id, p_payment_status: to });

beforeAll(async () => {
  stack = await startTestStack();
  demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
  admin = await stack.signedInClient(accounts.ordersAdmin.email, accounts.ordersAdmin.password);
  superAdmin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
  categoryId = (await owner<{ id: string }>('select id from public.categories order by slug limit 1'))[0]!.id;
});

afterAll(async () => {
  await stack?.stop();
});

describe('cancelling a paid order', () => {
  it('by the customer: cancelled with the refund owed, which staff then settle', async () => {
    const item = await product(5);
    const id = await order(item.id);
    expect((await pay(id, 'paid')).error).toBeNull();
    const cancelled = await demo.rpc('cancel_order', { p_order_id: id });
    expect(cancelled.error).toBeNull();
    expect(cancelled.data).toMatchObject({ status: 'cancelled', payment_status: 'refund_pending' });
    expect(await stockOf(item.id)).toBe(5);
    const events = await demo
      .from('order_events')
      .select('kind, from_value, to_value')
      .eq('order_id', id)
      .order('created_at');
    expect(events.data?.at(-1)).toEqual({
      kind: 'payment_changed',
      from_value: 'paid',
      to_value: 'refund_pending',
    });
    expect((await pay(id, 'paid')).error?.message).toBe(
      'Cannot change the payment from refund_pending to paid',
    );
    expect((await pay(id, 'refunded')).error).toBeNull();
    expect(await state(id)).toEqual({ status: 'cancelled', payment_status: 'refunded' });
  });

  it('by staff while processing: the same refund owed; an unpaid order stays awaiting payment', async () => {
    const item = await product(5);
    const paid = await order(item.id);
    expect((await pay(paid, 'paid')).error).toBeNull();
    expect((await move(paid, 'processing')).error).toBeNull();
    expect((await move(paid, 'cancelled')).data).toMatchObject({
      status: 'cancelled',
      payment_status: 'refund_pending',
    });
    const unpaid = await order(item.id);
    expect((await move(unpaid, 'cancelled')).data).toMatchObject({
      status: 'cancelled',
      payment_status: 'awaiting_payment',
    });
  });
});

describe('shipping needs payment (pay on delivery excepted)', () => {
  it('an unpaid bank-transfer order cannot ship or complete, whoever updates it', async () => {
    const item = await product(5);
    const id = await order(item.id);
    expect((await move(id, 'processing')).error).toBeNull();
    const ship = await move(id, 'shipped');
    expect(ship.error).toMatchObject({
      code: 'P0001',
      message: 'Mark the order as paid before it is shipped',
    });
    await expect(owner(`update public.orders set status = 'shipped' where id = $1`, [id])).rejects.toThrow(
      /Mark the order as paid/,
    );
    expect((await pay(id, 'paid')).error).toBeNull();
    expect((await move(id, 'shipped')).error).toBeNull();
    expect((await move(id, 'completed')).error).toBeNull();
  });

  it('pay on delivery ships unpaid', async () => {
    const item = await product(5);
    const id = await order(item.id, 'cash_on_delivery');
    expect((await move(id, 'processing')).error).toBeNull();
    expect((await move(id, 'shipped')).error).toBeNull();
    expect(await state(id)).toEqual({ status: 'shipped', payment_status: 'awaiting_payment' });
  });
});

describe('verified purchases', () => {
  async function reviewVerified(productId: string): Promise<boolean> {
    const [row] = await owner<{ verified_purchase: boolean }>(
      'select verified_purchase from public.reviews where product_id = $1 and author_id = $2',
      [productId, accounts.demo.userId],
    );
    return row!.verified_purchase;
  }

  it('a shipped pay-on-delivery order is not yet a verified purchase; delivered it is; returned it is not', async () => {
    const item = await product(5);
    const id = await order(item.id, 'cash_on_delivery');
    const review = await demo.rpc('create_review', {
      p_product_id: item.id,
      p_rating: 5,
      p_title: 'Solid',
      p_body: 'Works as described, would buy again.',
    });
    expect(review.error).toBeNull();
    await move(id, 'processing');
    await move(id, 'shipped');
    expect(await reviewVerified(item.id)).toBe(false);
    expect((await move(id, 'completed')).error).toBeNull();
    expect(await reviewVerified(item.id)).toBe(true);
    expect((await admin.rpc('admin_return_order', { p_order_id: id, p_resellable: true })).error).toBeNull();
    expect(await reviewVerified(item.id)).toBe(false);
  });

  it('a paid order that shipped is verified, and stops being so once refunded', async () => {
    const item = await product(5);
    const id = await order(item.id);
    await demo.rpc('create_review', {
      p_product_id: item.id,
      p_rating: 4,
      p_title: 'Good',
      p_body: 'Arrived quickly and well packed.',
    });
    await pay(id, 'paid');
    await move(id, 'processing');
    expect(await reviewVerified(item.id)).toBe(false);
    await move(id, 'shipped');
    expect(await reviewVerified(item.id)).toBe(true);
    expect((await pay(id, 'refunded')).error).toBeNull();
    expect(await reviewVerified(item.id)).toBe(false);
  });
});

describe('refused at the door', () => {
  it('a shipped pay-on-delivery order is cancelled with its stock back and the reason recorded', async () => {
    const item = await product(3);
    const id = await order(item.id, 'cash_on_delivery', 2);
    await move(id, 'processing');
    await move(id, 'shipped');
    expect(await stockOf(item.id)).toBe(1);
    const refused = await move(id, 'cancelled');
    expect(refused.error).toBeNull();
    expect(refused.data).toMatchObject({ status: 'cancelled', payment_status: 'awaiting_payment' });
    expect(await stockOf(item.id)).toBe(3);
    const [event] = await owner<{ kind: string; from_value: string; note: string }>(
      `select kind, from_value, note from public.order_events where order_id = $1 and kind = 'cancelled'`,
      [id],
    );
    expect(event).toEqual({ kind: 'cancelled', from_value: 'shipped', note: 'Refused at the door' });
  });

  it('a shipped bank-transfer order cannot be cancelled: it is returned instead', async () => {
    const item = await product(3);
    const id = await order(item.id);
    await pay(id, 'paid');
    await move(id, 'processing');
    await move(id, 'shipped');
    const refused = await move(id, 'cancelled');
    expect(refused.error?.message).toBe(
      'Only a pay-on-delivery order can be refused at the door; record a return instead',
    );
    expect(await state(id)).toEqual({ status: 'shipped', payment_status: 'paid' });
  });
});

describe('returns', () => {
  it('resellable goods go back into the lots they came from and a refund is owed', async () => {
    const item = await product(0);
    await owner(
      `insert into public.product_lots (product_id, lot_code, quantity, best_before) values ($1, 'RET-1', 4, current_date + 300)`,
      [item.id],
    );
    const id = await order(item.id, 'bank_transfer', 3);
    await pay(id, 'paid');
    await move(id, 'processing');
    await move(id, 'shipped');
    await move(id, 'completed');
    expect(await stockOf(item.id)).toBe(1);
    const returned = await admin.rpc('admin_return_order', {
      p_order_id: id,
      p_resellable: true,
      p_note: 'Box unopened',
    });
    expect(returned.error).toBeNull();
    expect(returned.data).toMatchObject({ status: 'returned', payment_status: 'refund_pending' });
    expect(await stockOf(item.id)).toBe(4);
    const [lot] = await owner<{ quantity: number }>(
      `select quantity from public.product_lots where product_id = $1 and lot_code = 'RET-1'`,
      [item.id],
    );
    expect(lot!.quantity).toBe(4);
    const notes = await owner<{ note: string }>(
      `select note from public.order_events where order_id = $1 and to_value = 'returned'`,
      [id],
    );
    expect(notes[0]!.note).toBe('Returned; the goods went back into stock. Box unopened');
    expect(
      (await admin.rpc('admin_return_order', { p_order_id: id, p_resellable: true })).error?.message,
    ).toBe('Cannot move an order from returned to returned');
  });

  it('goods that cannot be sold again stay out of stock; returns need a shipped order and the permission', async () => {
    const item = await product(5);
    const id = await order(item.id, 'bank_transfer', 2);
    expect(
      (await admin.rpc('admin_return_order', { p_order_id: id, p_resellable: false })).error?.message,
    ).toBe('Cannot move an order from pending to returned');
    await pay(id, 'paid');
    await move(id, 'processing');
    await move(id, 'shipped');
    expect((await move(id, 'returned')).error?.message).toBe('Record a return with admin_return_order');
    const byCustomer = await demo.rpc('admin_return_order', { p_order_id: id, p_resellable: true });
    expect(byCustomer.error?.code).toBe('42501');
    const returned = await admin.rpc('admin_return_order', { p_order_id: id, p_resellable: false });
    expect(returned.data).toMatchObject({ status: 'returned', payment_status: 'refund_pending' });
    expect(await stockOf(item.id)).toBe(3);
  });
});

describe('revenue leaves out what was not a sale', () => {
  async function summary(): Promise<{ revenue: number; order_count: number }> {
    const { data, error } = await superAdmin.rpc('admin_dashboard_summary', { p_days: 30 });
    expect(error).toBeNull();
    const row = (data as { revenue: number; order_count: number }[])[0]!;
    return { revenue: Number(row.revenue), order_count: Number(row.order_count) };
  }

  it('refunded, refund-owed, returned and cancelled orders stop counting; the rollups agree with the orders', async () => {
    const item = await product(20);
    const before = await summary();
    const ids = [await order(item.id), await order(item.id), await order(item.id), await order(item.id)];
    const [first] = await owner<{ total: string }>(
      'select total_amount as total from public.orders where id = $1',
      [ids[0]],
    );
    const each = Number(first!.total);
    const placed = await summary();
    expect(placed.revenue).toBeCloseTo(before.revenue + 4 * each, 2);
    for (const id of ids) await pay(id, 'paid');
    await pay(ids[0]!, 'refunded');
    await demo.rpc('cancel_order', { p_order_id: ids[1] });
    await move(ids[2]!, 'processing');
    await move(ids[2]!, 'shipped');
    await admin.rpc('admin_return_order', { p_order_id: ids[2], p_resellable: true });
    const after = await summary();
    expect(after.order_count).toBe(placed.order_count);
    expect(after.revenue).toBeCloseTo(before.revenue + each, 2);
    // The rollups give what a scan of the orders gives.
    const [scan] = await owner<{ revenue: string }>(
      `select coalesce(sum(total_amount), 0) as revenue from public.orders
       where status not in ('cancelled', 'returned') and payment_status not in ('refunded', 'refund_pending')`,
    );
    const [rolled] = await owner<{ revenue: string }>(
      `select sum(revenue) as revenue from public.dashboard_order_days`,
    );
    expect(Number(rolled!.revenue)).toBeCloseTo(Number(scan!.revenue), 2);
    const [lines] = await owner<{ units: number }>(
      `select coalesce(sum(units), 0)::int as units from public.dashboard_product_sales where product_id = $1 and period = 'day'`,
      [item.id],
    );
    expect(lines!.units).toBe(1);
  });
});
