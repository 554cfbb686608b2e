// Guests and the address book, through supabase-js against a fresh seeded stack (both engines):
// a guest is an anonymous sign-in that may check out (with an e-mail for the order), reads its own
// orders and nothing an account keeps (addresses, wishlist, reviews, one-click waitlist); becoming a full
// account (updateUser with e-mail and password, confirmed as config.toml says) keeps its orders; an
// order's lookup link (order_lookup) shows that one order to whoever holds it. The address book:
// owner-only rows, one default per customer whatever the order or concurrency of writes, the checkout's
// field rules, a cap of 20, staff with `customers` read.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStackConfig } from '../../stack/config.ts';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let productId = '';

const address = {
  full_name: 'Robin Guest',
  line1: '12 Harbour Road',
  line2: '',
  city: 'Portland',
  region: 'ME',
  postal_code: '04101',
  country: 'United States',
  phone: '+1 207 555 0100',
};

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

async function guest(): Promise<{ client: SupabaseClient; id: string }> {
  const client = stack.anonClient();
  const { data, error } = await client.auth.signInAnonymously();
  if (error || !data.user) throw new Error(`anonymous sign-in failed: ${error?.message}`);
  return { client, id: data.user.id };
}

function placeOrder(client: SupabaseClient, email?: string) {
  return client.rpc('place_order', {
    p_lines: [{ product_id: productId, quantity: 1 }],
    p_shipping_address: address,
    p_shipping_method: 'standard',
    p_payment_method: 'bank_transfer',
    p_idempotency_key: crypto.randomUUID(),
    ...(email === undefined ? {} : { p_email: email }),
  });
}

beforeAll(async () => {
  stack = await startTestStack();
  productId = (
    await owner<{ id: string }>(
      `select id from public.products where in_stock and stock_count > 50 and purchase_limit is null
       and not exists (select 1 from public.product_lots l where l.product_id = products.id)
       order by name limit 1`,
    )
  )[0]!.id;
});

afterAll(async () => {
  await stack?.stop();
});

