// The statistics refresh after migrations (`VACUUM (ANALYZE)`, stack/migrate.ts) on PostgreSQL runs past
// the requests' statement limit: on a database at the scale a shop grows to, it takes longer than a
// request may, and `npm start` with DATABASE_URL stopped there after a new migration. Here the limit is
// 20 ms and one table of 200,000 rows makes the vacuum take longer than that.
// PostgreSQL pass only (this folder): PGlite has no statement_timeout to run past.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshStatistics } from '../../stack/migrate.ts';
import { PostgresDb } from '../../stack/postgres-engine.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../stack/scratch-database.ts';

let database: ScratchDatabase;
let db: PostgresDb;

beforeAll(async () => {
  const serverUrl = process.env.STACK_TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('This PostgreSQL-only test needs STACK_TEST_DATABASE_URL');
  database = await createScratchDatabase(serverUrl);
  // Loaded without a limit, on a connection of its own.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(
    'create table big as select g as id, md5(g::text) as note from generate_series(1, 200000) g',
  );
  await client.end();
  // One pooled connection, so the limit checked after the refresh is the one the refresh used.
  db = await PostgresDb.open({ databaseUrl: database.url, poolSize: 1, statementTimeoutMs: 20 });
});

afterAll(async () => {
  await db?.close();
  await database?.drop();
});

describe('refreshing statistics on PostgreSQL', () => {
  it('is not cut short by the statement limit, which still bounds everything else afterwards', async () => {
    await expect(db.exec('vacuum (analyze) big')).rejects.toMatchObject({ code: '57014' });

    await refreshStatistics(db);

    // Analyzed (a statistics row per column) and vacuumed (pages marked all-visible).
    const { rows } = await db.query<{ columns: number; all_visible: boolean }>(
      `select (select count(*)::int from pg_stats where tablename = 'big') as columns,
              (select relallvisible > 0 from pg_class where relname = 'big') as all_visible`,
    );
    expect(rows).toEqual([{ columns: 2, all_visible: true }]);
    await expect(db.query('select pg_sleep(0.2)')).rejects.toMatchObject({ code: '57014' });
  });
});
