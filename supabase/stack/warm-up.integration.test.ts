// The start-up warm-up (stack/warm-up.ts): every request it sends is one the API answers, as anon and as a
// super administrator, on both engines (so a changed function or api module shows up here instead of as a
// silently cold first visit); an account without the back-office permissions gets refusals (the check can
// fail); the list pages are asked with their exact totals, as the back office asks them; and a stack
// started with warmUp has sent them before it served anyone on PGlite (its log says so, with no failure),
// while on PostgreSQL, whose caches outlive the stack, it sends none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../test/harness.ts';
import { accounts } from '../test/integration/fixtures.ts';
import { sendWarmUpRequests, warmUpRequests } from './warm-up.ts';

let stack: TestStack;
const logged: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({ warmUp: true, log: (message) => logged.push(message) });
});

afterAll(async () => {
  await stack?.stop();
});

describe('the start-up warm-up', () => {
  it('asks only what the API answers, as anon and as a super administrator', async () => {
    const token = await stack.tokenForUser(accounts.superAdmin.userId);
    expect(await sendWarmUpRequests(`${stack.url}/rest/v1`, stack.anonKey, token)).toEqual([]);
    expect(warmUpRequests().filter((request) => request.admin).length).toBeGreaterThan(15);
  });

  it('asks the list pages with their exact totals, as the back office does', async () => {
    const token = await stack.tokenForUser(accounts.superAdmin.userId);
    const counted = warmUpRequests().filter((request) => request.count);
    expect(counted.map((request) => request.path.split('?')[0])).toEqual(
      expect.arrayContaining(['/products', '/orders', '/categories', '/reviews', '/audit_log']),
    );
    for (const request of counted) {
      const response = await fetch(`${stack.url}/rest/v1${request.path}`, {
        headers: {
          apikey: stack.anonKey,
          Authorization: `Bearer ${token}`,
          Prefer: 'tx=rollback, count=exact',
        },
      });
      await response.arrayBuffer();
      // The total after the slash: counted, not '*'.
      expect(response.headers.get('content-range'), request.path).toMatch(/\/\d+$/);
    }
  });

  it("gets refusals for an account that is no administrator (the back office's functions)", async () => {
    const token = await stack.tokenForUser(accounts.customer.userId);
    const failed = await sendWarmUpRequests(`${stack.url}/rest/v1`, stack.anonKey, token);
    expect(failed).toContain('/rpc/admin_analytics_summary 403');
    expect(failed).toContain('/rpc/admin_list_customers 403');
  });

  it('ran before the stack served on PGlite, and not on PostgreSQL', () => {
    const warmed = logged.filter((message) => message.startsWith('Warmed up in'));
    if (stack.db.kind === 'pglite') {
      expect(warmed).toHaveLength(1);
      expect(warmed[0]).not.toContain('storefront only');
      expect(logged.filter((message) => message.startsWith('Warm-up request failed'))).toEqual([]);
    } else {
      expect(warmed).toEqual([]);
    }
  });
});
