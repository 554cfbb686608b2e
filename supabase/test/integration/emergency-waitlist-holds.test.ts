// Emergency mode's waitlist rule (waitlist_holds, schemas/waitlist.sql) through supabase-js against a
// fresh seeded stack, on both engines: while an emergency is open a product coming back serves its
// subscribers in order of sign-up, only as many as the stock covers, each with one unit held for them
// until the hold time (store_settings.waitlist_hold_hours) is over; nobody else can buy a held unit while
// the holder can; waitlist_expire_holds with the test's clock ends the holds that ran out and serves the
// next subscribers; ending the emergency ends every hold; outside an emergency every subscriber is
// e-mailed and nothing is held.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let superAdmin: SupabaseClient;
let service: SupabaseClient;
const customer = {} as Record<'ada' | 'ben' | 'cy' | 'dee', { client: SupabaseClient; email: string }>;
let productIds: string[] = [];
let nextProduct = 0;

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

const HOUR = 3_600_000;

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

/** A seeded product without lots or purchase limit, made out of stock (a fresh one per test). */
async function soldOutProduct(): Promise<{ id: string; name: string }> {
  const id = productIds[nextProduct++]!;
  const [row] = await owner<{ id: string; name: string }>(
    `update public.products set stock_count = 0, in_stock = false where id = $1 returning id, name`,
    [id],
  );
  return row!;
}

/** The administrator's restock, through the REST API like the back office. */
async function restock(productId: string, count: number): Promise<void> {
  const { error } = await superAdmin
    .from('products')
    .update({ stock_count: count, in_stock: true })
    .eq('id', productId);
  expect(error).toBeNull();
}

/** Subscribes the customers one after the other: this is their order of sign-up. */
async function subscribe(productId: string, ...who: (keyof typeof customer)[]): Promise<void> {
  for (const name of who) {
    const { data, error } = await customer[name].client.rpc('waitlist_subscribe', {
      p_product_id: productId,
    });
    expect(error).toBeNull();
    expect(data).toBe(true);
  }
}

/**
 * The back-in-stock e-mails queued for the product, in their recipients' order of sign-up (messages
 * queued in one transaction may share a time stamp).
 */
async function mails(productId: string) {
  return owner<{ recipient: string; held_until: string | null }>(
    `select m.recipient, m.payload ->> 'held_until' as held_until from public.outbox_messages m
     where m.kind = 'waitlist_back_in_stock' and m.payload ->> 'product_id' = $1
     order by (select min(s.created_at) from public.waitlist_subscriptions s
               where s.product_id = $1::uuid and s.email = m.recipient)`,
    [productId],
  );
}

/** The product's holds in the order they were given. */
async function holds(productId: string) {
  return owner<{
    email: string;
    quantity: number;
    held_at: string;
    expires_at: string;
    ended_at: string | null;
    end_reason: string | null;
    order_id: string | null;
  }>(
    `select email, quantity, held_at::text, expires_at::text, ended_at::text, end_reason, order_id::text
     from public.waitlist_holds h
     where h.product_id = $1
     order by (select s.created_at from public.waitlist_subscriptions s where s.id = h.subscription_id)`,
    [productId],
  );
}

const seconds = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000;

async function waiting(name: keyof typeof customer, productId: string): Promise<boolean> {
  const { data, error } = await customer[name].client.rpc('waitlist_status', { p_product_id: productId });
  expect(error).toBeNull();
  return data as boolean;
}

async function quoteProblem(name: keyof typeof customer, productId: string, quantity: number) {
  const { data, error } = await customer[name].client.rpc('checkout_quote', {
    p_lines: [{ product_id: productId, quantity }],
  });
  expect(error).toBeNull();
  return (data as { lines: { problem: string | null; stock_count: number }[] }).lines[0]!;
}

function order(name: keyof typeof customer, productId: string, quantity: number) {
  return customer[name].client.rpc('place_order', {
    p_lines: [{ product_id: productId, quantity }],
    p_shipping_address: address,
  });
}

async function declare(): Promise<void> {
  const { error } = await superAdmin.rpc('admin_declare_emergency', {
    p_name: 'Blizzard',
    p_regions: 'Colorado',
  });
  expect(error).toBeNull();
}

