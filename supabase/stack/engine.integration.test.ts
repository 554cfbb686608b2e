// The database engine under hostile load: a statement may run for at most 5 s (PGlite: its worker thread
// is terminated and reopened; PostgreSQL: statement_timeout), the HTTP server answers /health meanwhile,
// no acknowledged write is lost to the restart, and the database is reachable on its Postgres port.
// Runs on PGlite, and on PostgreSQL when STACK_TEST_DATABASE_URL is set.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../test/harness.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: true });
});

afterAll(async () => {
  await stack?.stop();
});

/** Six nested star groups with back-references: exponential backtracking in Postgres' regex engine. */
const catastrophicRegex = '^(.*)*(.*)*(.*)*(.*)*(.*)*(.*)*\\1\\2\\3\\4\\5\\6$';

function rest(path: string, init: RequestInit = {}, key = stack.anonKey): Promise<Response> {
  return fetch(`${stack.url}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: key, Authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
  });
}

/** Polls /health until `done` settles; returns the slowest answer in ms. */
async function slowestHealth(done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  let slowest = 0;
  while (!finished) {
    const started = performance.now();
    const response = await fetch(`${stack.url}/health`);
    expect(response.status).toBe(200);
    slowest = Math.max(slowest, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return slowest;
}

describe('a request that would run for minutes', () => {
  it('ends within its limit with a statement-timeout error while /health answers in under 1 s', async () => {
    const started = performance.now();
    const hostile = rest(`products?select=id&name=imatch.${encodeURIComponent(catastrophicRegex)}`).then(
      async (response) => ({
        status: response.status,
        body: (await response.json()) as { code?: string; message?: string },
      }),
    );
    const slowest = await slowestHealth(hostile);
    const { status, body } = await hostile;
    const elapsed = performance.now() - started;

    // PostgREST maps class 57 (operator intervention) to 500, with PostgreSQL's own message.
    expect(status).toBe(500);
    expect(body).toMatchObject({
      code: '57014',
      message: 'canceling statement due to statement timeout',
    });
    expect(elapsed).toBeLessThan(8_000);
    expect(elapsed).toBeGreaterThanOrEqual(4_900);
    expect(slowest).toBeLessThan(1_000);

    // The stack serves on afterwards (PGlite: from a freshly opened worker).
    const after = await rest('categories?select=slug&limit=1');
    expect(after.status).toBe(200);
  }, 60_000);

  it('loses no acknowledged write: rows committed before, during and after the stopped statement stay', async () => {
    const service = stack.serviceClient();
    const insert = async (n: number) => {
      const { error } = await service.from('categories').insert({
        name: `Engine check ${n}`,
        slug: `engine-check-${n}`,
        description: 'written around a timeout',
      });
      return error === null ? n : null;
    };
    const before = [];
    for (let n = 0; n < 10; n += 1) before.push(await insert(n));
    expect(before.every((n) => n !== null)).toBe(true);

    const hostile = rest(`products?select=id&name=match.${encodeURIComponent(catastrophicRegex)}`);
    // Writes queued behind (PGlite) or beside (PostgreSQL) the runaway statement.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const during = await Promise.all(Array.from({ length: 10 }, (_, i) => insert(10 + i)));
    expect((await hostile).status).toBe(500);
    const after = [];
    for (let n = 20; n < 25; n += 1) after.push(await insert(n));

    const acknowledged = [...before, ...during, ...after].filter((n): n is number => n !== null);
    // Writes that waited for the database are served once it is back, not dropped.
    expect(acknowledged.length).toBe(25);
    const { data, error } = await service.from('categories').select('slug').like('slug', 'engine-check-%');
    expect(error).toBeNull();
    expect((data ?? []).map((row) => row.slug as string).sort()).toEqual(
      acknowledged.map((n) => `engine-check-${n}`).sort(),
    );
  }, 90_000);
});

describe('request contexts on the engine (pipelined on PostgreSQL)', () => {
  const userA = '00000000-0000-4000-8000-00000000000a';
  const who = `select current_user as who, auth.uid()::text as uid, current_setting('transaction_read_only') as ro`;

  it('runs every statement of a read-only context as its role with its claims, refusing writes', async () => {
    const seen = await stack.db.withRequestContext(
      { sub: userA, role: 'authenticated' },
      'authenticated',
      async (tx) => [(await tx.query(who)).rows[0], (await tx.query(who)).rows[0]],
      { readOnly: true },
    );
    expect(seen).toEqual([
      { who: 'authenticated', uid: userA, ro: 'on' },
      { who: 'authenticated', uid: userA, ro: 'on' },
    ]);
    await expect(
      stack.db.withRequestContext(
        { role: 'service_role' },
        'service_role',
        (tx) => tx.query(`update public.categories set description = 'read only?'`),
        { readOnly: true },
      ),
    ).rejects.toMatchObject({ code: '25006' });
  });

  it('reports the failing statement, rolls a writing context back and leaks nothing to the next', async () => {
    const failures = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        stack.db
          .withRequestContext({ sub: userA, role: 'authenticated' }, 'authenticated', async (tx) => {
            if (i % 2 === 0) await tx.query(`select 1/0`);
            else await tx.query(`select * from public.no_such_table`);
          })
          .then(
            () => null,
            (error: { code?: string }) => error.code,
          ),
      ),
    );
    expect(failures).toEqual(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? '22012' : '42P01')));
    await expect(
      stack.db.withRequestContext({ role: 'service_role' }, 'service_role', async (tx) => {
        await tx.query(`update public.categories set description = 'rolled back' where slug = 'lighting'`);
        await tx.query(`select 1/0`);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    // Every pooled connection afterwards is back to the stack's own role, outside any transaction.
    const after = await Promise.all(
      Array.from({ length: 20 }, () =>
        stack.db.query<{ who: string; claims: string | null; description: string }>(
          `select current_user as who, nullif(current_setting('request.jwt.claims', true), '') as claims,
                  (select description from public.categories where slug = 'lighting') as description`,
        ),
      ),
    );
    for (const result of after) {
      expect(result.rows[0]?.who).not.toMatch(/^(anon|authenticated|service_role)$/);
      expect(result.rows[0]?.claims).toBeNull();
      expect(result.rows[0]?.description).not.toBe('rolled back');
    }
  });
});

describe('deep recursion', () => {
  it('stops with "stack depth limit exceeded" and leaves the database answering rightly', async () => {
    // On PGlite, recursion past its thread's stack once returned missing rows and left the instance
    // answering every later statement wrongly ("ERRORDATA_STACK_SIZE exceeded"); see pglite-worker.mjs.
    await stack.db.exec(`create function public.t_depth(n integer) returns integer language plpgsql as $$
      begin
        if n = 0 then return 0; end if;
        return 1 + public.t_depth(n - 1);
      end $$`);
    try {
      expect((await stack.db.query('select public.t_depth(200) as depth')).rows).toEqual([{ depth: 200 }]);
      const deep = await stack.db.query('select public.t_depth(100000) as depth').then(
        () => null,
        (error: { code?: string; message?: string }) => error,
      );
      expect(deep?.code).toBe('54001');
      expect(deep?.message).toMatch(/stack depth limit exceeded/);
      expect((await stack.db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      expect((await stack.db.query('select public.t_depth(300) as depth')).rows).toEqual([{ depth: 300 }]);
      const { data, error } = await stack
        .anonClient()
        .from('categories')
        .select('slug')
        .eq('slug', 'communication');
      expect(error).toBeNull();
      expect(data).toEqual([{ slug: 'communication' }]);
    } finally {
      await stack.db.exec('drop function public.t_depth(integer)');
    }
  });
});

describe('the Postgres port', () => {
  it('serves the database to a Postgres client (pg) as the Supabase CLI does on 54322', async () => {
    expect(stack.dbUrl).toMatch(/^postgres(ql)?:\/\/.+@127\.0\.0\.1:\d+\//);
    const client = new pg.Client({ connectionString: stack.dbUrl! });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from public.categories where slug = $1',
        ['water-filtration'],
      );
      expect(rows).toEqual([{ n: 1 }]);
      await client.query('begin');
      await client.query(`update public.categories set description = 'from psql' where slug = 'lighting'`);
      await client.query('commit');
    } finally {
      await client.end();
    }
    const seen = await stack
      .anonClient()
      .from('categories')
      .select('description')
      .eq('slug', 'lighting')
      .single();
    expect(seen.data).toEqual({ description: 'from psql' });
  });
});
