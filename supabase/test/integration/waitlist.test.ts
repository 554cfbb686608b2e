// The back-in-stock waitlist and the outbox (migration 20250101001500): who gets the e-mail when a
// product comes back, exactly once per subscriber and restock, also when the sender dies between
// delivering and marking a message sent; visitors confirm first; unsubscribed and unconfirmed addresses
// get nothing. The sender is the Edge Function outbox-sender itself (on Deno, through the stack's
// functions runner), called round by round here; it delivers over SMTP to the stack's relay stand-in.
// The relay is the one thing mocked (an outside service): the tests make it refuse a message, or kill
// the sender right after it stored one.
import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { startTestStack, type TestStack } from '../harness.ts';
import { sendOutbox } from '../outbox.ts';
import { accounts } from './fixtures.ts';

const SHOP = 'http://shop.test';

let stack: TestStack;
let anon: SupabaseClient;
let demo: SupabaseClient;
let customer: SupabaseClient;
let admin: SupabaseClient;
let productIds: string[] = [];
let nextProduct = 0;

interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

/** A seeded product made out of stock (a fresh one per test). */
async function soldOutProduct(): Promise<{ id: string; slug: string; name: string }> {
  const id = productIds[nextProduct++]!;
  const [row] = await owner<{ id: string; slug: string; name: string }>(
    `update public.products set stock_count = 0, in_stock = false where id = $1 returning id, slug, name`,
    [id],
  );
  return row!;
}

/** The administrator's restock, through the REST API like the back office. */
async function restock(productId: string, count = 12): Promise<void> {
  const { error } = await admin
    .from('products')
    .update({ stock_count: count, in_stock: true })
    .eq('id', productId);
  expect(error).toBeNull();
}

async function soldOut(productId: string): Promise<void> {
  await owner(`update public.products set stock_count = 0, in_stock = false where id = $1`, [productId]);
}

