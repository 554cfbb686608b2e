// Lots with best-before dates and the stock alerts for staff, through supabase-js against a fresh
// seeded stack: a product's stock_count is always the sum of its lots (and a direct edit is refused),
// place_order takes each line first-expiry-first-out and skips expired lots, concurrent orders never
// take more than a lot holds, cancelling gives back the exact lots, admin_save_product_lots checks its
// input and refuses stale quantities, product_best_before tells shoppers the earliest date that ships,
// and admin_stock_alerts lists low stock and expiring lots. Runs on PGlite and, with
// STACK_TEST_DATABASE_URL set, on PostgreSQL (true concurrency).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOW_STOCK_LIMIT } from '../../../shared/src/domain/stock.ts';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let demo: SupabaseClient;
let other: SupabaseClient;
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

interface Lot {
  code: string;
  quantity: number;
  /** Days from today (negative: already past); null: no best-before. */
  bestBefore: number | null;
}

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

/** A product of its own with the given lots (or plain stock), created as the database owner. */
async function product(lots: Lot[], plainStock = 0) {
  serial += 1;
  const name = `Lot Test ${serial}`;
  const [row] = await owner<{ id: string }>(
    `insert into public.products (name, description, price, category_id, image_url, stock_count, in_stock)
     values ($1, 'for inventory-lots.test.ts', 5, $2, 'x.svg', $3, true) returning id`,
    [name, categoryId, plainStock],
  );
  for (const lot of lots) {
    await owner(
      `insert into public.product_lots (product_id, lot_code, quantity, best_before, received_on)
       values ($1, $2, $3, case when $4::int is null then null else current_date + $4::int end, current_date - 30)`,
      [row!.id, lot.code, lot.quantity, lot.bestBefore],
    );
  }
  return { id: row!.id, name };
}

async function stockOf(productId: string) {
  const [row] = await owner<{ stock_count: number; in_stock: boolean; lots_sum: number | null }>(
    `select p.stock_count, p.in_stock,
       (select sum(l.quantity)::int from public.product_lots l where l.product_id = p.id) as lots_sum
     from public.products p where p.id = $1`,
    [productId],
  );
  return row!;
}

async function lotsOf(productId: string): Promise<Record<string, number>> {
  const rows = await owner<{ lot_code: string; quantity: number }>(
    'select lot_code, quantity from public.product_lots where product_id = $1 order by lot_code',
    [productId],
  );
  return Object.fromEntries(rows.map((row) => [row.lot_code, row.quantity]));
}

function place(client: SupabaseClient, lines: unknown) {
  return client.rpc('place_order', {
    p_lines: lines,
    p_shipping_address: address,
    p_shipping_method: 'standard',
    p_payment_method: 'bank_transfer',
    p_idempotency_key: crypto.randomUUID(),
  });
}

