// The newsletter through supabase-js against a fresh seeded stack (both engines): double opt-in (a
// sign-up queues one confirmation e-mail and nothing else reaches the address until it is confirmed),
// one-click unsubscribe tokens in every newsletter e-mail (unsubscribing deletes the address), the
// limits per address and per client, pruning of sign-ups never confirmed after 7 days, and the staff's
// count and export (customers permission).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let anon: SupabaseClient;
let service: SupabaseClient;

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

/** The newsletter messages queued for an address, oldest first. */
async function messagesTo(
  email: string,
): Promise<{ kind: string; token: string | null; unsubscribe: string | null }[]> {
  return owner(
    `select kind, payload ->> 'token' as token, payload ->> 'unsubscribe_token' as unsubscribe
     from public.outbox_messages where recipient = $1 and kind like 'newsletter_%' order by created_at, id`,
    [email],
  );
}

async function subscriber(email: string): Promise<{ confirmed: boolean } | null> {
  const rows = await owner<{ confirmed: boolean }>(
    `select confirmed_at is not null as confirmed from public.newsletter_subscribers where email = $1`,
    [email],
  );
  return rows[0] ?? null;
}

/** Earlier confirmation e-mails move two hours back, so each test counts its own hour. */
const hourPassed = () =>
  owner(
    `update public.outbox_messages set created_at = created_at - interval '2 hours'
     where kind = 'newsletter_confirmation'`,
  );

beforeAll(async () => {
  stack = await startTestStack();
  anon = stack.anonClient();
  service = stack.serviceClient();
});

afterAll(async () => {
  await stack?.stop();
});

describe('newsletter sign-up', () => {
  it('refuses a missing or non-plain address with a clear message and stores nothing', async () => {
    const empty = await anon.rpc('newsletter_subscribe', { p_email: '  ' });
    expect(empty.error?.message).toBe('Please enter your e-mail address');
    const bad = await anon.rpc('newsletter_subscribe', { p_email: 'Sam <sam@example.com>' });
    expect(bad.error?.message).toBe('Please enter a valid e-mail address');
    expect(await subscriber('sam@example.com')).toBeNull();
  });

  it('double opt-in: nothing but the confirmation until confirmed; then issues, each with its own unsubscribe', async () => {
    await hourPassed();
    const email = 'opt.in@example.com';
    const asked = await anon.rpc('newsletter_subscribe', { p_email: '  Opt.In@Example.com ' });
    expect(asked.error).toBeNull();
    expect(await subscriber(email)).toEqual({ confirmed: false });
    const [confirmation] = await messagesTo(email);
    expect(confirmation).toMatchObject({ kind: 'newsletter_confirmation' });
    expect(confirmation!.token).toMatch(/^[0-9a-f]{64}$/);
    expect(confirmation!.unsubscribe).toMatch(/^[0-9a-f]{64}$/);
    // Only the token's hash is stored.
    expect(
      await owner(
        `select 1 from public.newsletter_subscribers where email = $1 and token_hash = sha256(convert_to($2, 'UTF8'))`,
        [email, confirmation!.token],
      ),
    ).toHaveLength(1);

    // Asked again at once: the same answer, no second e-mail.
    expect((await anon.rpc('newsletter_subscribe', { p_email: email })).error).toBeNull();
    expect(await messagesTo(email)).toHaveLength(1);

    // An issue now reaches nobody unconfirmed.
    const before = await service.rpc('newsletter_queue_issue', {
      p_subject: 'Before',
      p_body: 'Not for you.',
    });
    expect(before.error).toBeNull();
    expect((await messagesTo(email)).map((m) => m.kind)).toEqual(['newsletter_confirmation']);

    expect((await anon.rpc('newsletter_confirm', { p_token: 'f'.repeat(64) })).data).toBe('unknown');
    expect((await anon.rpc('newsletter_confirm', { p_token: confirmation!.token })).data).toBe('confirmed');
    expect((await anon.rpc('newsletter_confirm', { p_token: confirmation!.token })).data).toBe(
      'already_confirmed',
    );
    expect(await subscriber(email)).toEqual({ confirmed: true });
    // Confirmed: signing up again sends nothing.
    expect((await anon.rpc('newsletter_subscribe', { p_email: email })).error).toBeNull();
    expect(await messagesTo(email)).toHaveLength(1);

    const sent = await service.rpc('newsletter_queue_issue', {
      p_subject: 'Winter kit',
      p_body: 'Blankets.\n\nWater.',
    });
    expect(sent.error).toBeNull();
    expect(sent.data).toBeGreaterThanOrEqual(1);
    await service.rpc('newsletter_queue_issue', { p_subject: 'Spring kit', p_body: 'Seeds.' });
    const issues = (await messagesTo(email)).filter((m) => m.kind === 'newsletter_issue');
    expect(issues).toHaveLength(2);
    expect(new Set(issues.map((m) => m.unsubscribe)).size).toBe(2);

    // The older issue's link still works: one click removes the address and every token.
    expect((await anon.rpc('newsletter_unsubscribe', { p_token: issues[0]!.unsubscribe })).data).toBe(
      'unsubscribed',
    );
    expect(await subscriber(email)).toBeNull();
    expect((await anon.rpc('newsletter_unsubscribe', { p_token: issues[1]!.unsubscribe })).data).toBe(
      'unknown',
    );
    expect((await anon.rpc('newsletter_confirm', { p_token: confirmation!.token })).data).toBe('unknown');
    const after = await service.rpc('newsletter_queue_issue', { p_subject: 'After', p_body: 'Gone.' });
    expect(after.error).toBeNull();
    expect((await messagesTo(email)).filter((m) => m.kind === 'newsletter_issue')).toHaveLength(2);
  });

  it('an unsubscribe link in the confirmation e-mail removes an address that never asked', async () => {
    await hourPassed();
    const email = 'never.asked@example.com';
    await anon.rpc('newsletter_subscribe', { p_email: email });
    const [confirmation] = await messagesTo(email);
    expect((await anon.rpc('newsletter_unsubscribe', { p_token: confirmation!.unsubscribe })).data).toBe(
      'unsubscribed',
    );
    expect(await subscriber(email)).toBeNull();
  });

  it('an issue needs a subject and a text; only the service role queues one', async () => {
    const empty = await service.rpc('newsletter_queue_issue', { p_subject: ' ', p_body: 'x' });
    expect(empty.error?.message).toBe('A newsletter needs a subject and a text');
    const customer = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
    const refused = await customer.rpc('newsletter_queue_issue', { p_subject: 'x', p_body: 'y' });
    expect(refused.error).not.toBeNull();
  });
});