beforeAll(async () => {
  stack = await startTestStack();
  superAdmin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
  service = stack.serviceClient();
  for (const name of ['ada', 'ben', 'cy', 'dee'] as const) {
    const email = `${name}.holds@example.com`;
    const [user] = await owner<{ id: string }>(
      `insert into auth.users (id, email, aud, role, email_confirmed_at)
       values (gen_random_uuid(), $1, 'authenticated', 'authenticated', now()) returning id`,
      [email],
    );
    customer[name] = { client: await stack.clientForUser(user!.id, { email }), email };
  }
  productIds = (
    await owner<{ id: string }>(
      `select p.id from public.products p
       where p.purchase_limit is null and not exists (select 1 from public.product_lots l where l.product_id = p.id)
       order by p.id limit 16`,
    )
  ).map((row) => row.id);
  expect(productIds.length).toBeGreaterThanOrEqual(12);
});

afterEach(async () => {
  await owner(`update public.emergencies set ended_at = now() where ended_at is null`);
  await owner(
    `update public.waitlist_holds set ended_at = now(), end_reason = 'emergency_ended' where ended_at is null`,
  );
  await owner(`update public.store_settings set waitlist_hold_hours = 2`);
  // A test that failed half-way leaves no one waiting for the next test's job to serve.
  await owner(
    `update public.waitlist_subscriptions set unsubscribed_at = now() where notified_at is null and unsubscribed_at is null`,
  );
});

afterAll(async () => {
  await stack?.stop();
});

