// Emergency mode (schemas/emergency.sql) through supabase-js against a fresh seeded stack (both engines):
// declaring and ending (settings permission, one at a time, checked fields, audited), the reference price
// from the 30 days before the declaration, the price-rise guard on every path (a staff edit, a bulk
// change, the service role), drops always allowed, products added during the emergency, and the guard
// gone once the emergency ends; purchase limits counted across a customer's orders over the window only while
// an emergency is open.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let superAdmin: SupabaseClient;
let ordersAdmin: SupabaseClient;
let demo: SupabaseClient;

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

/** A product of the seed at a known price, with no history. */
async function product(price: string): Promise<{ id: string; name: string }> {
  const [row] = await owner<{ id: string; name: string }>(
    `update public.products set price = $1
     where id = (select id from public.products where name not like 'Guard %' order by name limit 1 offset $2)
     returning id, name`,
    [price, (serial += 1)],
  );
  return row!;
}
let serial = 0;

const price = async (id: string) =>
  (await owner<{ price: string }>(`select price::text from public.products where id = $1`, [id]))[0]!.price;

beforeAll(async () => {
  stack = await startTestStack();
  superAdmin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
  ordersAdmin = await stack.signedInClient(accounts.ordersAdmin.email, accounts.ordersAdmin.password);
  demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
});

afterEach(async () => {
  await owner(`update public.emergencies set ended_at = now() where ended_at is null`);
});

afterAll(async () => {
  await stack?.stop();
});

describe('declaring and ending an emergency', () => {
  it('needs the settings permission, checks each field, allows one at a time and is audited', async () => {
    const refused = await ordersAdmin.rpc('admin_declare_emergency', { p_name: 'Hurricane Ada' });
    expect(refused.error?.code).toBe('42501');

    const blank = await superAdmin.rpc('admin_declare_emergency', { p_name: '   ' });
    expect(blank.error?.message).toBe('Please enter a name for the emergency (at most 120 characters)');
    const steep = await superAdmin.rpc('admin_declare_emergency', {
      p_name: 'Hurricane Ada',
      p_price_rise_limit_percent: 150,
    });
    expect(steep.error?.message).toBe('The price-rise limit is a percentage between 0 and 100');
    expect(await owner(`select 1 from public.emergencies`)).toEqual([]);

    const declared = await superAdmin.rpc('admin_declare_emergency', {
      p_name: '  Hurricane Ada ',
      p_regions: 'Gulf Coast, Florida',
    });
    expect(declared.error).toBeNull();
    const banner = await stack
      .anonClient()
      .from('emergencies')
      .select('name, regions, price_rise_limit_percent, ended_at')
      .is('ended_at', null);
    expect(banner.data).toEqual([
      { name: 'Hurricane Ada', regions: 'Gulf Coast, Florida', price_rise_limit_percent: 10, ended_at: null },
    ]);

    const second = await superAdmin.rpc('admin_declare_emergency', { p_name: 'Wildfire' });
    expect(second.error?.message).toBe('An emergency is already declared: end it first');

    expect((await superAdmin.rpc('admin_end_emergency')).data).toBe(true);
    expect((await superAdmin.rpc('admin_end_emergency')).data).toBe(false);
    const open = await stack.anonClient().from('emergencies').select('id').is('ended_at', null);
    expect(open.data).toEqual([]);

    const audit = await owner<{ action: string; record_label: string; ended: boolean }>(
      `select action, record_label, changes ? 'ended_at' as ended from public.audit_log
       where entity = 'emergency' and record_id = $1 order by id`,
      [declared.data],
    );
    expect(audit).toEqual([
      { action: 'created', record_label: 'Hurricane Ada', ended: false },
      { action: 'changed', record_label: 'Hurricane Ada', ended: true },
    ]);
  });
});

