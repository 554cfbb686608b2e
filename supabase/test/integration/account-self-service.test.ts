// Customers looking after themselves (migration 20261126155000 and the auth service): deleting one's
// account keeps the orders for the shop and removes the rest; an e-mail change needs both confirmations;
// an unconfirmed account can neither order nor join a waitlist with one click.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let serial = 0;
let productId = '';
let soldOutId = '';

const address = {
  full_name: 'Robin Vale',
  line1: '7 Quarry Lane',
  line2: 'Flat 2',
  city: 'Boulder',
  region: 'CO',
  postal_code: '80302',
  country: 'United States',
  phone: '+1 303 555 0199',
};

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

interface Mail {
  subject: string;
  links: string[];
}

async function mailsFor(email: string): Promise<Mail[]> {
  const response = await fetch(`${stack.url}/mailbox/messages?to=${encodeURIComponent(email)}`, {
    headers: { apikey: stack.serviceRoleKey },
  });
  return (await response.json()) as Mail[];
}

/** A confirmed customer with a password, signed in. */
async function customer(
  password = 'robin-pass-1',
): Promise<{ id: string; email: string; client: SupabaseClient }> {
  serial += 1;
  const email = `robin.${serial}.${Date.now()}@example.com`;
  const created = await stack.serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { first_name: 'Robin', last_name: 'Vale' },
  });
  if (created.error) throw created.error;
  return { id: created.data.user.id, email, client: await stack.signedInClient(email, password) };
}

beforeAll(async () => {
  stack = await startTestStack();
  productId = (
    await owner<{ id: string }>(
      `select p.id from public.products p
       where p.in_stock and p.stock_count >= 20 and p.purchase_limit is null
         and not exists (select 1 from public.product_lots l where l.product_id = p.id)
       order by p.name limit 1`,
    )
  )[0]!.id;
  soldOutId = (
    await owner<{ id: string }>(
      `update public.products set stock_count = 0, in_stock = false
       where id = (select id from public.products where id <> $1 order by name desc limit 1) returning id`,
      [productId],
    )
  )[0]!.id;
});

afterAll(async () => {
  await stack?.stop();
});

describe('delete_my_account', () => {
  it('keeps the orders with the person replaced, removes the rest, and leaves reviews to a former customer', async () => {
    const robin = await customer();
    const placed = await robin.client.rpc('place_order', {
      p_lines: [{ product_id: productId, quantity: 1 }],
      p_shipping_address: address,
    });
    expect(placed.error).toBeNull();
    const orderId = (placed.data as { id: string }).id;
    await owner(
      `insert into public.reviews (product_id, author_id, rating, title, body) values ($1, $2, 5, 'Solid kit', 'Did the job in the storm.')`,
      [productId, robin.id],
    );
    await owner(`update public.reviews set status = 'approved' where author_id = $1`, [robin.id]);
    expect((await robin.client.from('wishlist_items').insert({ product_id: productId })).error).toBeNull();
    expect((await robin.client.rpc('waitlist_subscribe', { p_product_id: soldOutId })).error).toBeNull();
    // A subscription of the address made through the e-mail form, and one of another address.
    const other = await owner<{ id: string }>(
      `insert into public.waitlist_subscriptions (product_id, email, token_hash, confirmed_at)
       values ($1, $2, decode(md5($2), 'hex'), now()), ($1, 'someone.else@example.com', decode(md5('x'), 'hex'), now())
       on conflict do nothing returning id`,
      [productId, robin.email],
    );
    expect(other).toHaveLength(2);

    // A wrong password changes nothing.
    const wrong = await robin.client.rpc('delete_my_account', { p_password: 'not-my-password' });
    expect(wrong.error).toMatchObject({ code: 'P0001', message: 'The password is not correct' });
    const empty = await robin.client.rpc('delete_my_account', { p_password: '' });
    expect(empty.error?.code).toBe('P0001');
    expect(await owner(`select 1 from auth.users where id = $1`, [robin.id])).toHaveLength(1);

    const deleted = await robin.client.rpc('delete_my_account', { p_password: 'robin-pass-1' });
    expect(deleted.error).toBeNull();

    expect(await owner(`select 1 from auth.users where id = $1`, [robin.id])).toHaveLength(0);
    const [order] = await owner<{
      user_id: string | null;
      email: string | null;
      shipping_address: Record<string, string>;
    }>(`select user_id, email, shipping_address from public.orders where id = $1`, [orderId]);
    expect(order).toEqual({
      user_id: null,
      email: null,
      shipping_address: {
        full_name: 'Former customer',
        line1: "Removed at the customer's request",
        line2: '',
        city: '',
        region: '',
        postal_code: '',
        country: 'United States',
        phone: '',
      },
    });
    expect(JSON.stringify(await owner(`select * from public.orders where id = $1`, [orderId]))).not.toContain(
      'Quarry',
    );
    expect(await owner(`select 1 from public.order_items where order_id = $1`, [orderId])).toHaveLength(1);
    expect(
      await owner(
        `select actor_email from public.order_events where order_id = $1 and actor_email is not null`,
        [orderId],
      ),
    ).toEqual([]);
    expect(await owner(`select 1 from public.wishlist_items where user_id = $1`, [robin.id])).toHaveLength(0);
    expect(
      await owner(`select email from public.waitlist_subscriptions where user_id = $1 or email = $2`, [
        robin.id,
        robin.email,
      ]),
    ).toEqual([]);
    expect(
      await owner(`select 1 from public.waitlist_subscriptions where email = 'someone.else@example.com'`),
    ).toHaveLength(1);
    const reviews = await stack
      .anonClient()
      .from('reviews')
      .select('author_name, title, status')
      .eq('product_id', productId)
      .eq('title', 'Solid kit');
    expect(reviews.data).toEqual([
      { author_name: 'a former customer', title: 'Solid kit', status: 'approved' },
    ]);

    // Staff with the orders permission still see the order; the account is gone for good.
    const staff = await stack.signedInClient(accounts.ordersAdmin.email, accounts.ordersAdmin.password);
    const seen = await staff.from('orders').select('id, email').eq('id', orderId);
    expect(seen.data).toEqual([{ id: orderId, email: null }]);
    const again = await stack
      .anonClient()
      .auth.signInWithPassword({ email: robin.email, password: 'robin-pass-1' });
    expect(again.error?.code).toBe('invalid_credentials');
  });

  it('is refused to visitors and to administrators, whose accounts stay', async () => {
    const anon = await stack.anonClient().rpc('delete_my_account', { p_password: 'x' });
    expect(anon.error?.code).toBe('42501');
    const admin = await stack.signedInClient(accounts.ordersAdmin.email, accounts.ordersAdmin.password);
    const refused = await admin.rpc('delete_my_account', { p_password: accounts.ordersAdmin.password });
    expect(refused.error?.code).toBe('P0001');
    expect(await owner(`select 1 from auth.users where id = $1`, [accounts.ordersAdmin.userId])).toHaveLength(
      1,
    );
  });
});