describe('the waitlist during an emergency', () => {
  it('gives holds in order of sign-up, only for the stock there is; the rest keep waiting', async () => {
    await declare();
    const product = await soldOutProduct();
    // Signed up cy, ada, ben: the order of sign-up, not of the accounts.
    await subscribe(product.id, 'cy', 'ada', 'ben');
    await restock(product.id, 2);

    const queued = await mails(product.id);
    expect(queued.map((mail) => mail.recipient)).toEqual([customer.cy.email, customer.ada.email]);
    const given = await holds(product.id);
    expect(given.map((hold) => [hold.email, hold.quantity, hold.ended_at])).toEqual([
      [customer.cy.email, 1, null],
      [customer.ada.email, 1, null],
    ]);
    for (const [i, hold] of given.entries()) {
      expect(seconds(hold.held_at, hold.expires_at)).toBe(2 * 3600);
      expect(Date.parse(queued[i]!.held_until!)).toBe(Date.parse(hold.expires_at));
    }
    expect(await waiting('cy', product.id)).toBe(false);
    expect(await waiting('ben', product.id)).toBe(true);

    // More stock for the product while it is in stock serves the next in line at once.
    await restock(product.id, 3);
    expect((await mails(product.id)).map((mail) => mail.recipient)).toEqual([
      customer.cy.email,
      customer.ada.email,
      customer.ben.email,
    ]);
    expect(await waiting('ben', product.id)).toBe(false);
  });

  it('refuses held units to anyone else while the holder buys theirs, which uses the hold up', async () => {
    await declare();
    const product = await soldOutProduct();
    await subscribe(product.id, 'ada', 'ben');
    await restock(product.id, 3);
    expect((await holds(product.id)).map((hold) => hold.email)).toEqual([
      customer.ada.email,
      customer.ben.email,
    ]);

    // dee may have the one unit nobody holds, not the held ones.
    const over = await quoteProblem('dee', product.id, 2);
    expect(over.stock_count).toBe(1);
    expect(over.problem).toBe(
      `Only 1 of "${product.name}" can be bought now: 2 more are held for customers on its waitlist`,
    );
    const refused = await order('dee', product.id, 2);
    expect(refused.error?.message).toBe(over.problem);
    expect((await quoteProblem('dee', product.id, 1)).problem).toBeNull();

    // ada buys her held unit and the free one.
    expect((await quoteProblem('ada', product.id, 2)).problem).toBeNull();
    const bought = await order('ada', product.id, 2);
    expect(bought.error).toBeNull();
    const [adaHold, benHold] = await holds(product.id);
    expect(adaHold).toMatchObject({ end_reason: 'ordered', order_id: (bought.data as { id: string }).id });
    expect(adaHold!.ended_at).not.toBeNull();
    expect(benHold).toMatchObject({ end_reason: null, ended_at: null });

    // One unit left, ben's: dee is refused it, with the message, by the quote and by the order.
    const held = await quoteProblem('dee', product.id, 1);
    expect(held.problem).toBe(
      `Every "${product.name}" in stock is held for customers on its waitlist. Please try again later`,
    );
    expect((await order('dee', product.id, 1)).error?.message).toBe(held.problem);
    const [stock] = await owner<{ stock_count: number }>(
      `select stock_count from public.products where id = $1`,
      [product.id],
    );
    expect(stock!.stock_count).toBe(1);
    expect((await order('ben', product.id, 1)).error).toBeNull();
    expect((await holds(product.id))[1]).toMatchObject({ end_reason: 'ordered' });
  });

  it('ends a hold at the clock the job is given and then serves the next subscriber', async () => {
    await declare();
    const { error } = await superAdmin
      .from('store_settings')
      .update({ waitlist_hold_hours: 0.5 })
      .eq('id', true);
    expect(error).toBeNull();
    const product = await soldOutProduct();
    await subscribe(product.id, 'ben', 'cy', 'ada');
    await restock(product.id, 1);
    const [first] = await holds(product.id);
    expect(first!.email).toBe(customer.ben.email);
    expect(seconds(first!.held_at, first!.expires_at)).toBe(1800);

    // Before the end: nothing changes.
    const early = new Date(Date.parse(first!.expires_at) - 60_000).toISOString();
    expect((await service.rpc('waitlist_expire_holds', { p_now: early })).data).toBe(0);
    expect((await holds(product.id)).map((hold) => hold.end_reason)).toEqual([null]);

    // At the end: ben's hold expires and cy, next in line, gets the unit from that clock on.
    const end = first!.expires_at;
    const served = await service.rpc('waitlist_expire_holds', { p_now: end });
    expect(served.error).toBeNull();
    expect(served.data).toBe(1);
    const [expired, second] = await holds(product.id);
    expect(expired).toMatchObject({ email: customer.ben.email, end_reason: 'expired' });
    expect(Date.parse(expired!.ended_at!)).toBe(Date.parse(end));
    expect(second).toMatchObject({ email: customer.cy.email, end_reason: null });
    expect(Date.parse(second!.held_at)).toBe(Date.parse(end));
    expect(seconds(second!.held_at, second!.expires_at)).toBe(1800);
    expect((await mails(product.id)).map((mail) => mail.recipient)).toEqual([
      customer.ben.email,
      customer.cy.email,
    ]);
    expect(await waiting('ada', product.id)).toBe(true);
    // ben's turn is over: the unit is cy's now.
    expect((await quoteProblem('ben', product.id, 1)).problem).toMatch(
      /is held for customers on its waitlist/,
    );
    expect((await quoteProblem('cy', product.id, 1)).problem).toBeNull();

    // Customers cannot run the job.
    const refused = await customer.dee.client.rpc('waitlist_expire_holds', {
      p_now: new Date(Date.now() + 10 * HOUR).toISOString(),
    });
    expect(refused.error).not.toBeNull();
    expect((await holds(product.id))[1]).toMatchObject({ end_reason: null });
  });

  it('lets customers join the line while every unit is held, not while one is free', async () => {
    await declare();
    const product = await soldOutProduct();
    await subscribe(product.id, 'ada');
    await restock(product.id, 1);
    const [first] = await holds(product.id);
    expect(first!.email).toBe(customer.ada.email);

    // In stock, but every unit is ada's: dee joins the line, and so may a visitor.
    await subscribe(product.id, 'dee');
    const visitor = await stack
      .anonClient()
      .rpc('waitlist_subscribe_email', { p_product_id: product.id, p_email: 'visitor.holds@example.com' });
    expect(visitor.error).toBeNull();

    // ada's hold runs out: dee is next.
    expect((await service.rpc('waitlist_expire_holds', { p_now: first!.expires_at })).data).toBe(1);
    expect((await holds(product.id)).map((hold) => [hold.email, hold.end_reason])).toEqual([
      [customer.ada.email, 'expired'],
      [customer.dee.email, null],
    ]);

    // A unit nobody holds: the product is in stock for signing up again.
    await restock(product.id, 2);
    const refused = await customer.ben.client.rpc('waitlist_subscribe', { p_product_id: product.id });
    expect(refused.error?.message).toBe('This product is in stock');
  });

  it('ending the emergency ends every hold and e-mails those still waiting for a product in stock', async () => {
    await declare();
    const product = await soldOutProduct();
    await subscribe(product.id, 'ada', 'ben');
    await restock(product.id, 1);
    expect((await mails(product.id)).map((mail) => mail.recipient)).toEqual([customer.ada.email]);
    expect((await quoteProblem('dee', product.id, 1)).problem).not.toBeNull();

    const ended = await superAdmin.rpc('admin_end_emergency');
    expect(ended.data).toBe(true);
    expect((await holds(product.id)).map((hold) => hold.end_reason)).toEqual(['emergency_ended']);
    const queued = await mails(product.id);
    expect(queued.map((mail) => [mail.recipient, mail.held_until])).toEqual([
      [customer.ada.email, queued[0]!.held_until],
      [customer.ben.email, null],
    ]);
    expect(queued[0]!.held_until).not.toBeNull();
    expect((await quoteProblem('dee', product.id, 1)).problem).toBeNull();
    expect((await order('dee', product.id, 1)).error).toBeNull();
  });
});

