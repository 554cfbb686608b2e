// checkout_quote is open to anyone, so it applies place_order's limits before doing any work: at most
// 100 lines and no quantity above 999. A larger cart gets a 400 naming the limit instead of an answer
// many times the size of the request. Runs on PGlite and, with STACK_TEST_DATABASE_URL, PostgreSQL.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let anon: SupabaseClient;
let demo: SupabaseClient;
let productIds: string[] = [];

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

beforeAll(async () => {
  stack = await startTestStack();
  anon = stack.anonClient();
  demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
  productIds = (
    await stack.db.query<{ id: string }>(
      `select id from public.products where in_stock and stock_count >= 5 order by id limit 3`,
    )
  ).rows.map((row) => row.id);
});

afterAll(async () => {
  await stack?.stop();
});

describe('checkout_quote caps the cart as place_order does', () => {
  it('answers 100 lines, refuses 101 with a 400 naming the limit, like place_order', async () => {
    const hundred = Array.from({ length: 100 }, () => ({}));
    const fine = await anon.rpc('checkout_quote', { p_lines: hundred });
    expect(fine.error).toBeNull();
    expect((fine.data as { lines: unknown[] }).lines).toHaveLength(100);

    const over = [...hundred, {}];
    const quote = await anon.rpc('checkout_quote', { p_lines: over });
    expect(quote.status).toBe(400);
    expect(quote.error).toMatchObject({ code: 'P0001', message: 'An order can hold at most 100 lines' });
    expect(quote.data).toBeNull();

    const order = await demo.rpc('place_order', { p_lines: over, p_shipping_address: address });
    expect(order.error).toMatchObject({ code: 'P0001', message: 'An order can hold at most 100 lines' });
  });

  it('a body of thousands of empty lines is refused at once instead of answered line by line', async () => {
    const body = Array.from({ length: 13_000 }, () => ({}));
    const started = Date.now();
    const response = await fetch(`${stack.url}/rest/v1/rpc/checkout_quote`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_lines: body }),
    });
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(text.length).toBeLessThan(1000);
    expect(JSON.parse(text)).toMatchObject({ message: 'An order can hold at most 100 lines' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses a quantity above 999 with a 400, as place_order does, and keeps smaller problems per line', async () => {
    const [first, second] = productIds;
    const big = await anon.rpc('checkout_quote', {
      p_lines: [
        { product_id: first, quantity: 1 },
        { product_id: second, quantity: 1000 },
      ],
    });
    expect(big.status).toBe(400);
    expect(big.error).toMatchObject({ code: 'P0001', message: 'Please enter a valid quantity' });
    const huge = await anon.rpc('checkout_quote', { p_lines: [{ product_id: first, quantity: 1e300 }] });
    expect(huge.error).toMatchObject({ code: 'P0001', message: 'Please enter a valid quantity' });
    const order = await demo.rpc('place_order', {
      p_lines: [{ product_id: second, quantity: 1000 }],
      p_shipping_address: address,
    });
    expect(order.error).toMatchObject({ code: 'P0001', message: 'Please enter a valid quantity' });

    const atCap = await anon.rpc('checkout_quote', { p_lines: [{ product_id: first, quantity: 999 }] });
    expect(atCap.error).toBeNull();
    const small = await anon.rpc('checkout_quote', {
      p_lines: [
        { product_id: first, quantity: 0 },
        { product_id: second, quantity: 1.5 },
      ],
    });
    expect(small.error).toBeNull();
    expect((small.data as { lines: { problem: string | null }[] }).lines.map((line) => line.problem)).toEqual(
      ['Please enter a valid quantity', 'Please enter a valid quantity'],
    );
  });
});