describe('an unconfirmed account', () => {
  it('can neither order nor join a waitlist with one click until its address is confirmed', async () => {
    serial += 1;
    const email = `unconfirmed.${serial}.${Date.now()}@example.com`;
    const signUp = await stack.anonClient().auth.signUp({ email, password: 'pending-pass-1' });
    expect(signUp.error).toBeNull();
    const userId = signUp.data.user!.id;
    // As a hosted project that lets unconfirmed accounts sign in would hand out their token.
    const pending = await stack.clientForUser(userId);
    const before = await owner(`select count(*)::int as n from public.orders`);
    const order = await pending.rpc('place_order', {
      p_lines: [{ product_id: productId, quantity: 1 }],
      p_shipping_address: address,
    });
    expect(order.error).toMatchObject({ code: 'P0001', message: 'Please confirm your e-mail address first' });
    expect(await owner(`select count(*)::int as n from public.orders`)).toEqual(before);
    const oneClick = await pending.rpc('waitlist_subscribe', { p_product_id: soldOutId });
    expect(oneClick.error?.message).toBe('Please confirm your e-mail address first');

    const [mail] = await mailsFor(email);
    expect((await fetch(mail!.links[0]!, { redirect: 'manual' })).status).toBe(303);
    const confirmed = await stack.signedInClient(email, 'pending-pass-1');
    const placed = await confirmed.rpc('place_order', {
      p_lines: [{ product_id: productId, quantity: 1 }],
      p_shipping_address: address,
    });
    expect(placed.error).toBeNull();
    expect((await confirmed.rpc('waitlist_subscribe', { p_product_id: soldOutId })).error).toBeNull();
  });
});

describe('an e-mail change', () => {
  it('changes nothing until the new and the old address have both confirmed', async () => {
    const robin = await customer();
    const next = `moved.${serial}.${Date.now()}@example.com`;
    const requested = await robin.client.auth.updateUser({ email: next });
    expect(requested.error).toBeNull();
    expect(requested.data.user?.email).toBe(robin.email);
    expect(requested.data.user?.new_email).toBe(next);
    const emailOf = async () =>
      (await owner<{ email: string }>(`select email from auth.users where id = $1`, [robin.id]))[0]?.email;

    const [toNew] = await mailsFor(next);
    const [toOld] = (await mailsFor(robin.email)).filter((mail) => mail.subject === 'Confirm Email Change');
    expect(toNew?.subject).toBe('Confirm Email Change');
    const first = await fetch(toNew!.links[0]!, { redirect: 'manual' });
    expect(first.headers.get('location')).toContain('message=Confirmation+link+accepted');
    expect(await emailOf()).toBe(robin.email);
    expect(
      (await stack.anonClient().auth.signInWithPassword({ email: next, password: 'robin-pass-1' })).error
        ?.code,
    ).toBe('invalid_credentials');

    const second = await fetch(toOld!.links[0]!, { redirect: 'manual' });
    expect(second.headers.get('location')).toContain('access_token=');
    expect(await emailOf()).toBe(next);
    expect(
      (await stack.anonClient().auth.signInWithPassword({ email: next, password: 'robin-pass-1' })).error,
    ).toBeNull();
    // A used link stays used.
    const replay = await fetch(toOld!.links[0]!, { redirect: 'manual' });
    expect(replay.headers.get('location')).toContain('error_code=otp_expired');
  });
});