describe('guests (anonymous sign-ins)', () => {
  it('check out with an e-mail for the order, and read only their own orders', async () => {
    const { client, id } = await guest();
    const missing = await placeOrder(client);
    expect(missing.error?.code).toBe('P0001');
    expect(missing.error?.message).toBe('Please enter a valid e-mail address');
    const bad = await placeOrder(client, 'Robin <robin@example.com>');
    expect(bad.error?.message).toBe('Please enter a valid e-mail address');
    expect(await owner(`select 1 from public.orders where user_id = $1`, [id])).toHaveLength(0);

    const placed = await placeOrder(client, '  Robin.Guest@Example.com ');
    expect(placed.error).toBeNull();
    const order = placed.data as { id: string; email: string; user_id: string; lookup_token: string };
    expect(order.email).toBe('robin.guest@example.com');
    expect(order.user_id).toBe(id);
    expect(order.lookup_token).toMatch(/^[0-9a-f]{64}$/);

    const mine = await client.from('orders').select('id, email');
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([{ id: order.id, email: 'robin.guest@example.com' }]);
    const lines = await client.from('order_items').select('order_id');
    expect(lines.data?.every((line) => line.order_id === order.id)).toBe(true);
    expect(lines.data).toHaveLength(1);
  });

  it("get the order e-mails at the address they gave, with the order's lookup link", async () => {
    const { client } = await guest();
    const placed = await placeOrder(client, 'robin.mail@example.com');
    expect(placed.error).toBeNull();
    const order = placed.data as { id: string; lookup_token: string };
    const mails = await owner<{ kind: string; recipient: string; token: string | null; guest: boolean }>(
      `select m.kind, m.recipient, m.payload ->> 'lookup_token' as token, (m.payload ->> 'guest')::boolean as guest
       from public.outbox_messages m join public.order_events e on e.id = m.order_event_id
       where e.order_id = $1`,
      [order.id],
    );
    expect(mails).toEqual([
      { kind: 'order_placed', recipient: 'robin.mail@example.com', token: order.lookup_token, guest: true },
    ]);

    // An account's order e-mail links to its order page instead: no lookup token in it.
    const demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
    const own = await placeOrder(demo);
    expect(own.error).toBeNull();
    const ownMails = await owner<{ recipient: string; token: string | null }>(
      `select m.recipient, m.payload ->> 'lookup_token' as token
       from public.outbox_messages m join public.order_events e on e.id = m.order_event_id
       where e.order_id = $1`,
      [(own.data as { id: string }).id],
    );
    expect(ownMails).toEqual([{ recipient: accounts.demo.email, token: null }]);
  });

  it('a full account ignores p_email: its orders go to the account address', async () => {
    const demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
    const placed = await placeOrder(demo, 'somebody.else@example.com');
    expect(placed.error).toBeNull();
    expect((placed.data as { email: string }).email).toBe(accounts.demo.email);
  });

  it('get none of what an account keeps: addresses, wishlist, reviews, one-click waitlist', async () => {
    const { client, id } = await guest();
    const insert = await client
      .from('customer_addresses')
      .insert({ ...address, user_id: id })
      .select('id');
    expect(insert.error?.code).toBe('42501');
    expect((await client.from('customer_addresses').select('id')).data).toEqual([]);

    const wish = await client.from('wishlist_items').insert({ product_id: productId }).select('id');
    expect(wish.error?.code).toBe('42501');
    const merged = await client.rpc('merge_wishlist', { p_product_ids: [productId] });
    expect(merged.error?.code).toBe('42501');
    expect(await owner(`select 1 from public.wishlist_items where user_id = $1`, [id])).toHaveLength(0);

    const review = await client.rpc('create_review', {
      p_product_id: productId,
      p_rating: 5,
      p_title: 'Guest review',
      p_body: 'A guest should not be able to write this review.',
    });
    expect(review.error?.message).toBe('Please create an account to write a review');
    expect(await owner(`select 1 from public.reviews where author_id = $1`, [id])).toHaveLength(0);

    const soldOut = (
      await owner<{ id: string }>(`select id from public.products where not in_stock order by name limit 1`)
    )[0];
    const waitlist = await client.rpc('waitlist_subscribe', { p_product_id: soldOut?.id ?? productId });
    expect(waitlist.error?.message).toBe('Please create an account, or use the form for any address');
    expect(await owner(`select 1 from public.waitlist_subscriptions where user_id = $1`, [id])).toHaveLength(
      0,
    );

    expect((await client.rpc('auth_is_anonymous')).data).toBe(true);
    const demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
    expect((await demo.rpc('auth_is_anonymous')).data).toBe(false);
    expect((await stack.anonClient().rpc('auth_is_anonymous')).data).toBe(false);
  });

  it('become a full account with e-mail and password and keep their orders', async () => {
    const { client, id } = await guest();
    const placed = await placeOrder(client, 'convert.me@example.com');
    expect(placed.error).toBeNull();
    const orderId = (placed.data as { id: string }).id;

    const email = 'convert.me@example.com';
    const updated = await client.auth.updateUser(
      { email, password: 'convert1234' },
      { emailRedirectTo: 'http://localhost:3000/account/orders' },
    );
    expect(updated.error).toBeNull();
    const confirmations = loadStackConfig().auth.email as { enable_confirmations?: boolean } | undefined;
    if (confirmations?.enable_confirmations) {
      // Confirmations on: nothing changes until the link in the mailbox is followed.
      expect(updated.data.user?.is_anonymous).toBe(true);
      const mails = (await (
        await fetch(`${stack.url}/mailbox/messages?to=${encodeURIComponent(email)}`, {
          headers: { apikey: stack.serviceRoleKey },
        })
      ).json()) as { subject: string; links: string[] }[];
      expect(mails[0]?.subject).toBe('Confirm Email Change');
      const res = await fetch(mails[0]!.links[0]!, { redirect: 'manual' });
      expect(res.status).toBe(303);
    } else {
      // Confirmations off: GoTrue links the address at once, as a sign-up would.
      expect(updated.data.user?.is_anonymous).toBe(false);
    }
    const full = await stack.signedInClient(email, 'convert1234');
    const user = (await full.auth.getUser()).data.user;
    expect(user?.id).toBe(id);
    expect(user?.is_anonymous).toBe(false);
    const orders = await full.from('orders').select('id');
    expect(orders.data).toEqual([{ id: orderId }]);
    // A full account now: the address book opens.
    const saved = await full.from('customer_addresses').insert(address).select('is_default');
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual([{ is_default: true }]);
  });
});

