// The start-up warm-up (stack/warm-up.ts): every request it sends is one the API answers, as anon and as a
// super administrator, on both engines (so a changed function or api module shows up here instead of as a
// silently cold first visit); an account without the back-office permissions gets refusals (the check can
// fail); the list pages are asked with their exact totals, as the back office asks them; and a stack
// started with warmUp has sent them before it served anyone on PGlite (its log says so, with no failure),
// while on PostgreSQL, whose caches outlive the stack, it sends none. Before the requests it reads the
// products and the audit log whole into the buffer cache (any name search, and the audit log's filters by
// record or staff member, read their rows all over the table), and the outbox sender's Edge Function is
// started while it runs, so that Deno's start does not compete with the first visitor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../test/harness.ts';
import { accounts } from '../test/integration/fixtures.ts';
import { CACHED_TABLES, readTablesIntoCache, sendWarmUpRequests, warmUpRequests } from './warm-up.ts';

let stack: TestStack;
const logged: string[] = [];

beforeAll(async () => {
  // The outbox sender on (called an hour apart after its first call), as `npm start` runs it.
  stack = await startTestStack({
    warmUp: true,
    outboxSender: { intervalMs: 3_600_000 },
    log: (message) => logged.push(message),
  });
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
    const cached = logged.filter((message) => message.startsWith('Warm-up: read '));
    const booted = logged.filter((message) =>
      message.startsWith('Warm-up: started the outbox-sender function'),
    );
    if (stack.db.kind === 'pglite') {
      expect(warmed).toHaveLength(1);
      expect(warmed[0]).not.toContain('storefront only');
      expect(logged.filter((message) => message.startsWith('Warm-up request failed'))).toEqual([]);
      expect(cached).toHaveLength(1);
      expect(cached[0]).toMatch(/^Warm-up: read public\.products, public\.audit_log into the cache in \d/);
      expect(booted).toHaveLength(1);
    } else {
      expect([...warmed, ...cached, ...booted]).toEqual([]);
    }
  });

  it('started the outbox sender before the stack served, when it warmed up', () => {
    // Its Deno process runs (on PostgreSQL it starts with the first call instead, which may not be done).
    if (stack.db.kind === 'pglite') expect(stack.functions.pid('outbox-sender')).toEqual(expect.any(Number));
    expect(stack.functions.pid('no-such-function')).toBeNull();
  });

  it('reads the products and the audit log whole into the buffer cache', async () => {
    expect(await readTablesIntoCache(stack.db, CACHED_TABLES)).toEqual(CACHED_TABLES);
    for (const table of CACHED_TABLES) {
      const { rows } = await stack.db.query<{ 'QUERY PLAN': unknown }>(
        `explain (analyze, buffers, format json) select count(*) from ${table} where ctid >= '(0,0)'::tid`,
      );
      const raw = rows[0]!['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
        Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
      }[];
      const size = await stack.db.query<{ pages: string }>(
        `select pg_relation_size('${table}'::regclass) / current_setting('block_size')::bigint as pages`,
      );
      // Every page from the cache (the seed's audit log is empty), none read from the files.
      expect(plan[0]!.Plan['Shared Hit Blocks'], table).toBeGreaterThanOrEqual(Number(size.rows[0]!.pages));
      expect(plan[0]!.Plan['Shared Read Blocks'], table).toBe(0);
    }
  });

  it("keeps PGlite's 128 MB buffer cache for the seed's small database", async () => {
    const { rows } = await stack.db.query<{ shared_buffers: string }>('show shared_buffers');
    if (stack.db.kind === 'pglite') expect(rows[0]!.shared_buffers).toBe('128MB');
    else expect(rows[0]!.shared_buffers).toMatch(/B$/);
  });
});
