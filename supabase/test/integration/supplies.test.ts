// My Supplies and rotation reminders: a customer's dated supplies come from the lots their orders
// shipped, only their own; the reminder job (scheduled_jobs_run with the test's clock) writes one digest
// e-mail per customer, once per item and window, never with reminders off, for marked items or after the
// account is deleted; and the digest's "Reorder these" link rebuilds the cart from what is in stock, and
// the order placed from it remembers the reminder. Runs on PGlite and, with STACK_TEST_DATABASE_URL, on
// PostgreSQL.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReorderQuery, reorderLines } from '../../../shared/src/domain/supplies.ts';
import { renderMail } from '../../functions/_shared/email-templates.ts';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let service: SupabaseClient;
let ordersAdmin: SupabaseClient;
let categoryId = '';
let serial = 0;

const DAY = 86_400_000;
const today = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');

/** 'YYYY-MM-DD' `days` after today (UTC). */
const day = (days: number) => new Date(today.getTime() + days * DAY).toISOString().slice(0, 10);
/** Noon UTC `days` after today: the job's clock. */
const at = (days: number) => new Date(today.getTime() + days * DAY + 12 * 3_600_000).toISOString();

const address = {
  full_name: 'Robin Vale',
  line1: '8 Larder Row',
  line2: '',
  city: 'Boulder',
  region: 'CO',
  postal_code: '80302',
  country: 'United States',
  phone: '+1 303 555 0188',
};

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

interface Customer {
  id: string;
  email: string;
  password: string;
  client: SupabaseClient;
}

async function newCustomer(): Promise<Customer> {
  serial += 1;
  const email = `supplies.${serial}.${Date.now()}@example.com`;
  const password = `supplies-pass-${serial}`;
  const created = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { first_name: 'Robin', last_name: 'Vale' },
  });
  if (created.error) throw created.error;
  return { id: created.data.user.id, email, password, client: await stack.signedInClient(email, password) };
}

/** A product whose only lot has best-before `days` from today. */
async function food(days: number, quantity = 20): Promise<{ id: string; name: string; lot: string }> {
  serial += 1;
  const name = `Rotation Ration ${serial}`;
  const [row] = await owner<{ id: string }>(
    `insert into public.products (name, description, price, category_id, image_url, stock_count, in_stock)
     values ($1, 'for supplies.test.ts', 12.5, $2, 'x.svg', 0, false) returning id`,
    [name, categoryId],
  );
  const lot = `RR-${serial}`;
  await owner(
    `insert into public.product_lots (product_id, lot_code, quantity, best_before) values ($1, $2, $3, $4)`,
    [row!.id, lot, quantity, day(days)],
  );
  return { id: row!.id, name, lot };
}

async function order(client: SupabaseClient, lines: { product_id: string; quantity: number }[]) {
  const { data, error } = await client.rpc('place_order', {
    p_lines: lines,
    p_shipping_address: address,
    p_payment_method: 'bank_transfer',
  });
  expect(error).toBeNull();
  // Paid, so the job's clock months ahead does not expire it as unpaid (orders_expire_unpaid).
  await owner(`update public.orders set payment_status = 'paid' where id = $1`, [
    (data as { id: string }).id,
  ]);
  return data as { id: string };
}

async function runJobs(days: number): Promise<number> {
  const { data, error } = await service.rpc('scheduled_jobs_run', { p_now: at(days) });
  expect(error).toBeNull();
  return (data as { supply_reminder_emails: number }).supply_reminder_emails;
}

interface ReminderPayload {
  digest_id: string;
  window_days: number;
  first_name: string | null;
  items: {
    product_id: string;
    product_name: string;
    quantity: number;
    lot_code: string;
    best_before: string;
    days_left: number;
  }[];
}

/** The reminder e-mails written to `email`, oldest first. */
async function reminders(email: string): Promise<ReminderPayload[]> {
  return (
    await owner<{ payload: ReminderPayload }>(
      `select payload from public.outbox_messages where kind = 'supply_reminder' and recipient = $1
       order by created_at, id`,
      [email],
    )
  ).map((row) => row.payload);
}

