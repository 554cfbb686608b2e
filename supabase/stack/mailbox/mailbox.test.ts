// The developer mailbox: JSON list (filtered, newest first), clearing, and the HTML page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestStack, type TestStack } from '../auth/test-stack.ts';
import { deliverMail } from '../auth/mail.ts';
import type { MailboxMessage } from './index.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startAuthTestStack();
}, 60_000);

afterAll(async () => {
  await stack.stop();
});

const service = () => ({ apikey: stack.serviceRoleKey });

describe('mailbox', () => {
  it('lists, filters, shows and clears messages', async () => {
    await deliverMail(stack.db, {
      to: 'a@example.com',
      subject: 'First',
      text: 'one',
      html: '<p>one</p>',
      links: ['http://x/1'],
    });
    await deliverMail(stack.db, {
      to: 'B@example.com',
      subject: 'Second <b>',
      text: 'two',
      html: '<p>two</p>',
      links: [],
    });

    const all = (await (
      await fetch(`${stack.url}/mailbox/messages`, { headers: service() })
    ).json()) as MailboxMessage[];
    expect(all.map((m) => m.subject)).toEqual(['Second <b>', 'First']);
    expect(all[1]).toMatchObject({
      to: 'a@example.com',
      text: 'one',
      html: '<p>one</p>',
      links: ['http://x/1'],
    });
    expect(typeof all[0]?.id).toBe('string');
    expect(Date.parse(all[0]?.created_at ?? '')).not.toBeNaN();

    const onlyB = (await (
      await fetch(`${stack.url}/mailbox/messages?to=b@example.com`, { headers: service() })
    ).json()) as MailboxMessage[];
    expect(onlyB.map((m) => m.subject)).toEqual(['Second <b>']);

    const page = await fetch(`${stack.url}/mailbox?apikey=${encodeURIComponent(stack.serviceRoleKey)}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Second &#60;b&#62;');
    expect(html).toContain('<a href="http://x/1">');

    expect(
      (await fetch(`${stack.url}/mailbox/messages`, { method: 'DELETE', headers: service() })).status,
    ).toBe(204);
    expect(await (await fetch(`${stack.url}/mailbox/messages`, { headers: service() })).json()).toEqual([]);
    expect(
      (await fetch(`${stack.url}/mailbox/messages`, { method: 'POST', headers: service() })).status,
    ).toBe(405);
  });

  it('needs the service role key: no key, the anon key or a forged key get 401 and no mail', async () => {
    await deliverMail(stack.db, {
      to: 'c@example.com',
      subject: 'Secret link',
      text: 'x',
      html: '',
      links: ['http://x/secret'],
    });
    const forged = stack.serviceRoleKey.slice(0, -4) + 'AAAA';
    const refused: Record<string, string>[] = [
      {},
      { apikey: stack.anonKey },
      { Authorization: `Bearer ${stack.anonKey}` },
      { apikey: forged },
    ];
    for (const headers of refused) {
      for (const path of ['/mailbox', '/mailbox/messages', `/mailbox/messages?apikey=${stack.anonKey}`]) {
        const res = await fetch(`${stack.url}${path}`, { headers });
        expect(res.status).toBe(401);
        expect(await res.text()).not.toContain('secret');
      }
      expect((await fetch(`${stack.url}/mailbox/messages`, { method: 'DELETE', headers })).status).toBe(401);
    }
    const withBearer = await fetch(`${stack.url}/mailbox/messages`, {
      headers: { Authorization: `Bearer ${stack.serviceRoleKey}` },
    });
    expect(withBearer.status).toBe(200);
  });
});
