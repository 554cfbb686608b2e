// Keeps PGlite's planner statistics and visibility map fresh while the stack runs.
// PGlite has no autovacuum: rows written after the start (the shop's own writes, or a bulk load such as
// `seed:scale` through the Postgres port) would leave the planner with stale row counts and the
// visibility map unset, so it would never choose an index-only scan. Every `intervalMs` the keeper
// reads pg_stat_user_tables and runs `VACUUM (ANALYZE)` on each table that passed autovacuum's own
// default thresholds since its last run, one table at a time: each is one short unit of work on the
// database queue, so requests interleave between tables instead of waiting for the whole database.
// PostgreSQL runs its own autovacuum, so the stack starts no keeper there.
import type { Db } from './context.ts';

export interface StatisticsKeeper {
  /** One pass now: vacuums and analyzes the tables that need it; resolves with their names. */
  runOnce(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * Tables whose changes passed PostgreSQL's default autovacuum thresholds: analyze after
 * 50 + 10 % of the rows changed, vacuum after 1,000 + 20 % inserted or 50 + 20 % dead rows.
 */
const DUE_TABLES = `
  select format('%I.%I', s.schemaname, s.relname) as name
  from pg_stat_user_tables s
  join pg_class c on c.oid = s.relid
  where s.schemaname in ('public', 'auth', 'storage')
    and (
      s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
      or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
      or s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
    )
  order by s.n_mod_since_analyze + s.n_ins_since_vacuum + s.n_dead_tup desc`;

export function startStatisticsKeeper(
  db: Db,
  options: { intervalMs?: number; log?: (message: string) => void } = {},
): StatisticsKeeper {
  const log = options.log ?? (() => undefined);
  let running: Promise<string[]> | null = null;
  let stopped = false;

  const pass = async (): Promise<string[]> => {
    // A backend sends its row counts to the statistics views at most once a second, and PGlite's one backend
    // may not have sent the last writes yet: a bulk load's last table would look untouched until the next
    // pass. Sent now, the counts below are complete.
    await db.query('select pg_stat_force_next_flush()');
    const { rows } = await db.query<{ name: string }>(DUE_TABLES);
    const done: string[] = [];
    for (const { name } of rows) {
      if (stopped) break;
      const started = Date.now();
      // The name comes from format('%I.%I') above: quoted identifiers only.
      await db.exec(`vacuum (analyze) ${name}`);
      log(`Vacuumed and analyzed ${name} in ${Date.now() - started} ms`);
      done.push(name);
    }
    return done;
  };
  const runOnce = (): Promise<string[]> => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => {
    runOnce().catch((error: unknown) => {
      log(`Statistics upkeep failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }, options.intervalMs ?? 30_000);
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