const names = (payload: ReminderPayload | undefined) => payload?.items.map((item) => item.product_name) ?? [];

beforeAll(async () => {
  stack = await startTestStack();
  service = stack.serviceClient();
  ordersAdmin = await stack.signedInClient(accounts.ordersAdmin.email, accounts.ordersAdmin.password);
  categoryId = (
    await owner<{ id: string }>(`select id from public.categories where slug = 'food-storage'`)
  )[0]!.id;
});

afterAll(async () => {
  await stack?.stop();
});

describe('My Supplies', () => {
  it('lists the dated lots of the customer’s own orders, earliest best-before first, and nobody else’s', async () => {
    const robin = await newCustomer();
    const other = await newCustomer();
    const soon = await food(120);
    const later = await food(400);
    const undated = (
      await owner<{ id: string }>(
        `insert into public.products (name, description, price, category_id, image_url, stock_count, in_stock)
         values ('Crank Radio For Supplies', 'no best-before', 30, $1, 'x.svg', 5, true) returning id`,
        [categoryId],
      )
    )[0]!.id;
    await order(robin.client, [
      { product_id: later.id, quantity: 3 },
      { product_id: soon.id, quantity: 2 },
      { product_id: undated, quantity: 1 },
    ]);
    const cancelled = await order(robin.client, [{ product_id: soon.id, quantity: 1 }]);
    expect((await robin.client.rpc('cancel_order', { p_order_id: cancelled.id })).error).toBeNull();
    await order(other.client, [{ product_id: later.id, quantity: 5 }]);

    const { data, error } = await robin.client.rpc('my_supplies');
    expect(error).toBeNull();
    expect(
      (
        data as {
          product_name: string;
          quantity: number;
          lot_code: string;
          best_before: string;
          state: null;
        }[]
      ).map((row) => [row.product_name, row.quantity, row.lot_code, row.best_before, row.state]),
    ).toEqual([
      [soon.name, 2, soon.lot, day(120), null],
      [later.name, 3, later.lot, day(400), null],
    ]);

    const theirs = await other.client.rpc('my_supplies');
    expect((theirs.data as { quantity: number }[]).map((row) => row.quantity)).toEqual([5]);
    const anon = await stack.anonClient().rpc('my_supplies');
    expect(anon.error).not.toBeNull();

    // Marks: only on one's own items; null clears.
    const robinsItem = (data as { item_id: string }[])[0]!.item_id;
    const foreign = await other.client.rpc('set_my_supply_state', {
      p_item_id: robinsItem,
      p_state: 'used_up',
    });
    expect(foreign.error?.message).toBe('This item is not among your supplies');
    const bad = await robin.client.rpc('set_my_supply_state', { p_item_id: robinsItem, p_state: 'eaten' });
    expect(bad.error?.message).toBe('Mark an item used up or given away');
    expect(
      (await robin.client.rpc('set_my_supply_state', { p_item_id: robinsItem, p_state: 'given_away' })).error,
    ).toBeNull();
    const marked = await robin.client.rpc('my_supplies');
    expect((marked.data as { item_id: string; state: string | null }[])[0]).toMatchObject({
      item_id: robinsItem,
      state: 'given_away',
    });
    expect(
      (await robin.client.rpc('set_my_supply_state', { p_item_id: robinsItem, p_state: null })).error,
    ).toBeNull();
    const cleared = await robin.client.rpc('my_supplies');
    expect((cleared.data as { state: string | null }[])[0]!.state).toBeNull();
  });
});