describe('the holds as the storefront reads them (waitlist_held_units, waitlist_my_hold)', () => {
  /** The product as the shop reads it (products and the list's product_listing), through one client. */
  async function shown(client: SupabaseClient, productId: string) {
    const rows = await Promise.all(
      (['products', 'product_listing'] as const).map(async (from) => {
        const { data, error } = await client
          .from(from)
          .select('stock_count, waitlist_held_units')
          .eq('id', productId)
          .single();
        expect(error).toBeNull();
        return data as { stock_count: number; waitlist_held_units: number };
      }),
    );
    expect(rows[1]).toEqual(rows[0]);
    return rows[0]!;
  }

  async function myHold(client: SupabaseClient, productId: string) {
    const { data, error } = await client.rpc('waitlist_my_hold', { p_product_id: productId });
    expect(error).toBeNull();
    return data as { quantity: number; expires_at: string }[];
  }

  it('counts the units held for others, so the shop shows what the checkout would sell', async () => {
    const product = await soldOutProduct();
    const anon = stack.anonClient();
    await restock(product.id, 2);
    expect(await shown(anon, product.id)).toEqual({ stock_count: 2, waitlist_held_units: 0 });
    await owner(`update public.products set stock_count = 0, in_stock = false where id = $1`, [product.id]);

    await declare();
    await subscribe(product.id, 'ada', 'ben');
    await restock(product.id, 3);
    // A visitor (the server-rendered page) sees 2 of 3 held; dee too, and the checkout agrees: 1 for her.
    expect(await shown(anon, product.id)).toEqual({ stock_count: 3, waitlist_held_units: 2 });
    expect(await shown(customer.dee.client, product.id)).toEqual({ stock_count: 3, waitlist_held_units: 2 });
    expect((await quoteProblem('dee', product.id, 2)).stock_count).toBe(1);
    // ada's own hold is not held from her: 2 for her, as her quote says; she is told until when.
    expect(await shown(customer.ada.client, product.id)).toEqual({ stock_count: 3, waitlist_held_units: 1 });
    expect((await quoteProblem('ada', product.id, 3)).stock_count).toBe(2);
    const [adaHold] = await holds(product.id);
    const mine = await myHold(customer.ada.client, product.id);
    expect(mine.map((row) => [row.quantity, Date.parse(row.expires_at)])).toEqual([
      [1, Date.parse(adaHold!.expires_at)],
    ]);
    expect(await myHold(customer.dee.client, product.id)).toEqual([]);
    // A visitor asks nothing of anyone's hold.
    expect((await anon.rpc('waitlist_my_hold', { p_product_id: product.id })).error).not.toBeNull();

    // Once ada has bought hers, only ben's unit is held.
    expect((await order('ada', product.id, 1)).error).toBeNull();
    expect(await shown(anon, product.id)).toEqual({ stock_count: 2, waitlist_held_units: 1 });
    expect(await myHold(customer.ada.client, product.id)).toEqual([]);

    // Stock taken away below the holds: never more held than there is.
    await owner(`update public.products set stock_count = 0 where id = $1`, [product.id]);
    expect(await shown(anon, product.id)).toEqual({ stock_count: 0, waitlist_held_units: 0 });
    await owner(`update public.products set stock_count = 2 where id = $1`, [product.id]);

    // The emergency ends: nothing is held.
    expect((await superAdmin.rpc('admin_end_emergency')).error).toBeNull();
    expect(await shown(anon, product.id)).toEqual({ stock_count: 2, waitlist_held_units: 0 });
  });
});