async function placed(client: SupabaseClient, lines: unknown): Promise<string> {
  const { data, error } = await place(client, lines);
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

/** What each line of an order took: lot code → quantity. */
async function takenBy(orderId: string): Promise<Record<string, number>> {
  const rows = await owner<{ lot_code: string; quantity: number }>(
    `select il.lot_code, il.quantity from public.order_item_lots il
     join public.order_items oi on oi.id = il.order_item_id
     where oi.order_id = $1 order by il.lot_code`,
    [orderId],
  );
  return Object.fromEntries(rows.map((row) => [row.lot_code, row.quantity]));
}

beforeAll(async () => {
  stack = await startTestStack();
  demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
  other = await stack.signedInClient(accounts.customer.email, accounts.customer.password);
  superAdmin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
  categoryId = (
    await owner<{ id: string }>(`select id from public.categories where slug = 'food-storage'`)
  )[0]!.id;
});

afterAll(async () => {
  await stack?.stop();
});

describe('stock_count is the sum of the lots', () => {
  it('follows every insert, update and delete of a lot, and the last lot removed leaves plain stock 0', async () => {
    const item = await product([], 7);
    expect(await stockOf(item.id)).toEqual({ stock_count: 7, in_stock: true, lots_sum: null });

    const add = await superAdmin
      .from('product_lots')
      .insert([
        { product_id: item.id, lot_code: 'A', quantity: 4, best_before: '2031-03-31' },
        { product_id: item.id, lot_code: 'B', quantity: 6, best_before: null },
      ])
      .select('id, lot_code');
    expect(add.error).toBeNull();
    expect(await stockOf(item.id)).toEqual({ stock_count: 10, in_stock: true, lots_sum: 10 });

    const lotA = add.data!.find((lot) => lot.lot_code === 'A')!.id as string;
    const lotB = add.data!.find((lot) => lot.lot_code === 'B')!.id as string;
    expect((await superAdmin.from('product_lots').update({ quantity: 1 }).eq('id', lotA)).error).toBeNull();
    expect(await stockOf(item.id)).toEqual({ stock_count: 7, in_stock: true, lots_sum: 7 });

    expect(
      (await superAdmin.from('product_lots').update({ quantity: 0 }).in('id', [lotA, lotB])).error,
    ).toBeNull();
    expect(await stockOf(item.id)).toEqual({ stock_count: 0, in_stock: false, lots_sum: 0 });

    expect((await superAdmin.from('product_lots').update({ quantity: 3 }).eq('id', lotB)).error).toBeNull();
    expect(await stockOf(item.id)).toEqual({ stock_count: 3, in_stock: true, lots_sum: 3 });

    expect((await superAdmin.from('product_lots').delete().eq('id', lotB)).error).toBeNull();
    expect(await stockOf(item.id)).toEqual({ stock_count: 0, in_stock: false, lots_sum: 0 });
    expect((await superAdmin.from('product_lots').delete().eq('id', lotA)).error).toBeNull();
    expect(await stockOf(item.id)).toEqual({ stock_count: 0, in_stock: false, lots_sum: null });

    // Plain again: the number may be edited directly.
    expect(
      (await superAdmin.from('products').update({ stock_count: 12 }).eq('id', item.id)).error,
    ).toBeNull();
    expect((await stockOf(item.id)).stock_count).toBe(12);
  });

  it('refuses a direct stock_count edit on a product with lots, also from the service role', async () => {
    const item = await product([{ code: 'L1', quantity: 5, bestBefore: 400 }]);
    const edit = await superAdmin.from('products').update({ stock_count: 50 }).eq('id', item.id);
    expect(edit.error?.message).toBe(
      `The stock of "${item.name}" comes from its lots (5 in stock); change the lots instead`,
    );
    const service = await stack.serviceClient().from('products').update({ stock_count: 1 }).eq('id', item.id);
    expect(service.error?.code).toBe('P0001');
    // Other fields, and the same number, still save.
    expect(
      (await superAdmin.from('products').update({ price: 6, stock_count: 5 }).eq('id', item.id)).error,
    ).toBeNull();
    expect(await stockOf(item.id)).toEqual({ stock_count: 5, in_stock: true, lots_sum: 5 });
  });

  it('a lot never holds less than 0', async () => {
    const item = await product([{ code: 'L1', quantity: 2, bestBefore: 400 }]);
    const { error } = await superAdmin
      .from('product_lots')
      .update({ quantity: -1 })
      .eq('product_id', item.id);
    expect(error?.code).toBe('23514');
    expect(await lotsOf(item.id)).toEqual({ L1: 2 });
  });
});

describe('orders take lots first-expiry-first-out', () => {
  it('allocates across three dated lots, earliest first, skipping the expired lot', async () => {
    const item = await product([
      { code: 'EXPIRED', quantity: 10, bestBefore: -1 },
      { code: 'LATE', quantity: 10, bestBefore: 700 },
      { code: 'EARLY', quantity: 3, bestBefore: 100 },
      { code: 'MIDDLE', quantity: 4, bestBefore: 300 },
      { code: 'UNDATED', quantity: 5, bestBefore: null },
    ]);
    expect((await stockOf(item.id)).stock_count).toBe(32);

    const first = await placed(demo, [{ product_id: item.id, quantity: 5 }]);
    expect(await takenBy(first)).toEqual({ EARLY: 3, MIDDLE: 2 });
    const second = await placed(demo, [{ product_id: item.id, quantity: 12 }]);
    expect(await takenBy(second)).toEqual({ MIDDLE: 2, LATE: 10 });
    // Undated lots ship last.
    const third = await placed(demo, [{ product_id: item.id, quantity: 5 }]);
    expect(await takenBy(third)).toEqual({ UNDATED: 5 });
    expect(await lotsOf(item.id)).toEqual({ EARLY: 0, EXPIRED: 10, LATE: 0, MIDDLE: 0, UNDATED: 0 });
    expect(await stockOf(item.id)).toEqual({ stock_count: 10, in_stock: true, lots_sum: 10 });

    // Only the expired lot is left: the order fails with the out-of-stock message and writes nothing.
    const orders = await owner<{ n: number }>('select count(*)::int as n from public.orders');
    const refused = await place(demo, [{ product_id: item.id, quantity: 1 }]);
    expect(refused.error?.message).toBe(`"${item.name}" is out of stock`);
    expect(await owner<{ n: number }>('select count(*)::int as n from public.orders')).toEqual(orders);
    expect(await lotsOf(item.id)).toEqual({ EARLY: 0, EXPIRED: 10, LATE: 0, MIDDLE: 0, UNDATED: 0 });
  });

  it('a line the usable lots cannot cover fails whole, with how many are left', async () => {
    const item = await product([
      { code: 'OLD', quantity: 4, bestBefore: -30 },
      { code: 'GOOD', quantity: 3, bestBefore: 30 },
    ]);
    const plain = await product([], 9);
    const refused = await place(demo, [
      { product_id: plain.id, quantity: 2 },
      { product_id: item.id, quantity: 5 },
    ]);
    expect(refused.error?.message).toBe(`Only 3 of "${item.name}" left in stock`);
    expect(await lotsOf(item.id)).toEqual({ GOOD: 3, OLD: 4 });
    expect((await stockOf(plain.id)).stock_count).toBe(9);
    // A product without lots keeps its plain stock.
    const mixed = await placed(demo, [
      { product_id: plain.id, quantity: 2 },
      { product_id: item.id, quantity: 3 },
    ]);
    expect(await takenBy(mixed)).toEqual({ GOOD: 3 });
    expect(await stockOf(plain.id)).toEqual({ stock_count: 7, in_stock: true, lots_sum: null });
    expect(await stockOf(item.id)).toEqual({ stock_count: 4, in_stock: true, lots_sum: 4 });
  });

  it('the checkout quote counts only the lots that would ship, as place_order does', async () => {
    const item = await product([
      { code: 'PAST', quantity: 10, bestBefore: -2 },
      { code: 'FRESH', quantity: 2, bestBefore: 60 },
    ]);
    const stale = await product([{ code: 'GONE', quantity: 6, bestBefore: -1 }]);
    interface QuoteLine {
      stock_count: number;
      in_stock: boolean;
      problem: string | null;
    }
    const quote = async (lines: unknown) => {
      const { data, error } = await stack.anonClient().rpc('checkout_quote', { p_lines: lines });
      if (error) throw new Error(error.message);
      return (data as { lines: QuoteLine[] }).lines.map(({ stock_count, in_stock, problem }) => ({
        stock_count,
        in_stock,
        problem,
      }));
    };

    // The shelf holds 12 (stock_count), but only the 2 unexpired units can ship.
    expect((await stockOf(item.id)).stock_count).toBe(12);
    expect(
      await quote([
        { product_id: item.id, quantity: 5 },
        { product_id: stale.id, quantity: 1 },
      ]),
    ).toEqual([
      { stock_count: 2, in_stock: true, problem: `Only 2 of "${item.name}" left in stock` },
      { stock_count: 0, in_stock: false, problem: `"${stale.name}" is out of stock` },
    ]);
    const refused = await place(demo, [{ product_id: item.id, quantity: 5 }]);
    expect(refused.error?.message).toBe(`Only 2 of "${item.name}" left in stock`);

    // What the quote accepts, the order takes.
    expect(await quote([{ product_id: item.id, quantity: 2 }])).toEqual([
      { stock_count: 2, in_stock: true, problem: null },
    ]);
    expect(await takenBy(await placed(demo, [{ product_id: item.id, quantity: 2 }]))).toEqual({ FRESH: 2 });
  });

  it('concurrent orders never take more than a lot holds', async () => {
    const item = await product([
      { code: 'FIRST', quantity: 3, bestBefore: 20 },
      { code: 'SECOND', quantity: 4, bestBefore: 200 },
      { code: 'GONE', quantity: 6, bestBefore: -2 },
    ]);
    const buyers = [demo, other];
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => place(buyers[i % 2]!, [{ product_id: item.id, quantity: 1 }])),
    );
    expect(results.filter((result) => !result.error)).toHaveLength(7);
    for (const result of results.filter((r) => r.error)) {
      expect(result.error?.message).toBe(`"${item.name}" is out of stock`);
    }
    expect(await lotsOf(item.id)).toEqual({ FIRST: 0, GONE: 6, SECOND: 0 });
    const taken = await owner<{ lot_code: string; units: number }>(
      `select il.lot_code, sum(il.quantity)::int as units from public.order_item_lots il
       join public.order_items oi on oi.id = il.order_item_id
       where oi.product_id = $1 group by il.lot_code order by il.lot_code`,
      [item.id],
    );
    expect(taken).toEqual([
      { lot_code: 'FIRST', units: 3 },
      { lot_code: 'SECOND', units: 4 },
    ]);
    expect(await stockOf(item.id)).toEqual({ stock_count: 6, in_stock: true, lots_sum: 6 });
  });

  it('cancelling returns every unit to the lot it came from, once, also to a lot deleted since', async () => {
    const item = await product([
      { code: 'EARLY', quantity: 2, bestBefore: 50 },
      { code: 'LATER', quantity: 5, bestBefore: 500 },
      { code: 'LAST', quantity: 5, bestBefore: 900 },
    ]);
    const order = await placed(demo, [{ product_id: item.id, quantity: 4 }]);
    expect(await takenBy(order)).toEqual({ EARLY: 2, LATER: 2 });
    // Staff remove the emptied lot meanwhile.
    await owner(`delete from public.product_lots where product_id = $1 and lot_code = 'EARLY'`, [item.id]);
    expect(await lotsOf(item.id)).toEqual({ LAST: 5, LATER: 3 });

    const cancel = await demo.rpc('cancel_order', { p_order_id: order });
    expect(cancel.error).toBeNull();
    expect(await lotsOf(item.id)).toEqual({ EARLY: 2, LAST: 5, LATER: 5 });
    const [early] = await owner<{ best_before: string }>(
      `select (best_before - current_date)::int as best_before from public.product_lots where product_id = $1 and lot_code = 'EARLY'`,
      [item.id],
    );
    expect(Number(early!.best_before)).toBe(50);
    expect(await stockOf(item.id)).toEqual({ stock_count: 12, in_stock: true, lots_sum: 12 });
    expect((await demo.rpc('cancel_order', { p_order_id: order })).error?.message).toBe(
      'This order can no longer be cancelled',
    );
    expect(await lotsOf(item.id)).toEqual({ EARLY: 2, LAST: 5, LATER: 5 });
  });

  it('an administrator cancelling restores the exact lots too', async () => {
    const item = await product([
      { code: 'A', quantity: 1, bestBefore: 10 },
      { code: 'B', quantity: 9, bestBefore: 20 },
    ]);
    const order = await placed(other, [{ product_id: item.id, quantity: 3 }]);
    expect(await lotsOf(item.id)).toEqual({ A: 0, B: 7 });
    const cancel = await superAdmin.rpc('admin_set_order_status', {
      p_order_id: order,
      p_status: 'cancelled',
    });
    expect(cancel.error).toBeNull();
    expect(await lotsOf(item.id)).toEqual({ A: 1, B: 9 });
    const returned = await owner<{ n: number }>(
      `select count(*)::int as n from public.order_item_lots il join public.order_items oi on oi.id = il.order_item_id
       where oi.order_id = $1 and il.returned_at is not null`,
      [order],
    );
    expect(returned).toEqual([{ n: 2 }]);
  });
});