describe('the start of an emergency', () => {
  it('is now by default, may be in the last 30 days, never in the future, and the price look-back counts from it', async () => {
    const future = await superAdmin.rpc('admin_declare_emergency', {
      p_name: 'Tomorrow storm',
      p_starts_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.error?.message).toBe('The start is a moment in the last 30 days, not in the future');
    const ancient = await superAdmin.rpc('admin_declare_emergency', {
      p_name: 'Old flood',
      p_starts_at: new Date(Date.now() - 31 * 86_400_000).toISOString(),
    });
    expect(ancient.error?.code).toBe('22023');
    expect(await owner(`select 1 from public.emergencies where ended_at is null`)).toEqual([]);

    // Sold at 150 thirty-five days ago: outside the look-back of a declaration starting now, inside the
    // look-back of one that started ten days ago.
    const lamp = await product('100.00');
    await owner(
      `insert into public.audit_log (actor_id, entity, record_id, record_label, action, changes, at) values
         ($1, 'product', $2, $3, 'changed', '{"price": {"before": 150, "after": 100}}', now() - interval '35 days')`,
      [accounts.superAdmin.userId, lamp.id, lamp.name],
    );
    const started = new Date(Date.now() - 10 * 86_400_000);
    const declared = await superAdmin.rpc('admin_declare_emergency', {
      p_name: 'Derecho',
      p_starts_at: started.toISOString(),
    });
    expect(declared.error).toBeNull();
    const [row] = await owner<{ starts_at: Date }>(`select starts_at from public.emergencies where id = $1`, [
      declared.data,
    ]);
    expect(new Date(row!.starts_at).getTime()).toBe(started.getTime());
    expect(
      await owner(
        `select reference_price::text as r from public.emergency_price_caps
         where product_id = $1 and emergency_id = $2`,
        [lamp.id, declared.data],
      ),
    ).toEqual([{ r: '150' }]);
    expect((await superAdmin.rpc('admin_end_emergency')).error).toBeNull();

    const now = await superAdmin.rpc('admin_declare_emergency', { p_name: 'Derecho, again' });
    expect(
      await owner(
        `select reference_price::text as r, e.starts_at > now() - interval '1 minute' as recent
         from public.emergency_price_caps c join public.emergencies e on e.id = c.emergency_id
         where c.product_id = $1 and c.emergency_id = $2`,
        [lamp.id, now.data],
      ),
    ).toEqual([{ r: '100.00', recent: true }]);
  });
});

describe('the price-rise guard', () => {
  it('caps a rise at the limit above the highest price of the 30 days before, and always allows drops', async () => {
    const kit = await product('100.00');
    // A staff member sold it at 120 three weeks ago, and at 150 forty days ago (outside the window).
    await owner(
      `insert into public.audit_log (actor_id, entity, record_id, record_label, action, changes, at) values
         ($1, 'product', $2, $3, 'changed', '{"price": {"before": 150, "after": 120}}', now() - interval '40 days'),
         ($1, 'product', $2, $3, 'changed', '{"price": {"before": 120, "after": 100}}', now() - interval '21 days')`,
      [accounts.superAdmin.userId, kit.id, kit.name],
    );
    const declared = await superAdmin.rpc('admin_declare_emergency', { p_name: 'Ice storm' });
    expect(declared.error).toBeNull();
    expect(
      await owner(
        `select reference_price::text as r from public.emergency_price_caps
         where product_id = $1 and emergency_id = $2`,
        [kit.id, declared.data],
      ),
    ).toEqual([{ r: '120' }]);

    // 120 + 10 % = 132.00: a staff edit to 132.01 is refused with the cap in the message.
    const tooHigh = await superAdmin.from('products').update({ price: 132.01 }).eq('id', kit.id);
    expect(tooHigh.error?.code).toBe('23514');
    expect(tooHigh.error?.message).toBe(
      `During the emergency "Ice storm" the price of "${kit.name}" may rise to at most $132.00 (10% above its highest price in the 30 days before it began, $120.00)`,
    );
    expect(await price(kit.id)).toBe('100.00');

    expect((await superAdmin.from('products').update({ price: 132 }).eq('id', kit.id)).error).toBeNull();
    expect(await price(kit.id)).toBe('132.00');
    expect((await superAdmin.from('products').update({ price: 90 }).eq('id', kit.id)).error).toBeNull();
    expect(await price(kit.id)).toBe('90.00');

    // Every path: the service role and a bulk change are refused alike, the bulk one as a whole.
    await expect(owner(`update public.products set price = 200 where id = $1`, [kit.id])).rejects.toThrow(
      /may rise to at most \$132\.00/,
    );
    const other = await product('10.00');
    const bulk = await superAdmin.rpc('admin_products_adjust_price', {
      p_ids: [other.id, kit.id],
      p_percent: 50,
      p_amount: null,
    });
    expect(bulk.error?.code).toBe('23514');
    expect([await price(other.id), await price(kit.id)]).toEqual(['10.00', '90.00']);

    // Once it ends, prices move freely again.
    expect((await superAdmin.rpc('admin_end_emergency')).error).toBeNull();
    expect((await superAdmin.from('products').update({ price: 200 }).eq('id', kit.id)).error).toBeNull();
    expect(await price(kit.id)).toBe('200.00');
  });

  it('caps a product added during the emergency from its first price', async () => {
    expect(
      (await superAdmin.rpc('admin_declare_emergency', { p_name: 'Flood', p_price_rise_limit_percent: 0 }))
        .error,
    ).toBeNull();
    const [category] = await owner<{ id: string }>(`select id from public.categories limit 1`);
    const created = await superAdmin
      .from('products')
      .insert({
        name: 'Guard Water Pouch',
        price: 4.5,
        description: 'A pouch of drinking water.',
        image_url: 'https://images.example/pouch.jpg',
        category_id: category!.id,
        stock_count: 5,
      })
      .select('id')
      .single();
    expect(created.error).toBeNull();
    const rise = await superAdmin.from('products').update({ price: 4.51 }).eq('id', created.data!.id);
    expect(rise.error?.message).toBe(
      'During the emergency "Flood" the price of "Guard Water Pouch" may rise to at most $4.50 (0% above its highest price in the 30 days before it began, $4.50)',
    );
  });
});

describe('purchase limits during an emergency', () => {
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
  const order = (productId: string, quantity: number) =>
    demo.rpc('place_order', {
      p_lines: [{ product_id: productId, quantity }],
      p_shipping_address: address,
      p_payment_method: 'cash_on_delivery',
    });

  it('count the customer’s other orders over the window only while the emergency lasts', async () => {
    const [limited] = await owner<{ id: string; name: string }>(
      `insert into public.products (name, description, price, category_id, image_url, stock_count, in_stock, purchase_limit)
       values ('Limit Window Lantern', 'for emergency.test.ts', 10,
         (select id from public.categories order by slug limit 1), 'x.svg', 50, true, 2)
       returning id, name`,
    );
    // No emergency: the limit is per order, so a second order of 2 is accepted.
    expect((await order(limited!.id, 2)).error).toBeNull();
    expect((await order(limited!.id, 2)).error).toBeNull();
    expect((await order(limited!.id, 3)).error?.message).toBe(
      'You can buy at most 2 of "Limit Window Lantern" per order',
    );

    // During the emergency the orders of the last 7 days count: another one is refused, in the quote too.
    expect((await superAdmin.rpc('admin_declare_emergency', { p_name: 'Blizzard' })).error).toBeNull();
    const refused = await order(limited!.id, 1);
    expect(refused.error?.message).toMatch(
      /^You can buy at most 2 of "Limit Window Lantern" in 7 days, and your other orders already hold 4: 0 more now, more from /,
    );
    const quote = await demo.rpc('checkout_quote', { p_lines: [{ product_id: limited!.id, quantity: 1 }] });
    expect((quote.data as { lines: { problem: string | null }[] }).lines[0]!.problem).toBe(
      refused.error?.message,
    );

    // Once it has ended, the limit is per order again.
    expect((await superAdmin.rpc('admin_end_emergency')).data).toBe(true);
    expect((await order(limited!.id, 2)).error).toBeNull();
    const after = await demo.rpc('checkout_quote', { p_lines: [{ product_id: limited!.id, quantity: 2 }] });
    expect((after.data as { lines: { problem: string | null }[] }).lines[0]!.problem).toBeNull();
  });
});