describe('order_lookup: the link in an order e-mail', () => {
  it('shows that one order to whoever holds the link, and nothing for any other token', async () => {
    const { client } = await guest();
    const placed = await placeOrder(client, 'lookup@example.com');
    const order = placed.data as { id: string; order_number: string; lookup_token: string };

    const visitor = stack.anonClient();
    const found = await visitor.rpc('order_lookup', { p_token: order.lookup_token });
    expect(found.error).toBeNull();
    const row = found.data as Record<string, unknown> & { order_items: unknown[] };
    expect(row.order_number).toBe(order.order_number);
    expect(row.email).toBe('lookup@example.com');
    expect(row.user_id).toBeNull();
    expect(row).not.toHaveProperty('lookup_token');
    expect(row).not.toHaveProperty('idempotency_key');
    expect(row.order_items).toHaveLength(1);
    expect(row.order_events).toEqual([
      expect.objectContaining({ kind: 'placed', actor_id: null, actor_email: null }),
    ]);

    const other = order.lookup_token.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    for (const token of [other, order.lookup_token.toUpperCase(), '', `${order.lookup_token}%`, order.id]) {
      const miss = await visitor.rpc('order_lookup', { p_token: token });
      expect(miss.error).toBeNull();
      expect(miss.data).toBeNull();
    }
  });

  it('every order has its own token, older orders included', async () => {
    const rows = await owner<{ n: number; distinct_tokens: number; well_formed: number }>(
      `select count(*)::int as n, count(distinct lookup_token)::int as distinct_tokens,
         count(*) filter (where lookup_token ~ '^[0-9a-f]{64}$')::int as well_formed
       from public.orders`,
    );
    expect(rows[0]!.n).toBeGreaterThan(80);
    expect(rows[0]!.distinct_tokens).toBe(rows[0]!.n);
    expect(rows[0]!.well_formed).toBe(rows[0]!.n);
  });
});

