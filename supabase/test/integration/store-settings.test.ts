// The store settings the shop runs on (supabase/schemas/settings.sql): the money rules that
// checkout_quote and place_order read at every call (order_totals), the contact details the storefront
// shows, and the stock alert thresholds of the dashboard. Every value is checked by the database; only an
// administrator with the settings permission changes them. Runs on PGlite and, with
// STACK_TEST_DATABASE_URL, on PostgreSQL.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cartTotals } from '../../../shared/src/domain/pricing.ts';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let demo: SupabaseClient;
let superAdmin: SupabaseClient;
let ordersAdmin: SupabaseClient;
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

/** The seeded values: the shop looks and prices as before until someone changes them. */
const DEFAULTS = {
  free_shipping_threshold: 99,
  shipping_rate: 9.99,
  tax_rate_percent: 8,
  store_name: 'ReadyStock',
  store_tagline: 'Be Ready. Stay Safe.',
  hotline_phone: '1-800-555-0199',
  support_phone: '(555) 010-2030',
  support_phone_2: '(555) 010-2031',
  support_email: 'support@readystock.example',
  orders_email: 'orders@readystock.example',
  store_address: '1200 Preparedness Way\nBoulder, CO 80301\nUnited States',
  low_stock_threshold: 10,
  expiry_alert_days: 90,
};
const COLUMNS = Object.keys(DEFAULTS).join(', ');

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

async function resetSettings() {
  await owner(
    `update public.store_settings set free_shipping_threshold = 99.00, shipping_rate = 9.99,
       tax_rate_percent = 8.00, low_stock_threshold = 10, expiry_alert_days = 90`,
  );
}

async function product(price: number, stock = 50) {
  serial += 1;
  const [row] = await owner<{ id: string }>(
    `insert into public.products (name, description, price, category_id, image_url, stock_count, in_stock)
     values ($1, 'for store-settings.test.ts', $2, $3, 'x.svg', $4, $4 > 0) returning id`,
    [`Settings Test ${serial}`, price, categoryId, stock],
  );
  return row!.id;
}

type Money = { subtotal: number; shipping: number; tax: number; total: number };

async function quote(client: SupabaseClient, lines: { product_id: string; quantity: number }[]) {
  const { data, error } = await client.rpc('checkout_quote', { p_lines: lines });
  expect(error).toBeNull();
  const q = data as Money;
  return {
    subtotal: Number(q.subtotal),
    shipping: Number(q.shipping),
    tax: Number(q.tax),
    total: Number(q.total),
  };
}

async function order(client: SupabaseClient, lines: { product_id: string; quantity: number }[]) {
  const { data, error } = await client.rpc('place_order', { p_lines: lines, p_shipping_address: address });
  expect(error).toBeNull();
  const o = data as { subtotal: number; shipping_amount: number; tax_amount: number; total_amount: number };
  return {
    subtotal: Number(o.subtotal),
    shipping: Number(o.shipping_amount),
    tax: Number(o.tax_amount),
    total: Number(o.total_amount),
  };
}

beforeAll(async () => {
  stack = await startTestStack();
  demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
  superAdmin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
  ordersAdmin = await stack.signedInClient(accounts.ordersAdmin.email, accounts.ordersAdmin.password);
  categoryId = (await owner<{ id: string }>('select id from public.categories order by slug limit 1'))[0]!.id;
});

afterEach(resetSettings);

afterAll(async () => {
  await stack?.stop();
});

describe('store settings: defaults and the public read', () => {
  it('anyone reads the seeded values, which are the shop as it was', async () => {
    for (const client of [stack.anonClient(), demo]) {
      const { data, error } = await client.from('store_settings').select(COLUMNS).single();
      expect(error).toBeNull();
      const row = data as unknown as Record<string, unknown>;
      expect({
        ...row,
        free_shipping_threshold: Number(row.free_shipping_threshold),
        shipping_rate: Number(row.shipping_rate),
        tax_rate_percent: Number(row.tax_rate_percent),
      }).toEqual(DEFAULTS);
    }
  });
});