describe('the lists, their facets and the search agree with the checkout', () => {
  /** A fresh sold-out product renamed so that one search word finds it alone. */
  async function named(word: string, tail: string) {
    const product = await soldOutProduct();
    await owner(`update public.products set name = $2 where id = $1`, [product.id, `${word} ${tail}`]);
    return product.id;
  }

  async function page(client: SupabaseClient, query: string, stock: string | null) {
    const { data, error } = await client.rpc('search_products_page', {
      p_query: query,
      p_stock: stock,
      p_limit: 20,
    });
    expect(error).toBeNull();
    return (data as { id: string; stock_count: number; waitlist_held_units: number }[])
      .map((row) => [row.id, row.stock_count, row.waitlist_held_units])
      .sort();
  }

  async function facets(client: SupabaseClient, query: string | null) {
    const { data, error } = await client.rpc('product_facets', { p_query: query });
    expect(error).toBeNull();
    return (data as { total: number; stock: Record<string, number> }).stock;
  }

  it('takes the units held for others out of "in stock" for everyone but their holder', async () => {
    const word = `heldzq${Date.now().toString(36)}`;
    const lantern = await named(word, 'Lantern');
    const stove = await named(word, 'Stove');
    const anon = stack.anonClient();
    const before = await facets(anon, null);

    await declare();
    await subscribe(lantern, 'ada');
    await subscribe(stove, 'ben');
    await restock(lantern, 1);
    await restock(stove, 10);
    // Every lantern is ada's; one stove of ten is ben's (9 left: under the low-stock threshold of 10).
    const held = async (client: SupabaseClient) => {
      const { data, error } = await client.rpc('waitlist_held_products');
      expect(error).toBeNull();
      return (data as { product_id: string; available: number }[])
        .filter((row) => [lantern, stove].includes(row.product_id))
        .map((row) => [row.product_id, row.available])
        .sort();
    };
    expect(await held(anon)).toEqual(
      [
        [lantern, 0],
        [stove, 9],
      ].sort(),
    );
    expect(await held(customer.ada.client)).toEqual([[stove, 9]]);
    expect(await held(customer.ben.client)).toEqual([[lantern, 0]]);

    // The search page's availability filter, as a visitor (the server-rendered page) and dee see it.
    for (const client of [anon, customer.dee.client]) {
      expect(await page(client, word, 'in_stock')).toEqual([[stove, 10, 1]]);
      expect(await page(client, word, 'low_stock')).toEqual([[stove, 10, 1]]);
      expect(await page(client, word, 'out_of_stock')).toEqual([[lantern, 1, 1]]);
      expect(await facets(client, word)).toEqual({ in_stock: 1, low_stock: 1, out_of_stock: 1 });
    }
    // ada holds the lantern: in stock for her (and her quote agrees); the stove is low for her too.
    expect(await page(customer.ada.client, word, 'in_stock')).toEqual(
      [
        [lantern, 1, 0],
        [stove, 10, 1],
      ].sort(),
    );
    expect(await page(customer.ada.client, word, 'out_of_stock')).toEqual([]);
    expect(await facets(customer.ada.client, word)).toEqual({ in_stock: 2, low_stock: 2, out_of_stock: 0 });
    expect((await quoteProblem('ada', lantern, 1)).problem).toBeNull();
    expect((await quoteProblem('dee', lantern, 1)).problem).toMatch(/held for customers on its waitlist/);
    // ben's stove: all ten are his to buy, so not low stock for him.
    expect(await page(customer.ben.client, word, 'low_stock')).toEqual([]);
    expect(await facets(customer.ben.client, word)).toEqual({ in_stock: 1, low_stock: 0, out_of_stock: 1 });

    // The unfiltered list's counts (the rollup): the stove is back in stock, the lantern is not.
    const during = await facets(anon, null);
    expect(during.in_stock).toBe(before.in_stock! + 1);
    expect(during.out_of_stock).toBe(before.out_of_stock! - 1);
    expect(during.low_stock).toBe(before.low_stock! + 1);
    const ada = await facets(customer.ada.client, null);
    expect(ada.in_stock).toBe(before.in_stock! + 2);

    // The search overlay's rows carry the held units like the product page's read.
    const overlay = await anon.rpc('search_products', { p_query: word });
    expect(overlay.error).toBeNull();
    expect(
      (overlay.data as { id: string; waitlist_held_units: number }[])
        .map((row) => [row.id, row.waitlist_held_units])
        .sort(),
    ).toEqual(
      [
        [lantern, 1],
        [stove, 1],
      ].sort(),
    );

    // The availability conditions name the held products by id only while holds are open.
    const condition = async () =>
      (await owner<{ c: string }>(`select public.stock_condition('in_stock') as c`))[0]!.c;
    expect(await condition()).toMatch(/^\(p\.in_stock and p\.id <> all \('\{.+\}'::uuid\[\]\)\)$/);

    // The emergency ends: the plain figures again, and the plain condition (planned as before).
    expect((await superAdmin.rpc('admin_end_emergency')).error).toBeNull();
    expect(await condition()).toBe('p.in_stock');
    expect(await page(anon, word, 'in_stock')).toEqual(
      [
        [lantern, 1, 0],
        [stove, 10, 0],
      ].sort(),
    );
    expect(await facets(anon, word)).toEqual({ in_stock: 2, low_stock: 1, out_of_stock: 0 });
    expect(await held(anon)).toEqual([]);
  });
});