describe('admin_save_product_lots', () => {
  it('adds, changes and removes lots in one call and the stock follows', async () => {
    const item = await product([
      { code: 'KEEP', quantity: 5, bestBefore: 100 },
      { code: 'DROP', quantity: 2, bestBefore: 10 },
    ]);
    const [keep] = await owner<{ id: string }>(
      `select id from public.product_lots where product_id = $1 and lot_code = 'KEEP'`,
      [item.id],
    );
    const { data, error } = await superAdmin.rpc('admin_save_product_lots', {
      p_product_id: item.id,
      p_lots: [
        { id: keep!.id, lot_code: 'KEEP', quantity: 8, best_before: '2031-03-31', expected_quantity: 5 },
        { lot_code: ' NEW-1 ', quantity: 4, best_before: '2030-01-31', received_on: '2025-06-01' },
        { lot_code: 'RADIO', quantity: 1, best_before: null },
      ],
    });
    expect(error).toBeNull();
    expect((data as { lot_code: string }[]).map((lot) => lot.lot_code)).toEqual(['NEW-1', 'KEEP', 'RADIO']);
    expect(await lotsOf(item.id)).toEqual({ KEEP: 8, 'NEW-1': 4, RADIO: 1 });
    expect(await stockOf(item.id)).toEqual({ stock_count: 13, in_stock: true, lots_sum: 13 });
  });

  it('refuses bad lots with a clear message and changes nothing', async () => {
    const item = await product([{ code: 'L1', quantity: 5, bestBefore: 100 }]);
    const cases: [unknown[], string][] = [
      [[{ lot_code: '  ', quantity: 1 }], 'Each lot needs a lot code'],
      [
        [{ lot_code: 'X', quantity: 1.5 }],
        'The quantity of lot "X" must be a whole number from 0 to 1000000',
      ],
      [[{ lot_code: 'X', quantity: -1 }], 'The quantity of lot "X" must be a whole number from 0 to 1000000'],
      [
        [{ lot_code: 'X', quantity: '3' }],
        'The quantity of lot "X" must be a whole number from 0 to 1000000',
      ],
      [
        [{ lot_code: 'X', quantity: 1, best_before: '2031-02-30' }],
        'The dates of lot "X" are not valid dates',
      ],
      [
        [{ lot_code: 'X', quantity: 1, best_before: 'soon' }],
        'The best-before date of lot "X" is not a valid date',
      ],
      [
        [{ lot_code: 'X', quantity: 1, received_on: '2999-01-01' }],
        'The received date of lot "X" cannot be in the future',
      ],
      [
        [{ lot_code: 'X', quantity: 1, best_before: '2024-01-01', received_on: '2024-06-01' }],
        'The best-before date of lot "X" is before its received date',
      ],
      [
        [
          { lot_code: 'Dup', quantity: 1 },
          { lot_code: 'dup', quantity: 2 },
        ],
        'Each lot code may appear only once',
      ],
    ];
    for (const [lots, message] of cases) {
      const { error } = await superAdmin.rpc('admin_save_product_lots', {
        p_product_id: item.id,
        p_lots: lots,
      });
      expect(error?.message).toBe(message);
    }
    expect(await lotsOf(item.id)).toEqual({ L1: 5 });
  });

  it('refuses a save over a lot an order took from since the form was opened', async () => {
    const item = await product([{ code: 'L1', quantity: 5, bestBefore: 100 }]);
    const [lot] = await owner<{ id: string }>('select id from public.product_lots where product_id = $1', [
      item.id,
    ]);
    await placed(demo, [{ product_id: item.id, quantity: 2 }]);
    const { error } = await superAdmin.rpc('admin_save_product_lots', {
      p_product_id: item.id,
      p_lots: [{ id: lot!.id, lot_code: 'L1', quantity: 10, expected_quantity: 5 }],
    });
    expect(error?.message).toBe(
      'Lot "L1" changed while you were editing (now 3 in stock). Reload the product and try again.',
    );
    expect(await lotsOf(item.id)).toEqual({ L1: 3 });
  });
});