describe('the money rules come from the settings', () => {
  it('a changed threshold, shipping rate and tax change the quote and place_order at once', async () => {
    const item = await product(50);
    const lines = [{ product_id: item, quantity: 2 }]; // subtotal 100

    const before = await quote(stack.anonClient(), lines);
    expect(before).toEqual({ subtotal: 100, shipping: 0, tax: 8, total: 108 });

    const saved = await superAdmin
      .from('store_settings')
      .update({ free_shipping_threshold: 150, shipping_rate: 5.5, tax_rate_percent: 8.25 })
      .eq('id', true)
      .select('free_shipping_threshold, shipping_rate, tax_rate_percent');
    expect(saved.error).toBeNull();
    const rules = { freeShippingThreshold: 150, shippingRate: 5.5, taxRatePercent: 8.25 };
    const expected = { subtotal: 100, shipping: 5.5, tax: 8.25, total: 113.75 };
    const js = cartTotals(100, rules);
    expect({ subtotal: js.subtotal, shipping: js.shipping, tax: js.tax, total: js.total }).toEqual(expected);

    expect(await quote(stack.anonClient(), lines)).toEqual(expected);
    expect(await quote(demo, lines)).toEqual(expected);
    expect(await order(demo, lines)).toEqual(expected);

    // Back to the seeded rules: the next order is priced as before.
    await resetSettings();
    expect(await order(demo, lines)).toEqual({ subtotal: 100, shipping: 0, tax: 8, total: 108 });
  });

  it('the threshold is inclusive, 0 makes shipping free and tax may be 0', async () => {
    const item = await product(25);
    await owner(`update public.store_settings set free_shipping_threshold = 75, tax_rate_percent = 0`);
    expect(await quote(demo, [{ product_id: item, quantity: 3 }])).toEqual({
      subtotal: 75,
      shipping: 0,
      tax: 0,
      total: 75,
    });
    expect(await quote(demo, [{ product_id: item, quantity: 2 }])).toEqual({
      subtotal: 50,
      shipping: 9.99,
      tax: 0,
      total: 59.99,
    });
    await owner(`update public.store_settings set free_shipping_threshold = 0, tax_rate_percent = 30`);
    expect(await order(demo, [{ product_id: item, quantity: 1 }])).toEqual({
      subtotal: 25,
      shipping: 0,
      tax: 7.5,
      total: 32.5,
    });
  });

  it('a half cent of tax rounds up in the database as in the cart', async () => {
    const item = await product(2);
    await owner(`update public.store_settings set tax_rate_percent = 0.25`);
    const rules = { freeShippingThreshold: 99, shippingRate: 9.99, taxRatePercent: 0.25 };
    expect((await quote(demo, [{ product_id: item, quantity: 1 }])).tax).toBe(cartTotals(2, rules).tax);
    expect(cartTotals(2, rules).tax).toBe(0.01);
  });
});