describe('reminder e-mails, with the test’s clock', () => {
  it('writes one digest per customer, once per item and window, and again at a new window', async () => {
    const robin = await newCustomer();
    const a = await food(200);
    const b = await food(230);
    const c = await food(210);
    await order(robin.client, [
      { product_id: a.id, quantity: 2 },
      { product_id: b.id, quantity: 1 },
      { product_id: c.id, quantity: 1 },
    ]);
    // The default window is 60 days: 61 days before a's best-before nothing is due.
    await runJobs(139);
    expect(await reminders(robin.email)).toEqual([]);
    // 60 days before: a, in one e-mail.
    expect(await runJobs(140)).toBeGreaterThanOrEqual(1);
    let sent = await reminders(robin.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ window_days: 60, first_name: 'Robin' });
    expect(sent[0]!.items).toEqual([
      {
        product_id: a.id,
        product_name: a.name,
        product_slug: expect.stringMatching(/^rotation-ration-/),
        quantity: 2,
        lot_code: a.lot,
        best_before: day(200),
        days_left: 60,
      },
    ]);
    // The same day again, and the next: nothing new.
    await runJobs(140);
    await runJobs(141);
    expect(await reminders(robin.email)).toHaveLength(1);
    // c comes within 60 days, b later: one digest each time, without a again.
    await runJobs(165);
    sent = await reminders(robin.email);
    expect(names(sent[1])).toEqual([c.name]);
    // b and nothing else 12 days on, though the job missed days.
    await runJobs(177);
    sent = await reminders(robin.email);
    expect(sent).toHaveLength(3);
    expect(names(sent[2])).toEqual([b.name]);

    // A shorter window reminds again, once, when it is reached.
    expect((await robin.client.rpc('set_supply_reminder_window', { p_days: 30 })).data).toBe(30);
    await runJobs(169);
    expect(await reminders(robin.email)).toHaveLength(3);
    await runJobs(172);
    await runJobs(172);
    sent = await reminders(robin.email);
    expect(sent).toHaveLength(4);
    expect(sent[3]).toMatchObject({ window_days: 30 });
    expect(names(sent[3])).toEqual([a.name]);

    // b marked used up: never again; c (30 days before it) still comes.
    const supplies = (await robin.client.rpc('my_supplies')).data as {
      item_id: string;
      product_name: string;
    }[];
    const bItem = supplies.find((row) => row.product_name === b.name)!.item_id;
    expect(
      (await robin.client.rpc('set_my_supply_state', { p_item_id: bItem, p_state: 'used_up' })).error,
    ).toBeNull();
    await runJobs(200);
    sent = await reminders(robin.email);
    expect(sent).toHaveLength(5);
    expect(names(sent[4])).toEqual([c.name]);
    // Past their best-before nothing is announced any more.
    await runJobs(240);
    expect(await reminders(robin.email)).toHaveLength(5);

    // The e-mails' items are recorded per item and window.
    const recorded = await owner<{ window_days: number; n: number }>(
      `select r.window_days, count(*)::int as n from public.supply_reminders r
       join public.supply_reminder_digests d on d.id = r.digest_id where d.user_id = $1
       group by r.window_days order by r.window_days`,
      [robin.id],
    );
    expect(recorded).toEqual([
      { window_days: 30, n: 2 },
      { window_days: 60, n: 3 },
    ]);
  });

  it('sends nothing with reminders off, and nothing once the account is deleted', async () => {
    const off = await newCustomer();
    const leaving = await newCustomer();
    const item = await food(300);
    await order(off.client, [{ product_id: item.id, quantity: 1 }]);
    await order(leaving.client, [{ product_id: item.id, quantity: 1 }]);
    expect((await off.client.rpc('set_supply_reminder_window', { p_days: 0 })).error).toBeNull();
    const refused = await off.client.rpc('set_supply_reminder_window', { p_days: 45 });
    expect(refused.error?.message).toBe('Choose 30, 60 or 90 days, or off');
    const { data: setting } = await off.client.from('supply_reminder_settings').select('window_days');
    expect(setting).toEqual([{ window_days: 0 }]);
    expect(
      (await leaving.client.rpc('delete_my_account', { p_password: leaving.password })).error,
    ).toBeNull();
    await runJobs(250);
    await runJobs(280);
    expect(await reminders(off.email)).toEqual([]);
    expect(await reminders(leaving.email)).toEqual([]);
    // Turned on again, the off customer gets theirs.
    expect((await off.client.rpc('set_supply_reminder_window', { p_days: 90 })).error).toBeNull();
    await runJobs(280);
    expect(names((await reminders(off.email))[0])).toEqual([item.name]);
  });

  it('concurrent runs write one e-mail', async () => {
    const robin = await newCustomer();
    const item = await food(320);
    await order(robin.client, [{ product_id: item.id, quantity: 1 }]);
    await Promise.all([runJobs(265), runJobs(265), runJobs(266)]);
    expect(await reminders(robin.email)).toHaveLength(1);
  });
});