describe('what shoppers and the dashboard see', () => {
  it('product_best_before gives the earliest date that would ship now, to anyone', async () => {
    const item = await product([
      { code: 'PAST', quantity: 5, bestBefore: -3 },
      { code: 'EMPTY', quantity: 0, bestBefore: 40 },
      { code: 'SHIPS', quantity: 2, bestBefore: 90 },
      { code: 'LATER', quantity: 9, bestBefore: 400 },
    ]);
    const undated = await product([{ code: 'U', quantity: 3, bestBefore: null }]);
    const plain = await product([], 4);
    const { data, error } = await stack.anonClient().rpc('product_best_before', {
      p_product_ids: [item.id, undated.id, plain.id],
    });
    expect(error).toBeNull();
    const [expected] = await owner<{ d: string }>(`select to_char(current_date + 90, 'YYYY-MM-DD') as d`);
    expect(data).toEqual([{ product_id: item.id, best_before: expected!.d }]);
  });

  it('admin_stock_alerts lists low stock below the storefront limit and lots expiring within 90 days', async () => {
    const low = await product([{ code: 'LOW', quantity: LOW_STOCK_LIMIT - 1, bestBefore: 500 }]);
    const enough = await product([{ code: 'OK', quantity: LOW_STOCK_LIMIT, bestBefore: 500 }]);
    const expiring = await product([
      { code: 'SOON', quantity: 12, bestBefore: 89 },
      { code: 'DONE', quantity: 2, bestBefore: -1 },
      { code: 'FAR', quantity: 12, bestBefore: 91 },
    ]);
    const { data, error } = await superAdmin.rpc('admin_stock_alerts', {
      p_low_stock_below: LOW_STOCK_LIMIT,
      p_expiring_days: 90,
      p_limit: 100,
    });
    expect(error).toBeNull();
    const alerts = data as {
      low_stock: { product_id: string; stock_count: number }[];
      expiring: {
        product_id: string;
        lot_code: string;
        quantity: number;
        expired: boolean;
        days_left: number;
      }[];
    };
    const lowIds = alerts.low_stock.map((entry) => entry.product_id);
    expect(lowIds).toContain(low.id);
    expect(lowIds).not.toContain(enough.id);
    expect(alerts.low_stock.every((entry) => entry.stock_count < LOW_STOCK_LIMIT)).toBe(true);
    const mine = alerts.expiring.filter((entry) => entry.product_id === expiring.id);
    expect(
      mine.map(({ lot_code, quantity, expired, days_left }) => ({ lot_code, quantity, expired, days_left })),
    ).toEqual([
      { lot_code: 'DONE', quantity: 2, expired: true, days_left: -1 },
      { lot_code: 'SOON', quantity: 12, expired: false, days_left: 89 },
    ]);
    // The seed's lots show up too: an expired Peak Refuel lot and a Datrex lot within 90 days.
    expect(alerts.expiring.some((entry) => entry.lot_code === 'PR-0921' && entry.expired)).toBe(true);
    expect(alerts.expiring.some((entry) => entry.lot_code === 'DX-3600-17' && !entry.expired)).toBe(true);
  });

  it('admin_stock_alerts lists low stock fewest first, then by name and id, a page with the whole total', async () => {
    // Three products of one name and one stock (only the id orders them), one with fewer left, one
    // with lots: the page is the head of the catalogue's whole low-stock order whatever the threshold.
    const below = 4;
    const twins = [await product([], 2), await product([], 2), await product([], 2)];
    await owner(`update public.products set name = 'Alert Twin' where id = any ($1::uuid[])`, [
      twins.map((twin) => twin.id),
    ]);
    const fewest = await product([], 1);
    const withLots = await product([{ code: 'A1', quantity: 3, bestBefore: null }]);
    const expected = await owner<{ id: string; name: string; stock_count: number; has_lots: boolean }>(
      `select p.id, p.name, p.stock_count,
         exists (select 1 from public.product_lots l where l.product_id = p.id) as has_lots
       from public.products p where p.stock_count < $1 order by p.stock_count, p.name, p.id`,
      [below],
    );
    const mine = [...twins.map((twin) => twin.id), fewest.id, withLots.id];
    expect(mine.every((id) => expected.some((row) => row.id === id))).toBe(true);
    const sortedTwins = expected.filter((row) => row.name === 'Alert Twin').map((row) => row.id);
    expect(sortedTwins).toEqual(twins.map((twin) => twin.id).sort());

    for (const limit of [1, 3, 100]) {
      const { data, error } = await superAdmin.rpc('admin_stock_alerts', {
        p_low_stock_below: below,
        p_limit: limit,
      });
      expect(error).toBeNull();
      const alerts = data as {
        low_stock_below: number;
        low_stock_total: number;
        low_stock: { product_id: string; name: string; stock_count: number; has_lots: boolean }[];
      };
      expect(alerts.low_stock_below).toBe(below);
      expect(alerts.low_stock_total).toBe(expected.length);
      expect(
        alerts.low_stock.map(({ product_id, name, stock_count, has_lots }) => ({
          id: product_id,
          name,
          stock_count,
          has_lots,
        })),
      ).toEqual(expected.slice(0, limit));
    }
  });

  it('the seeded lots add up to the seeded stock', async () => {
    const rows = await owner<{ name: string; stock_count: number; lots_sum: number }>(
      `select p.name, p.stock_count, sum(l.quantity)::int as lots_sum from public.products p
       join public.product_lots l on l.product_id = p.id group by p.id order by p.name`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const row of rows) expect(row.stock_count).toBe(row.lots_sum);
    expect(rows.find((row) => row.name === 'Mountain House Classic 12-Meal Bucket')?.stock_count).toBe(36);
  });
});