describe('the lists read through REST filter on the held units (waitlist_sold_out, waitlist_low_stock)', () => {
  /**
   * A list's availability filter as the shop builds it during an emergency (applyProductListPlan in
   * mf-catalog): filters of a fixed size, whatever the number of held products.
   */
  async function list(
    client: SupabaseClient,
    ids: string[],
    stock: 'in_stock' | 'low_stock' | 'out_of_stock',
  ) {
    let query = client.from('product_listing').select('id, stock_count, waitlist_held_units').in('id', ids);
    if (stock === 'out_of_stock') query = query.or('in_stock.eq.false,waitlist_sold_out.eq.true');
    else query = query.eq('in_stock', true).eq('waitlist_sold_out', false);
    if (stock === 'low_stock') query = query.or('stock_count.lte.9,waitlist_low_stock.eq.true');
    const { data, error } = await query.order('id');
    expect(error).toBeNull();
    return data!.map((row) => [row.id, row.stock_count, row.waitlist_held_units]);
  }

  it('takes the products whose units are held for others out of "in stock", as the search page does', async () => {
    const lantern = (await soldOutProduct()).id;
    const stove = (await soldOutProduct()).id;
    const ids = [lantern, stove].sort();
    const anon = stack.anonClient();
    await declare();
    await subscribe(lantern, 'ada');
    await subscribe(stove, 'ben');
    await restock(lantern, 1);
    await restock(stove, 10);
    // Every lantern is ada's; one stove of ten is ben's (9 left: under the low-stock threshold of 10).
    for (const client of [anon, customer.dee.client]) {
      expect(await list(client, ids, 'in_stock')).toEqual([[stove, 10, 1]]);
      expect(await list(client, ids, 'low_stock')).toEqual([[stove, 10, 1]]);
      expect(await list(client, ids, 'out_of_stock')).toEqual([[lantern, 1, 1]]);
    }
    // ada's own hold is hers to buy.
    expect(await list(customer.ada.client, ids, 'in_stock')).toEqual(
      [
        [lantern, 1, 0],
        [stove, 10, 1],
      ].sort(),
    );
    expect(await list(customer.ada.client, ids, 'out_of_stock')).toEqual([]);
    // ben's stove: all ten are his, so not low stock for him.
    expect(await list(customer.ben.client, ids, 'low_stock')).toEqual([]);

    // The emergency ends: nothing is held.
    expect((await superAdmin.rpc('admin_end_emergency')).error).toBeNull();
    expect(await list(anon, ids, 'in_stock')).toEqual(
      [
        [lantern, 1, 0],
        [stove, 10, 0],
      ].sort(),
    );
    expect(await list(anon, ids, 'low_stock')).toEqual([[lantern, 1, 0]]);
    expect(await list(anon, ids, 'out_of_stock')).toEqual([]);
  });
});