describe('the reorder link', () => {
  it('rebuilds the cart from the products in stock, and the order remembers the reminder', async () => {
    const robin = await newCustomer();
    const kept = await food(500);
    const soldOut = await food(505);
    await order(robin.client, [
      { product_id: kept.id, quantity: 4 },
      { product_id: soldOut.id, quantity: 1 },
    ]);
    await runJobs(450);
    const [payload] = await reminders(robin.email);
    expect(names(payload)).toEqual([kept.name, soldOut.name]);
    // Meanwhile the second product sold out.
    await owner(`update public.product_lots set quantity = 0 where product_id = $1`, [soldOut.id]);

    const mail = renderMail(
      'supply_reminder',
      payload as unknown as Record<string, unknown>,
      'https://shop.example',
    );
    const link = new URL(mail.links[0]!);
    expect(link.pathname).toBe('/checkout/reorder');
    const { productIds, reminder } = parseReorderQuery(link.search);
    expect(productIds).toEqual([kept.id, soldOut.id]);
    expect(reminder).toBe(payload!.digest_id);

    // What the cart remote's reorder page does: read the products, keep those in stock.
    const { data: products, error } = await robin.client
      .from('products')
      .select('id, name, in_stock, stock_count')
      .in('id', productIds);
    expect(error).toBeNull();
    const { add, unavailable } = reorderLines(
      productIds,
      (products ?? []).map((row) => ({
        id: row.id as string,
        name: row.name as string,
        inStock: row.in_stock as boolean,
        stockCount: row.stock_count as number,
      })),
    );
    expect(add.map((product) => product.id)).toEqual([kept.id]);
    expect(unavailable).toEqual([{ id: soldOut.id, name: soldOut.name }]);

    const before = (await ordersAdmin.rpc('admin_supply_reminder_stats')).data as {
      emails: number;
      reorders: number;
    }[];
    const placed = await order(
      robin.client,
      add.map((product) => ({ product_id: product.id, quantity: 1 })),
    );
    expect(
      (await robin.client.rpc('order_from_reminder', { p_order_id: placed.id, p_digest_id: reminder })).data,
    ).toBe(true);
    // Once per order; nobody else's order or reminder.
    expect(
      (await robin.client.rpc('order_from_reminder', { p_order_id: placed.id, p_digest_id: reminder })).data,
    ).toBe(false);
    const other = await newCustomer();
    const theirs = await order(other.client, [{ product_id: kept.id, quantity: 1 }]);
    expect(
      (await other.client.rpc('order_from_reminder', { p_order_id: theirs.id, p_digest_id: reminder })).data,
    ).toBe(false);
    expect(
      (
        await owner(`select order_id from public.supply_reminder_orders where digest_id = $1`, [reminder])
      ).map((row) => row.order_id),
    ).toEqual([placed.id]);

    const after = (await ordersAdmin.rpc('admin_supply_reminder_stats')).data as {
      emails: number;
      reorders: number;
    }[];
    expect(Number(after[0]!.reorders)).toBe(Number(before[0]!.reorders) + 1);
    expect(Number(after[0]!.emails)).toBeGreaterThanOrEqual(1);
    const customerStats = await robin.client.rpc('admin_supply_reminder_stats');
    expect(customerStats.error?.code).toBe('42501');
  });
});