async function mailbox(to?: string): Promise<Mail[]> {
  const response = await fetch(`${stack.url}/mailbox/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`, {
    headers: { apikey: stack.serviceRoleKey },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Mail[];
}

function backInStockMails(mails: Mail[], productName: string): Mail[] {
  return mails.filter((mail) => mail.subject === `Back in stock: ${productName}`);
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

/** The shop's sender against this stack: the database's outbox_* functions and the local mailbox. */
const send = () => sendOutbox(stack);

/** A visitor subscribes and follows the link in the confirmation e-mail. */
async function visitorConfirmed(productId: string, email: string): Promise<void> {
  expect(
    (await anon.rpc('waitlist_subscribe_email', { p_product_id: productId, p_email: email })).error,
  ).toBeNull();
  await send();
  const [confirmation] = (await mailbox(email)).filter((mail) => mail.subject.startsWith('Confirm'));
  const link = confirmation!.links.find((l) => l.includes('/waitlist/confirm?'))!;
  const { data, error } = await anon.rpc('waitlist_confirm', { p_token: tokenOf(link) });
  expect(error).toBeNull();
  expect((data as { result: string }[])[0]?.result).toBe('confirmed');
}

beforeAll(async () => {
  stack = await startTestStack({ shopUrl: SHOP });
  anon = stack.anonClient();
  demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
  customer = await stack.signedInClient(accounts.customer.email, accounts.customer.password);
  admin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
  // Every visitor here is one client (this machine): its hourly limit must not stop the other tests
  // (the limits have their own tests below).
  await owner(`update public.store_settings set waitlist_signups_per_client_hour = 1000`);
  productIds = (
    await owner<{ id: string }>(`select p.id from public.products p
       where not exists (select 1 from public.product_lots l where l.product_id = p.id)
       order by p.name limit 24`)
  ).map((row) => row.id);
});

afterAll(async () => {
  await stack?.stop();
});

describe('a restock e-mails each subscriber once', () => {
  it('customers and confirmed visitors get one e-mail; unconfirmed, unsubscribed and cancelled get none', async () => {
    const product = await soldOutProduct();
    expect((await demo.rpc('waitlist_subscribe', { p_product_id: product.id })).error).toBeNull();
    expect((await demo.rpc('waitlist_subscribe', { p_product_id: product.id })).error).toBeNull();
    expect((await demo.rpc('waitlist_status', { p_product_id: product.id })).data).toBe(true);
    expect((await customer.rpc('waitlist_subscribe', { p_product_id: product.id })).error).toBeNull();
    expect((await customer.rpc('waitlist_cancel', { p_product_id: product.id })).error).toBeNull();
    expect((await customer.rpc('waitlist_status', { p_product_id: product.id })).data).toBe(false);
    await visitorConfirmed(product.id, 'confirmed.visitor@example.com');
    expect(
      (
        await anon.rpc('waitlist_subscribe_email', {
          p_product_id: product.id,
          p_email: 'Unconfirmed@Example.com',
        })
      ).error,
    ).toBeNull();
    await visitorConfirmed(product.id, 'leaving.visitor@example.com');
    const [leavingConfirmation] = await mailbox('leaving.visitor@example.com');
    const unsubscribe = leavingConfirmation!.links.find((l) => l.includes('/waitlist/unsubscribe?'))!;
    const left = await anon.rpc('waitlist_unsubscribe', { p_token: tokenOf(unsubscribe) });
    expect((left.data as { result: string }[])[0]?.result).toBe('unsubscribed');
    await send();

    const counts = await admin.rpc('admin_waitlist_counts', { p_product_ids: [product.id] });
    expect(counts.data).toEqual([{ product_id: product.id, waiting: 2 }]);

    await restock(product.id);
    const result = await send();
    expect(result).toEqual({ sent: 2, failed: 0 });

    const all = backInStockMails(await mailbox(), product.name);
    expect(all.map((mail) => mail.to).sort()).toEqual(['confirmed.visitor@example.com', 'demo@example.com']);
    const [demoMail] = backInStockMails(await mailbox('demo@example.com'), product.name);
    expect(demoMail!.links).toContain(`${SHOP}/product/${product.slug}`);
    expect(demoMail!.links.some((l) => l.startsWith(`${SHOP}/waitlist/unsubscribe?token=`))).toBe(true);
    expect((await admin.rpc('admin_waitlist_counts', { p_product_ids: [product.id] })).data).toEqual([]);
    expect((await demo.rpc('waitlist_status', { p_product_id: product.id })).data).toBe(false);

    // Sold out and restocked again: the subscriptions ended with the first e-mail.
    await soldOut(product.id);
    await restock(product.id, 3);
    expect(await send()).toEqual({ sent: 0, failed: 0 });
    expect(backInStockMails(await mailbox(), product.name)).toHaveLength(2);

    // The unsubscribe link in the e-mail still works, and a second click says so.
    const token = tokenOf(demoMail!.links.find((l) => l.includes('/waitlist/unsubscribe?'))!);
    const first = await anon.rpc('waitlist_unsubscribe', { p_token: token });
    const again = await anon.rpc('waitlist_unsubscribe', { p_token: token });
    expect((first.data as { result: string; product_name: string }[])[0]).toMatchObject({
      result: 'unsubscribed',
      product_name: product.name,
    });
    expect((again.data as { result: string }[])[0]?.result).toBe('already_unsubscribed');
  });

  it('a stock change that keeps the product in stock, or one that leaves it out of stock, sends nothing', async () => {
    const product = await soldOutProduct();
    expect((await demo.rpc('waitlist_subscribe', { p_product_id: product.id })).error).toBeNull();
    // Stock without the in-stock flag is not buyable yet.
    await owner(`update public.products set stock_count = 5 where id = $1`, [product.id]);
    expect(await send()).toEqual({ sent: 0, failed: 0 });
    await owner(`update public.products set in_stock = true where id = $1`, [product.id]);
    await owner(`update public.products set stock_count = 9 where id = $1`, [product.id]);
    expect(await send()).toEqual({ sent: 1, failed: 0 });
    expect(backInStockMails(await mailbox('demo@example.com'), product.name)).toHaveLength(1);
  });

  it('a restock through lots (stock kept as the sum of lots) e-mails once too', async () => {
    const product = await soldOutProduct();
    expect((await customer.rpc('waitlist_subscribe', { p_product_id: product.id })).error).toBeNull();
    await owner(
      `insert into public.product_lots (product_id, lot_code, quantity, best_before) values ($1, 'W-1', 6, current_date + 400)`,
      [product.id],
    );
    await owner(
      `insert into public.product_lots (product_id, lot_code, quantity, best_before) values ($1, 'W-2', 4, current_date + 500)`,
      [product.id],
    );
    expect(await send()).toEqual({ sent: 1, failed: 0 });
    expect(backInStockMails(await mailbox('customer@example.com'), product.name)).toHaveLength(1);
  });

  it('the outbox row is written in the stock change transaction: a rolled back restock queues nothing', async () => {
    const product = await soldOutProduct();
    expect((await demo.rpc('waitlist_subscribe', { p_product_id: product.id })).error).toBeNull();
    await expect(
      stack.db.transaction(async (tx) => {
        await tx.query(`update public.products set stock_count = 4, in_stock = true where id = $1`, [
          product.id,
        ]);
        const queued = await tx.query<{ n: number }>(
          `select count(*)::int as n from public.outbox_messages where payload ->> 'product_id' = $1`,
          [product.id],
        );
        expect(queued.rows[0]?.n).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await owner<{ n: number }>(
      `select count(*)::int as n from public.outbox_messages where payload ->> 'product_id' = $1`,
      [product.id],
    );
    expect(after[0]?.n).toBe(0);
    expect((await demo.rpc('waitlist_status', { p_product_id: product.id })).data).toBe(true);
  });
});

describe('the sender delivers exactly once', () => {
  it('a sender killed between delivering and marking sent, then restarted, leaves one e-mail per subscriber', async () => {
    const product = await soldOutProduct();
    const visitors = ['a', 'b', 'c', 'd'].map((n) => `restart.${n}@example.com`);
    for (const email of visitors) await visitorConfirmed(product.id, email);
    await restock(product.id);

    // The sender is killed right after the relay stored its first message, before it heard the relay's
    // 250 (so before marking anything sent); the other three messages it claimed stay claimed.
    let deliveries = 0;
    stack.smtp.afterStore = () => {
      deliveries += 1;
      if (deliveries === 1) stack.functions.kill('outbox-sender');
    };
    await expect(send()).rejects.toThrow('500');
    expect(deliveries).toBe(1);
    const claimed = await owner<{ n: number }>(
      `select count(*)::int as n from public.outbox_messages
       where payload ->> 'product_id' = $1 and kind = 'waitlist_back_in_stock' and sent_at is null and locked_until > now()`,
      [product.id],
    );
    expect(claimed[0]?.n).toBe(4);

    // While the lease holds, a second sender leaves them alone.
    expect(await send()).toEqual({ sent: 0, failed: 0 });
    // The restarted sender, once the lease is over, delivers all four again under the same keys; the
    // relay keeps one message per key.
    await owner(
      `update public.outbox_messages set locked_until = now() - interval '1 second'
       where payload ->> 'product_id' = $1 and sent_at is null`,
      [product.id],
    );
    expect(await send()).toEqual({ sent: 4, failed: 0 });
    expect(deliveries).toBe(5);
    stack.smtp.afterStore = null;

    for (const email of visitors) {
      expect(backInStockMails(await mailbox(email), product.name)).toHaveLength(1);
    }
    const unsent = await owner<{ n: number }>(
      `select count(*)::int as n from public.outbox_messages where payload ->> 'product_id' = $1 and sent_at is null`,
      [product.id],
    );
    expect(unsent[0]?.n).toBe(0);
    expect(await send()).toEqual({ sent: 0, failed: 0 });
  });

  it('a failed delivery is retried later with backoff, and sent once', async () => {
    const product = await soldOutProduct();
    expect((await customer.rpc('waitlist_subscribe', { p_product_id: product.id })).error).toBeNull();
    await restock(product.id);
    stack.smtp.refuseNext(1, '451 try again later');
    expect(await send()).toEqual({ sent: 0, failed: 1 });
    const [row] = await owner<{ attempts: number; last_error: string; wait: number; sent_at: string | null }>(
      `select attempts, last_error, extract(epoch from next_attempt_at - now())::int as wait, sent_at
       from public.outbox_messages where payload ->> 'product_id' = $1`,
      [product.id],
    );
    expect(row).toMatchObject({ attempts: 1, sent_at: null });
    expect(row!.last_error).toContain('451 try again later');
    expect(row!.wait).toBeGreaterThanOrEqual(25);
    // Not due yet: nothing is sent.
    expect(await send()).toEqual({ sent: 0, failed: 0 });
    await owner(
      `update public.outbox_messages set next_attempt_at = now() where payload ->> 'product_id' = $1`,
      [product.id],
    );
    expect(await send()).toEqual({ sent: 1, failed: 0 });
    expect(backInStockMails(await mailbox('customer@example.com'), product.name)).toHaveLength(1);
  });
});

describe('the sender is an Edge Function', () => {
  it('serves only the service role key, and settles messages through the outbox_* functions', async () => {
    const product = await soldOutProduct();
    expect((await demo.rpc('waitlist_subscribe', { p_product_id: product.id })).error).toBeNull();
    await restock(product.id);
    // Only the service role key is served: an anon caller passes verify_jwt but the function refuses it.
    const refused = await anon.functions.invoke('outbox-sender', { body: {} });
    expect(refused.error).toBeInstanceOf(FunctionsHttpError);
    expect(((refused.error as FunctionsHttpError).context as Response).status).toBe(401);
    expect(await send()).toEqual({ sent: 1, failed: 0 });
    expect(backInStockMails(await mailbox('demo@example.com'), product.name)).toHaveLength(1);
  });
});

// Migration 20261126113702: an account's address gives ownership of its subscriptions only once the
// address is confirmed (auth.users.email_confirmed_at).
describe('an account whose e-mail address is not confirmed', () => {
  it('cannot see, cancel or one-click subscribe the address it registered; once confirmed it can', async () => {
    const product = await soldOutProduct();
    const other = await soldOutProduct();
    const victim = 'unproven.owner@example.com';
    await visitorConfirmed(product.id, victim);
    const [account] = await owner<{ id: string }>(
      `insert into auth.users (id, email, aud, role, email_confirmed_at)
       values (gen_random_uuid(), $1, 'authenticated', 'authenticated', null) returning id`,
      [victim],
    );
    const squatter = await stack.clientForUser(account!.id);
    const waiting = async () =>
      (
        await owner<{ n: number }>(
          `select count(*)::int as n from public.waitlist_subscriptions
           where email = $1 and confirmed_at is not null and unsubscribed_at is null and notified_at is null`,
          [victim],
        )
      )[0]!.n;

    expect(await squatter.rpc('waitlist_status', { p_product_id: product.id })).toMatchObject({
      error: null,
      data: false,
    });
    expect((await squatter.rpc('waitlist_cancel', { p_product_id: product.id })).error).toBeNull();
    expect(await waiting()).toBe(1);
    const oneClick = await squatter.rpc('waitlist_subscribe', { p_product_id: other.id });
    expect(oneClick.error?.code).toBe('P0001');
    expect(oneClick.error?.message).toBe('Please confirm your e-mail address first');
    expect(
      await owner(`select 1 from public.waitlist_subscriptions where product_id = $1`, [other.id]),
    ).toEqual([]);
    // The form, which sends a confirmation link to the address, stays open to the account.
    expect(
      (await squatter.rpc('waitlist_subscribe_email', { p_product_id: other.id, p_email: victim })).error,
    ).toBeNull();
    expect(
      await owner(`select confirmed_at from public.waitlist_subscriptions where product_id = $1`, [other.id]),
    ).toEqual([{ confirmed_at: null }]);

    // The address confirmed (as following GoTrue's link does): now it is the account's.
    await owner(`update auth.users set email_confirmed_at = now() where id = $1`, [account!.id]);
    expect((await squatter.rpc('waitlist_status', { p_product_id: product.id })).data).toBe(true);
    expect((await squatter.rpc('waitlist_subscribe', { p_product_id: other.id })).error).toBeNull();
    expect((await squatter.rpc('waitlist_status', { p_product_id: other.id })).data).toBe(true);
    expect((await squatter.rpc('waitlist_cancel', { p_product_id: product.id })).error).toBeNull();
    expect(await waiting()).toBe(1);
  });
});

// Migration 20261126114647: only a plain address, normalised; limits count the mailbox (no +tag).
describe('visitors give a plain address only', () => {
  const refused = [
    'a<plain.victim@example.com>',
    '(c)plain.victim@example.com',
    'z,plain.victim@example.com',
    'Victim <plain.victim@example.com>',
    'plain.victim@example.com (c)',
    '"plain.victim"@example.com',
    'plain.victim@[127.0.0.1]',
    'plain.victim@example.com,other@example.com',
    'plain victim@example.com',
    'plain.victim@localhost',
    'plain..victim@example.com',
    'plain.victim@-example.com',
    'plainé@example.com',
  ];

  it('mailbox syntax is refused with a clear message and queues nothing', async () => {
    const product = await soldOutProduct();
    for (const email of refused) {
      const { error } = await anon.rpc('waitlist_subscribe_email', {
        p_product_id: product.id,
        p_email: email,
      });
      expect(error?.message, email).toBe('Please enter a valid e-mail address');
    }
    expect(
      await owner(`select recipient from public.outbox_messages where recipient like '%plain%victim%'`),
    ).toEqual([]);
    expect(
      await owner(`select email from public.waitlist_subscriptions where product_id = $1`, [product.id]),
    ).toEqual([]);
  });

  it('the address is normalised, and the limits count one mailbox whatever its +tag', async () => {
    const product = await soldOutProduct();
    const other = await soldOutProduct();
    const { error } = await anon.rpc('waitlist_subscribe_email', {
      p_product_id: product.id,
      p_email: '  Mixed.Case@Example.COM ',
    });
    expect(error).toBeNull();
    expect(
      await owner(`select email from public.waitlist_subscriptions where product_id = $1`, [product.id]),
    ).toEqual([{ email: 'mixed.case@example.com' }]);

    for (let i = 1; i <= 6; i += 1) {
      for (const id of [product.id, other.id]) {
        const again = await anon.rpc('waitlist_subscribe_email', {
          p_product_id: id,
          p_email: `tagged.victim+${i}@example.com`,
        });
        expect(again.error).toBeNull();
      }
    }
    const queued = await owner<{ n: number }>(
      `select count(*)::int as n from public.outbox_messages where recipient like 'tagged.victim%'`,
    );
    expect(queued[0]!.n).toBe(3);
  });

  it('the database holds the rule for every writer (check constraints)', async () => {
    const product = await soldOutProduct();
    await expect(
      owner(
        `insert into public.outbox_messages (kind, recipient, payload) values ('waitlist_confirmation', 'a<plain.victim@example.com>', '{}')`,
      ),
    ).rejects.toThrow(/outbox_messages_recipient_plain/);
    await expect(
      owner(
        `insert into public.waitlist_subscriptions (product_id, email, token_hash) values ($1, '(c)plain.victim@example.com', '\\x00')`,
        [product.id],
      ),
    ).rejects.toThrow(/waitlist_subscriptions_email_plain/);
  });
});

describe('visitors', () => {
  it('validate the address, and repeated requests send one confirmation and reveal nothing', async () => {
    const product = await soldOutProduct();
    const empty = await anon.rpc('waitlist_subscribe_email', { p_product_id: product.id, p_email: '  ' });
    expect(empty.error?.message).toBe('Please enter your e-mail address');
    const bad = await anon.rpc('waitlist_subscribe_email', {
      p_product_id: product.id,
      p_email: 'not-an-address',
    });
    expect(bad.error?.message).toBe('Please enter a valid e-mail address');
    const unknown = await anon.rpc('waitlist_subscribe_email', {
      p_product_id: crypto.randomUUID(),
      p_email: 'x@example.com',
    });
    expect(unknown.error?.message).toBe('Product not found');

    const email = 'repeat.visitor@example.com';
    for (let i = 0; i < 5; i += 1) {
      const again = await anon.rpc('waitlist_subscribe_email', { p_product_id: product.id, p_email: email });
      expect(again.error).toBeNull();
      expect(again.data).toBeNull();
    }
    await send();
    expect(await mailbox(email)).toHaveLength(1);
    // An address already waiting gets the same answer and no e-mail.
    const demoAgain = await anon.rpc('waitlist_subscribe_email', {
      p_product_id: product.id,
      p_email: 'demo@example.com',
    });
    expect(demoAgain.error).toBeNull();

    // An unconfirmed visitor gets nothing at the restock.
    await restock(product.id);
    await send();
    expect(backInStockMails(await mailbox(email), product.name)).toHaveLength(0);
  });

  it('confirm and unsubscribe links say what happened, also for unknown tokens', async () => {
    const product = await soldOutProduct();
    const email = 'links.visitor@example.com';
    await visitorConfirmed(product.id, email);
    const [mail] = await mailbox(email);
    const confirm = tokenOf(mail!.links.find((l) => l.includes('/waitlist/confirm?'))!);
    const again = await anon.rpc('waitlist_confirm', { p_token: confirm });
    expect((again.data as { result: string; product_slug: string }[])[0]).toEqual({
      result: 'already_confirmed',
      product_name: product.name,
      product_slug: product.slug,
    });
    for (const fn of ['waitlist_confirm', 'waitlist_unsubscribe']) {
      const { data, error } = await anon.rpc(fn, { p_token: 'f'.repeat(64) });
      expect(error).toBeNull();
      expect(data).toEqual([{ result: 'unknown', product_name: null, product_slug: null }]);
    }
    expect((await anon.rpc('waitlist_unsubscribe', { p_token: confirm })).error).toBeNull();
    const ended = await anon.rpc('waitlist_confirm', { p_token: confirm });
    expect((ended.data as { result: string }[])[0]?.result).toBe('ended');
    // The table keeps only the token's SHA-256 (PostgreSQL's own sha256(), the same bytes as anywhere).
    const [stored] = await owner<{ hash: string }>(
      `select encode(token_hash, 'hex') as hash from public.waitlist_subscriptions where email = $1`,
      [email],
    );
    expect(stored?.hash).toBe(createHash('sha256').update(confirm).digest('hex'));
  });

  it('in-stock products take no subscriptions', async () => {
    const [row] = await owner<{ id: string }>(
      `update public.products set stock_count = 20, in_stock = true where id = $1 returning id`,
      [productIds[productIds.length - 1]],
    );
    const visitor = await anon.rpc('waitlist_subscribe_email', {
      p_product_id: row!.id,
      p_email: 'x@example.com',
    });
    expect(visitor.error?.message).toBe('This product is in stock');
    const signedIn = await demo.rpc('waitlist_subscribe', { p_product_id: row!.id });
    expect(signedIn.error?.message).toBe('This product is in stock');
  });
});

// Migration 20261126125353: visitor sign-ups are limited per client and per hour overall (store_settings),
// and scheduled_jobs_run prunes settled messages and stale unconfirmed sign-ups with the test's clock.
describe('visitor sign-ups are limited and pruned', () => {
  const settings = (values: Record<string, number>) =>
    owner(
      `update public.store_settings set ${Object.keys(values)
        .map((column, i) => `${column} = $${i + 1}`)
        .join(', ')}`,
      Object.values(values),
    );
  /** Earlier confirmation e-mails move two hours back, so each test counts its own hour. */
  const hourPassed = () =>
    owner(
      `update public.outbox_messages set created_at = created_at - interval '2 hours' where kind = 'waitlist_confirmation'`,
    );
  const tooMany = 'Too many alert requests. Please try again later.';

  afterAll(async () => {
    await settings({ waitlist_signups_per_client_hour: 1000, waitlist_signups_per_hour: 100000 });
  });

  it('one client gets its limit of confirmation e-mails, also when sending in parallel or forging X-Forwarded-For', async () => {
    const product = await soldOutProduct();
    await hourPassed();
    await settings({ waitlist_signups_per_client_hour: 5, waitlist_signups_per_hour: 100000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        anon.rpc('waitlist_subscribe_email', {
          p_product_id: product.id,
          p_email: `stranger.${i}@example.com`,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(5);
    expect(answers.filter((answer) => answer.error?.message === tooMany)).toHaveLength(15);
    const forged = await fetch(`${stack.url}/rest/v1/rpc/waitlist_subscribe_email`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        'Content-Type': 'application/json',
        'X-Forwarded-For': '203.0.113.9',
        'CF-Connecting-IP': '203.0.113.9',
      },
      body: JSON.stringify({ p_product_id: product.id, p_email: 'stranger.forged@example.com' }),
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { message: string }).message).toBe(tooMany);
    const queued = await owner<{ n: number }>(
      `select count(*)::int as n from public.outbox_messages where recipient like 'stranger.%'`,
    );
    expect(queued[0]!.n).toBe(5);
    // A signed-in customer is a client of its own.
    const signedIn = await customer.rpc('waitlist_subscribe_email', {
      p_product_id: product.id,
      p_email: 'customer.asks@example.com',
    });
    expect(signedIn.error).toBeNull();
  });

  it('the whole shop queues at most its hourly number, whoever asks', async () => {
    const product = await soldOutProduct();
    await hourPassed();
    await settings({ waitlist_signups_per_client_hour: 1000, waitlist_signups_per_hour: 2 });
    expect(
      (
        await customer.rpc('waitlist_subscribe_email', {
          p_product_id: product.id,
          p_email: 'shop.one@example.com',
        })
      ).error,
    ).toBeNull();
    expect(
      (
        await anon.rpc('waitlist_subscribe_email', {
          p_product_id: product.id,
          p_email: 'shop.two@example.com',
        })
      ).error,
    ).toBeNull();
    const third = await demo.rpc('waitlist_subscribe_email', {
      p_product_id: product.id,
      p_email: 'shop.three@example.com',
    });
    expect(third.error?.message).toBe(tooMany);
    await settings({ waitlist_signups_per_hour: 100000 });
  });

  it('scheduled_jobs_run prunes sent messages and unconfirmed sign-ups after the documented days, by its clock', async () => {
    const product = await soldOutProduct();
    await hourPassed();
    await visitorConfirmed(product.id, 'prune.kept@example.com');
    expect(
      (
        await anon.rpc('waitlist_subscribe_email', {
          p_product_id: product.id,
          p_email: 'prune.gone@example.com',
        })
      ).error,
    ).toBeNull();
    await send();
    const [gone] = await mailbox('prune.gone@example.com');
    const goneToken = tokenOf(gone!.links.find((l) => l.includes('/waitlist/confirm?'))!);
    // A message not sent yet stays, whatever its age.
    await owner(
      `insert into public.outbox_messages (kind, recipient, payload, next_attempt_at)
       values ('waitlist_confirmation', 'prune.pending@example.com', '{}', now() + interval '100 days')`,
    );
    const ours = () =>
      owner<{ recipient: string }>(
        `select recipient from public.outbox_messages where recipient like 'prune.%' order by recipient`,
      );
    const signups = () =>
      owner<{ email: string }>(
        `select email from public.waitlist_subscriptions where email like 'prune.%' order by email`,
      );
    const service = stack.serviceClient();
    const run = async (days: number) => {
      const { data, error } = await service.rpc('scheduled_jobs_run', {
        p_now: new Date(Date.now() + days * 86_400_000).toISOString(),
      });
      expect(error).toBeNull();
      return data as Record<string, number>;
    };

    // Six days on: nothing is old enough.
    await run(6);
    expect(await signups()).toEqual([
      { email: 'prune.gone@example.com' },
      { email: 'prune.kept@example.com' },
    ]);
    expect((await ours()).length).toBe(3);
    // Eight days on: the unconfirmed sign-up (7 days) goes; its link no longer knows it.
    const eight = await run(8);
    expect(eight.pruned_signups).toBeGreaterThanOrEqual(1);
    expect(await signups()).toEqual([{ email: 'prune.kept@example.com' }]);
    const link = await anon.rpc('waitlist_confirm', { p_token: goneToken });
    expect((link.data as { result: string }[])[0]?.result).toBe('unknown');
    expect((await ours()).length).toBe(3);
    // Thirty-one days on: the sent messages (30 days) go, the unsent one stays, the confirmed sign-up too.
    const month = await run(31);
    expect(month.pruned_messages).toBeGreaterThanOrEqual(2);
    expect(await ours()).toEqual([{ recipient: 'prune.pending@example.com' }]);
    expect(await signups()).toEqual([{ email: 'prune.kept@example.com' }]);
  });
});