describe('the address book (customer_addresses)', () => {
  let customer: SupabaseClient;

  beforeAll(async () => {
    customer = await stack.signedInClient(accounts.customer.email, accounts.customer.password);
  });

  async function defaults(userId: string): Promise<string[]> {
    return (
      await owner<{ id: string }>(
        `select id from public.customer_addresses where user_id = $1 and is_default order by id`,
        [userId],
      )
    ).map((row) => row.id);
  }

  it('keeps one default: the first address, then the one marked, then the newest after a delete', async () => {
    const first = await customer
      .from('customer_addresses')
      .insert({ ...address, full_name: '  First Home  ' })
      .select('id, is_default, full_name, user_id')
      .single();
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      is_default: true,
      full_name: 'First Home',
      user_id: accounts.customer.userId,
    });
    const second = await customer
      .from('customer_addresses')
      .insert({ ...address, full_name: 'Second' })
      .select('id, is_default')
      .single();
    expect(second.data?.is_default).toBe(false);
    const third = await customer
      .from('customer_addresses')
      .insert({ ...address, full_name: 'Third', is_default: true })
      .select('id, is_default')
      .single();
    expect(third.data?.is_default).toBe(true);
    expect(await defaults(accounts.customer.userId)).toEqual([third.data!.id]);

    const marked = await customer
      .from('customer_addresses')
      .update({ is_default: true })
      .eq('id', second.data!.id)
      .select('id');
    expect(marked.error).toBeNull();
    expect(await defaults(accounts.customer.userId)).toEqual([second.data!.id]);

    await customer.from('customer_addresses').delete().eq('id', second.data!.id);
    expect(await defaults(accounts.customer.userId)).toEqual([third.data!.id]);
    await customer.from('customer_addresses').delete().in('id', [first.data!.id, third.data!.id]);
    expect(await defaults(accounts.customer.userId)).toEqual([]);
  });

  it('refuses what checkout refuses, saying why, and keeps the rows it had', async () => {
    const blank = await customer.from('customer_addresses').insert({ ...address, city: '   ' });
    expect(blank.error?.code).toBe('P0001');
    expect(blank.error?.message).toBe('Please complete the address');
    const long = await customer.from('customer_addresses').insert({ ...address, line2: 'x'.repeat(201) });
    expect(long.error?.message).toBe('Each address field can hold at most 200 characters');
    const missing = await customer.from('customer_addresses').insert({ full_name: 'Only a name' });
    expect(missing.error).not.toBeNull();
    expect(
      await owner(`select 1 from public.customer_addresses where user_id = $1`, [accounts.customer.userId]),
    ).toHaveLength(0);
  });

  it('stays with its owner: nobody moves an address to another account or edits another one', async () => {
    const saved = await customer.from('customer_addresses').insert(address).select('id').single();
    const id = saved.data!.id as string;
    const moved = await customer
      .from('customer_addresses')
      .update({ user_id: accounts.demo.userId })
      .eq('id', id)
      .select('id');
    expect(moved.error).not.toBeNull();
    const demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
    expect((await demo.from('customer_addresses').select('id')).data).toEqual([]);
    const edited = await demo
      .from('customer_addresses')
      .update({ city: 'Elsewhere' })
      .eq('id', id)
      .select('id');
    expect(edited.data).toEqual([]);
    const removed = await demo.from('customer_addresses').delete().eq('id', id).select('id');
    expect(removed.data).toEqual([]);
    const forged = await demo
      .from('customer_addresses')
      .insert({ ...address, user_id: accounts.customer.userId })
      .select('id');
    expect(forged.error?.code).toBe('42501');
    const rows = await owner<{ city: string; user_id: string }>(
      `select city, user_id from public.customer_addresses where user_id = $1`,
      [accounts.customer.userId],
    );
    expect(rows).toEqual([{ city: address.city, user_id: accounts.customer.userId }]);
    await customer.from('customer_addresses').delete().eq('id', id);
  });

  it('holds 20 addresses at most, and one default under concurrent writes', async () => {
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        customer
          .from('customer_addresses')
          .insert({ ...address, full_name: `Parallel ${i}`, is_default: true })
          .select('id'),
      ),
    );
    const refused = results.filter((result) => result.error);
    expect(refused).toHaveLength(4);
    expect(refused.every((result) => result.error?.message === 'You can save at most 20 addresses')).toBe(
      true,
    );
    expect(await defaults(accounts.customer.userId)).toHaveLength(1);
    const count = await owner<{ n: number }>(
      `select count(*)::int as n from public.customer_addresses where user_id = $1`,
      [accounts.customer.userId],
    );
    expect(count[0]!.n).toBe(20);
  });

  it('staff with customers read every address book; other staff and anon read none', async () => {
    const all = (await owner<{ n: number }>(`select count(*)::int as n from public.customer_addresses`))[0]!
      .n;
    expect(all).toBeGreaterThan(0);
    const superAdmin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
    expect((await superAdmin.from('customer_addresses').select('id')).data).toHaveLength(all);
    const ordersAdmin = await stack.signedInClient(accounts.ordersAdmin.email, accounts.ordersAdmin.password);
    expect((await ordersAdmin.from('customer_addresses').select('id')).data).toEqual([]);
    const staffEdit = await superAdmin
      .from('customer_addresses')
      .update({ city: 'Staff' })
      .not('id', 'is', null)
      .select('id');
    expect(staffEdit.data ?? []).toEqual([]);
    const anon = await stack.anonClient().from('customer_addresses').select('id');
    expect(anon.error?.code).toBe('42501');
  });
});