describe("the home page's featured products agree with the lists and the checkout", () => {
  /** The featured products as the home page asks for them (getFeaturedProducts in mf-catalog). */
  async function featured(client: SupabaseClient): Promise<string[]> {
    const { data, error } = await client
      .from('products')
      .select('id')
      .eq('in_stock', true)
      .eq('waitlist_sold_out', false)
      .order('rating', { ascending: false })
      .order('review_count', { ascending: false })
      .limit(6);
    expect(error).toBeNull();
    return data!.map((row) => row.id as string);
  }

  /** Holds `quantity` units of the product for ada, as a served subscription's hold. */
  async function holdFor(productId: string, quantity: number): Promise<void> {
    const [ada] = await owner<{ id: string }>(`select id from auth.users where email = $1`, [
      customer.ada.email,
    ]);
    await owner(
      `with sub as (
         insert into public.waitlist_subscriptions (product_id, user_id, email, token_hash, confirmed_at, notified_at)
         values ($1, $2, $3, sha256(convert_to(gen_random_uuid()::text, 'UTF8')), now(), now())
         returning id
       )
       insert into public.waitlist_holds (subscription_id, product_id, user_id, email, quantity, held_at, expires_at)
       select id, $1, $2, $3, $4, now(), now() + interval '2 hours' from sub`,
      [productId, ada!.id, customer.ada.email, quantity],
    );
  }

  it('leaves out a product whose every unit is held for others, and only that', async () => {
    const anon = stack.anonClient();
    const before = await featured(anon);
    expect(before).toHaveLength(6);
    const top = before[0]!;
    const [{ stock_count: stock } = { stock_count: 0 }] = await owner<{ stock_count: number }>(
      `select stock_count from public.products where id = $1`,
      [top],
    );
    await declare();

    // Some of its units held: it can still be bought, and stays featured.
    if (stock > 1) {
      await holdFor(top, stock - 1);
      expect(await featured(anon)).toContain(top);
      await owner(
        `update public.waitlist_holds set quantity = $2 where product_id = $1 and ended_at is null`,
        [top, stock],
      );
    } else await holdFor(top, 1);

    // Every unit held for ada: the checkout refuses it to anyone else, the lists' "in stock" leaves it
    // out, and so does the home page; the next best product takes its place.
    expect((await quoteProblem('dee', top, 1)).problem).toMatch(/held for customers on its waitlist/);
    const inStock = await anon
      .from('product_listing')
      .select('id')
      .eq('id', top)
      .eq('in_stock', true)
      .eq('waitlist_sold_out', false);
    expect(inStock).toMatchObject({ error: null, data: [] });
    const during = await featured(anon);
    expect(during).toHaveLength(6);
    expect(during).not.toContain(top);
    expect(during).toEqual(expect.arrayContaining(before.slice(1, 5)));
    expect(await featured(customer.dee.client)).not.toContain(top);
    // ada may buy it: featured for her.
    expect(await featured(customer.ada.client)).toContain(top);

    // The emergency ends, and with it the hold.
    expect((await superAdmin.rpc('admin_end_emergency')).error).toBeNull();
    expect(await featured(anon)).toContain(top);
    // Later tests may take this product: it keeps no hold nor subscription of this test's.
    await owner(`delete from public.waitlist_holds where product_id = $1`, [top]);
    await owner(`delete from public.waitlist_subscriptions where product_id = $1 and email = $2`, [
      top,
      customer.ada.email,
    ]);
  });
});