describe('newsletter limits and pruning', () => {
  it('one mailbox gets at most 3 confirmations an hour (sub-addresses count as one), one per 10 minutes', async () => {
    await hourPassed();
    for (let i = 0; i < 5; i += 1) {
      const answer = await anon.rpc('newsletter_subscribe', { p_email: `flood+${i}@example.com` });
      expect(answer.error).toBeNull();
    }
    const queued = await owner<{ n: number }>(
      `select count(*)::int as n from public.outbox_messages
       where kind = 'newsletter_confirmation' and recipient like 'flood%@example.com'`,
    );
    expect(queued[0]!.n).toBe(3);
  });

  it('one client gets at most 10 sign-ups an hour, also when forging X-Forwarded-For', async () => {
    await hourPassed();
    const tooMany = 'Too many sign-ups. Please try again later.';
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        anon.rpc('newsletter_subscribe', { p_email: `client.${i}@example.com` }),
      ),
    );
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(10);
    expect(answers.filter((answer) => answer.error?.message === tooMany)).toHaveLength(4);
    const forged = await fetch(`${stack.url}/rest/v1/rpc/newsletter_subscribe`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        'Content-Type': 'application/json',
        'X-Forwarded-For': '203.0.113.9',
      },
      body: JSON.stringify({ p_email: 'client.forged@example.com' }),
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { message: string }).message).toBe(tooMany);
    // A signed-in customer is a client of its own.
    const customer = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
    expect(
      (await customer.rpc('newsletter_subscribe', { p_email: 'customer.news@example.com' })).error,
    ).toBeNull();
  });

  it('sign-ups never confirmed are pruned 7 days after their last confirmation e-mail; confirmed ones stay', async () => {
    await hourPassed();
    await anon.rpc('newsletter_subscribe', { p_email: 'stale@example.com' });
    await anon.rpc('newsletter_subscribe', { p_email: 'kept@example.com' });
    const [kept] = await messagesTo('kept@example.com');
    await anon.rpc('newsletter_confirm', { p_token: kept!.token });
    const sixDays = await service.rpc('outbox_prune', {
      p_now: new Date(Date.now() + 6 * 86_400_000).toISOString(),
    });
    expect(sixDays.error).toBeNull();
    expect(await subscriber('stale@example.com')).toEqual({ confirmed: false });
    const eightDays = await service.rpc('outbox_prune', {
      p_now: new Date(Date.now() + 8 * 86_400_000).toISOString(),
    });
    expect(
      (eightDays.data as { pruned_newsletter_signups: number }).pruned_newsletter_signups,
    ).toBeGreaterThanOrEqual(1);
    expect(await subscriber('stale@example.com')).toBeNull();
    expect(await subscriber('kept@example.com')).toEqual({ confirmed: true });
  });
});

describe('staff: the count and the export', () => {
  it('staff with customers count subscribers and export only the confirmed ones; others are refused', async () => {
    const admin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
    const counts = await admin.rpc('admin_newsletter_counts');
    expect(counts.error).toBeNull();
    const [expected] = await owner<{ confirmed: number; unconfirmed: number }>(
      `select count(*) filter (where confirmed_at is not null)::int as confirmed,
         count(*) filter (where confirmed_at is null)::int as unconfirmed
       from public.newsletter_subscribers`,
    );
    expect(counts.data).toEqual([expected]);
    const exported = await admin.rpc('admin_newsletter_export');
    expect(exported.error).toBeNull();
    const rows = exported.data as { email: string; confirmed_at: string | null }[];
    expect(rows.map((row) => row.email)).toContain('kept@example.com');
    expect(rows.every((row) => row.confirmed_at !== null)).toBe(true);
    expect(rows).toHaveLength(expected!.confirmed);

    const customer = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
    expect((await customer.rpc('admin_newsletter_counts')).error?.code).toBe('42501');
    expect((await customer.rpc('admin_newsletter_export')).error?.code).toBe('42501');
    expect((await anon.rpc('admin_newsletter_export')).error).not.toBeNull();
  });
});