describe('every setting is checked by the database', () => {
  const refused: [string, Record<string, unknown>][] = [
    ['tax above 30 %', { tax_rate_percent: 30.01 }],
    ['negative tax', { tax_rate_percent: -1 }],
    ['tax with three decimals', { tax_rate_percent: 8.125 }],
    ['a negative threshold', { free_shipping_threshold: -0.01 }],
    ['a threshold with three decimals', { free_shipping_threshold: 99.999 }],
    ['a negative shipping rate', { shipping_rate: -1 }],
    ['a shipping rate with three decimals', { shipping_rate: 9.999 }],
    ['an empty store name', { store_name: '' }],
    ['a store name with spaces around it', { store_name: ' ReadyStock' }],
    ['a store name of 61 characters', { store_name: 'x'.repeat(61) }],
    ['a tagline of 121 characters', { store_tagline: 'x'.repeat(121) }],
    ['a hotline with letters', { hotline_phone: '1-800-PREPPER' }],
    ['a hotline too short', { hotline_phone: '911' }],
    ['an empty support phone', { support_phone: '' }],
    ['a second support phone that is no number', { support_phone_2: 'call us' }],
    ['a support e-mail without a domain', { support_email: 'support@' }],
    ['an orders e-mail with a display name', { orders_email: 'Orders <orders@readystock.example>' }],
    ['an empty address', { store_address: '' }],
    ['an address with a blank line', { store_address: '1 Main St\n\nBoulder' }],
    ['an address of six lines', { store_address: 'a\nb\nc\nd\ne\nf' }],
    ['a low-stock threshold of 0', { low_stock_threshold: 0 }],
    ['an expiry window of 0 days', { expiry_alert_days: 0 }],
  ];

  it.each(refused)('refuses %s (23514) and changes nothing', async (_what, change) => {
    const before = await owner<{ h: string }>('select md5(t::text) as h from public.store_settings t');
    const { error } = await superAdmin.from('store_settings').update(change).eq('id', true);
    expect(error?.code).toBe('23514');
    expect(await owner<{ h: string }>('select md5(t::text) as h from public.store_settings t')).toEqual(
      before,
    );
  });

  it('accepts the edges and sensible contact details', async () => {
    const change = {
      tax_rate_percent: 30,
      free_shipping_threshold: 0,
      shipping_rate: 0,
      store_name: 'Ridgeline Supply',
      store_tagline: '',
      hotline_phone: '+1 (303) 555-0100',
      support_phone_2: '',
      support_email: 'Help@Ridgeline.example',
      store_address: '9 Mesa Road\nGolden, CO 80401',
    };
    const { error } = await superAdmin.from('store_settings').update(change).eq('id', true);
    expect(error).toBeNull();
    const [row] = await owner<{ store_name: string; support_phone_2: string }>(
      'select store_name, support_phone_2 from public.store_settings',
    );
    expect(row).toEqual({ store_name: 'Ridgeline Supply', support_phone_2: '' });
    await owner(
      `update public.store_settings set store_name = default, store_tagline = default, hotline_phone = default,
         support_phone_2 = default, support_email = default, store_address = default, shipping_rate = default`,
    );
  });

  it('only the settings permission changes them', async () => {
    for (const client of [stack.anonClient(), demo, ordersAdmin]) {
      const { data } = await client
        .from('store_settings')
        .update({ tax_rate_percent: 1, store_name: 'Hijacked' })
        .eq('id', true)
        .select('tax_rate_percent');
      expect(data ?? []).toEqual([]);
    }
    const [row] = await owner<{ tax: string; name: string }>(
      'select tax_rate_percent::text as tax, store_name as name from public.store_settings',
    );
    expect(row).toEqual({ tax: '8.00', name: 'ReadyStock' });
  });
});

describe('the stock alerts follow the settings', () => {
  it('admin_stock_alerts uses low_stock_threshold and expiry_alert_days unless given its own', async () => {
    const few = await product(5, 14);
    await owner(
      `insert into public.product_lots (product_id, lot_code, quantity, best_before)
       values ($1, 'SET-120', 3, current_date + 120)`,
      [await product(5, 0)],
    );
    const alerts = async (args: Record<string, number> = {}) => {
      const { data, error } = await superAdmin.rpc('admin_stock_alerts', { p_limit: 100, ...args });
      expect(error).toBeNull();
      return data as {
        low_stock_below: number;
        expiring_days: number;
        low_stock: { product_id: string }[];
        expiring: { lot_code: string }[];
      };
    };
    const seeded = await alerts();
    expect([seeded.low_stock_below, seeded.expiring_days]).toEqual([10, 90]);
    expect(seeded.low_stock.map((p) => p.product_id)).not.toContain(few);
    expect(seeded.expiring.map((l) => l.lot_code)).not.toContain('SET-120');

    await owner(`update public.store_settings set low_stock_threshold = 15, expiry_alert_days = 150`);
    const changed = await alerts();
    expect([changed.low_stock_below, changed.expiring_days]).toEqual([15, 150]);
    expect(changed.low_stock.map((p) => p.product_id)).toContain(few);
    expect(changed.expiring.map((l) => l.lot_code)).toContain('SET-120');

    const given = await alerts({ p_low_stock_below: 10, p_expiring_days: 90 });
    expect([given.low_stock_below, given.expiring_days]).toEqual([10, 90]);
  });
});