describe("a holding e-mail's link claims the hold (waitlist_claim_hold)", () => {
  /** The token of the product's back-in-stock e-mail to the address, as its link carries it. */
  async function heldToken(productId: string, email: string): Promise<string> {
    const [row] = await owner<{ token: string }>(
      `select m.payload ->> 'token' as token from public.outbox_messages m
       where m.kind = 'waitlist_back_in_stock' and m.payload ->> 'product_id' = $1 and m.recipient = $2`,
      [productId, email],
    );
    return row!.token;
  }

  it("lets the e-mail's reader buy the held unit under any account or as a guest, nobody else", async () => {
    await declare();
    const product = await soldOutProduct();
    // A visitor signs up with an address only and confirms it from the e-mail.
    const visitor = `visitor.claim.${Date.now()}@example.com`;
    const anon = stack.anonClient();
    expect(
      (await anon.rpc('waitlist_subscribe_email', { p_product_id: product.id, p_email: visitor })).error,
    ).toBeNull();
    const [confirmation] = await owner<{ token: string }>(
      `select payload ->> 'token' as token from public.outbox_messages
       where kind = 'waitlist_confirmation' and recipient = $1`,
      [visitor],
    );
    expect((await anon.rpc('waitlist_confirm', { p_token: confirmation!.token })).error).toBeNull();
    await restock(product.id, 1);
    expect((await holds(product.id)).map((hold) => hold.email)).toEqual([visitor]);
    const token = await heldToken(product.id, visitor);

    // A guest (anonymous sign-in) has no address: the unit is not theirs until they claim it.
    const [guestUser] = await owner<{ id: string }>(
      `insert into auth.users (id, aud, role, is_anonymous) values (gen_random_uuid(), 'authenticated', 'authenticated', true) returning id`,
    );
    const guest = await stack.clientForUser(guestUser!.id, { is_anonymous: true });
    const quote = async (client: SupabaseClient) => {
      const { data, error } = await client.rpc('checkout_quote', {
        p_lines: [{ product_id: product.id, quantity: 1 }],
      });
      expect(error).toBeNull();
      return (data as { lines: { problem: string | null }[] }).lines[0]!.problem;
    };
    expect(await quote(guest)).toMatch(/held for customers on its waitlist/);

    // Not signed in, a wrong or malformed token: nothing claimed.
    const visitorClaim = await anon.rpc('waitlist_claim_hold', { p_token: token });
    expect(visitorClaim.error?.code).toBe('42501');
    const wrong = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    expect((await guest.rpc('waitlist_claim_hold', { p_token: wrong })).data).toBe(false);
    expect((await guest.rpc('waitlist_claim_hold', { p_token: 'not a token' })).data).toBe(false);
    expect(await quote(guest)).toMatch(/held for customers on its waitlist/);

    // The link's token: the guest claims it, sees it as theirs and may buy it; dee still may not.
    const claimed = await guest.rpc('waitlist_claim_hold', { p_token: token });
    expect(claimed.error).toBeNull();
    expect(claimed.data).toBe(true);
    expect(await quote(guest)).toBeNull();
    const mine = await guest.rpc('waitlist_my_hold', { p_product_id: product.id });
    expect((mine.data as { quantity: number }[]).map((row) => row.quantity)).toEqual([1]);
    expect((await quoteProblem('dee', product.id, 1)).problem).toMatch(/held for customers on its waitlist/);

    // The reader moves it to their account (another address): theirs now, not the guest's any more.
    expect((await customer.dee.client.rpc('waitlist_claim_hold', { p_token: token })).data).toBe(true);
    expect(await quote(guest)).toMatch(/held for customers on its waitlist/);
    expect((await quoteProblem('dee', product.id, 1)).problem).toBeNull();
    const bought = await order('dee', product.id, 1);
    expect(bought.error).toBeNull();
    expect((await holds(product.id))[0]).toMatchObject({ end_reason: 'ordered' });
    // A hold that has ended is claimed by no one.
    expect((await guest.rpc('waitlist_claim_hold', { p_token: token })).data).toBe(false);
  });

  it('claims no hold that has run out', async () => {
    await declare();
    const product = await soldOutProduct();
    await subscribe(product.id, 'ada');
    await restock(product.id, 1);
    const token = await heldToken(product.id, customer.ada.email);
    await owner(
      `update public.waitlist_holds set held_at = now() - interval '3 hours', expires_at = now() - interval '1 minute'
       where product_id = $1`,
      [product.id],
    );
    expect((await customer.dee.client.rpc('waitlist_claim_hold', { p_token: token })).data).toBe(false);
    const [hold] = await owner<{ email: string; ada: boolean }>(
      `select h.email, (h.user_id = u.id) as ada from public.waitlist_holds h
       join auth.users u on u.email = h.email where h.product_id = $1`,
      [product.id],
    );
    expect(hold).toMatchObject({ email: customer.ada.email, ada: true });
  });
});

describe('the hold time setting', () => {
  it('takes 0.25 to 48 hours with at most two decimals, default 2, and refuses the rest (23514)', async () => {
    const read = async () =>
      (await owner<{ h: string }>(`select waitlist_hold_hours::text as h from public.store_settings`))[0]!.h;
    expect(await read()).toBe('2');
    for (const good of [0.25, 48, 1.5]) {
      const { error } = await superAdmin
        .from('store_settings')
        .update({ waitlist_hold_hours: good })
        .eq('id', true);
      expect(error).toBeNull();
      expect(Number(await read())).toBe(good);
    }
    for (const bad of [0.24, 48.01, 1.234, 0]) {
      const { error } = await superAdmin
        .from('store_settings')
        .update({ waitlist_hold_hours: bad })
        .eq('id', true);
      expect(error?.code).toBe('23514');
      expect(Number(await read())).toBe(1.5);
    }
  });
});

describe('the waitlist outside an emergency', () => {
  it('e-mails every subscriber when the product is back, and holds nothing', async () => {
    const product = await soldOutProduct();
    await subscribe(product.id, 'ada', 'ben', 'cy');
    await restock(product.id, 1);
    const queued = await mails(product.id);
    expect(queued.map((mail) => [mail.recipient, mail.held_until])).toEqual([
      [customer.ada.email, null],
      [customer.ben.email, null],
      [customer.cy.email, null],
    ]);
    expect(await holds(product.id)).toEqual([]);
    expect((await quoteProblem('dee', product.id, 1)).problem).toBeNull();
    expect(
      (await service.rpc('waitlist_expire_holds', { p_now: new Date(Date.now() + 10 * HOUR).toISOString() }))
        .data,
    ).toBe(0);
  });
});
