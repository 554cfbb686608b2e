import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackDir } from './config.ts';
import type { Db } from './context.ts';
import { openDb } from './db.ts';
import { isStatementTimeout } from './db-transaction.ts';

let db: Db;

beforeAll(async () => {
  db = await openDb({ pgDataDir: 'memory://' });
  await db.exec(readFileSync(join(stackDir, 'bootstrap', '10-roles.sql'), 'utf8'));
  await db.exec(`
    create table public.notes (id int primary key, owner uuid, body text);
    alter table public.notes enable row level security;
    create policy notes_own on public.notes for all to authenticated
      using (owner = (select auth.uid())) with check (owner = (select auth.uid()));
    insert into public.notes values (1, '00000000-0000-4000-8000-00000000000a', 'mine'),
                                    (2, '00000000-0000-4000-8000-00000000000b', 'theirs');
  `);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const userA = '00000000-0000-4000-8000-00000000000a';

describe('withRequestContext', () => {
  it('runs as the role with the claims visible to auth.uid(), auth.role() and auth.jwt()', async () => {
    const row = await db.withRequestContext(
      { sub: userA, role: 'authenticated', email: 'a@example.com' },
      'authenticated',
      (tx) =>
        tx.query<{ who: string; uid: string; role: string; email: string }>(
          `select current_user as who, auth.uid()::text as uid, auth.role() as role, auth.jwt() ->> 'email' as email`,
        ),
    );
    expect(row.rows[0]).toEqual({
      who: 'authenticated',
      uid: userA,
      role: 'authenticated',
      email: 'a@example.com',
    });
    const after = await db.query<{ who: string; claims: string | null }>(
      `select current_user as who, nullif(current_setting('request.jwt.claims', true), '') as claims`,
    );
    expect(after.rows[0]).toEqual({ who: 'postgres', claims: null });
  });

  it('lets row-level security decide what a user sees and writes', async () => {
    const seen = await db.withRequestContext({ sub: userA, role: 'authenticated' }, 'authenticated', (tx) =>
      tx.query<{ body: string }>('select body from public.notes order by id'),
    );
    expect(seen.rows).toEqual([{ body: 'mine' }]);
    await expect(
      db.withRequestContext({ sub: userA, role: 'authenticated' }, 'authenticated', (tx) =>
        tx.query(`insert into public.notes values (3, '00000000-0000-4000-8000-00000000000b', 'forged')`),
      ),
    ).rejects.toMatchObject({ code: '42501' });
    const anon = await db.withRequestContext({ role: 'anon' }, 'anon', (tx) =>
      tx.query('select * from public.notes'),
    );
    expect(anon.rows).toEqual([]);
    const service = await db.withRequestContext({ role: 'service_role' }, 'service_role', (tx) =>
      tx.query('select * from public.notes'),
    );
    expect(service.rows).toHaveLength(2);
  });

  it('rolls back everything when the work fails, and refuses unknown roles', async () => {
    await expect(
      db.withRequestContext({ role: 'service_role' }, 'service_role', async (tx) => {
        await tx.query(`update public.notes set body = 'changed'`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const bodies = await db.query<{ body: string }>('select body from public.notes order by id');
    expect(bodies.rows.map((row) => row.body)).toEqual(['mine', 'theirs']);
    await expect(
      db.withRequestContext({ role: 'postgres' }, 'postgres' as 'anon', (tx) => tx.query('select 1')),
    ).rejects.toThrow(/Unknown database role/);
  });

  it('begins read only on request: reads work, any write fails with 25006 and changes nothing', async () => {
    const read = await db.withRequestContext(
      { role: 'service_role' },
      'service_role',
      (tx) => tx.query<{ mode: string }>(`select current_setting('transaction_read_only') as mode`),
      { readOnly: true },
    );
    expect(read.rows).toEqual([{ mode: 'on' }]);
    await expect(
      db.withRequestContext(
        { role: 'service_role' },
        'service_role',
        (tx) => tx.query(`update public.notes set body = 'changed'`),
        { readOnly: true },
      ),
    ).rejects.toMatchObject({ code: '25006' });
    const writable = await db.withRequestContext({ role: 'service_role' }, 'service_role', (tx) =>
      tx.query<{ mode: string }>(`select current_setting('transaction_read_only') as mode`),
    );
    expect(writable.rows).toEqual([{ mode: 'off' }]);
    const bodies = await db.query<{ body: string }>('select body from public.notes order by id');
    expect(bodies.rows.map((row) => row.body)).toEqual(['mine', 'theirs']);
  });

  it('fails fast instead of deadlocking when db is used inside its own transaction', async () => {
    await expect(db.transaction(() => db.query('select 1'))).rejects.toThrow(/transaction handle/);
    const ok = await db.query<{ one: number }>('select 1 as one');
    expect(ok.rows).toEqual([{ one: 1 }]);
  });

  it('serializes concurrent transactions on the single PGlite connection', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.withRequestContext({ sub: userA, role: 'authenticated' }, 'authenticated', async (tx) => {
          const before = await tx.query<{ n: number }>('select count(*)::int as n from public.notes');
          await tx.query('select $1::int as i', [i]);
          return before.rows[0]?.n;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 20 }, () => 1));
  });
});

describe('the statement limit on PGlite', () => {
  it('stops a runaway statement with 57014 while the event loop stays free, then serves on', async () => {
    const limited = await openDb({ pgDataDir: 'memory://', statementTimeoutMs: 500 });
    try {
      let ticks = 0;
      const ticker = setInterval(() => (ticks += 1), 50);
      const started = performance.now();
      const error = await limited.query('select count(*) from generate_series(1, 1000000000)').then(
        () => null,
        (reason: unknown) => reason as { code?: string; message?: string },
      );
      clearInterval(ticker);
      const elapsed = performance.now() - started;
      expect(error?.code).toBe('57014');
      expect(error?.message).toBe('canceling statement due to statement timeout');
      expect(isStatementTimeout(error)).toBe(true);
      expect(isStatementTimeout(new Error('other'))).toBe(false);
      expect(elapsed).toBeGreaterThanOrEqual(450);
      expect(elapsed).toBeLessThan(5_000);
      // The main thread kept running while the statement did (PGlite is in a worker thread).
      expect(ticks).toBeGreaterThanOrEqual(5);
      const after = await limited.query<{ one: number }>('select 1 as one');
      expect(after.rows).toEqual([{ one: 1 }]);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
