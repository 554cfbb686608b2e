// A throwaway stack in its own process for the benchmarks, so the load generator does not share the
// stack's event loop. Started by catalog-bench.ts and scale-bench.ts with fork(); with
// BENCH_SCALE_PRODUCTS / BENCH_SCALE_ORDERS it loads that much scale data (scale/seed-scale.ts) and
// vacuums before it answers; with BENCH_RESTART=1 it then stops the stack and starts it again on the
// same data (a cold start: empty caches, as after a restart). Reports { url, anonKey } over IPC and
// stops (dropping its scratch database on PostgreSQL) when the parent disconnects.
// Started with warmUp as `npm start` starts it (PGlite: optimized from the start, first pages answered
// before serving), or without it with BENCH_BARE=1.
// With BENCH_KEEP_DIR (PGlite only) the stack's data directory is that directory, kept afterwards: a
// directory holding a database already loaded with the same scale data is started as it is, without loading.
// With BENCH_POSTGRES_DATABASE_URL the stack runs on that PostgreSQL database as it is (loaded beforehand with
// seed:scale; a new migration is applied on start), kept afterwards, without loading.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { seedScale } from '../scale/seed-scale.ts';
import { startStack } from '../stack/index.ts';
import { createScratchDatabase, type ScratchDatabase } from '../stack/scratch-database.ts';

const keptDatabaseUrl = process.env.BENCH_POSTGRES_DATABASE_URL || undefined;
const serverUrl = keptDatabaseUrl ? undefined : process.env.BENCH_POSTGRES_SERVER_URL || undefined;
const keepDir = serverUrl || keptDatabaseUrl ? undefined : process.env.BENCH_KEEP_DIR || undefined;
if (keepDir) mkdirSync(keepDir, { recursive: true });
const dataDir = keepDir ?? mkdtempSync(join(tmpdir(), 'prepper-bench-'));
const removeDataDir = () => {
  if (!keepDir) rmSync(dataDir, { recursive: true, force: true });
};
let database: ScratchDatabase | undefined;

try {
  database = serverUrl ? await createScratchDatabase(serverUrl, 'bench') : undefined;
  const start = (port = 0) =>
    startStack({
      port,
      dataDir,
      ...(database ? { databaseUrl: database.url } : keptDatabaseUrl ? { databaseUrl: keptDatabaseUrl } : {}),
      // As `npm start` runs it (stack/warm-up.ts), unless BENCH_BARE=1 (as tests start it).
      warmUp: process.env.BENCH_BARE !== '1',
      // What the warm-up took (and any request of it that failed), in the benchmark's output.
      log: (message) => {
        if (message.startsWith('Warm')) process.stdout.write(`  ${message}\n`);
      },
    });
  let stack = await start();
  const products = Number(process.env.BENCH_SCALE_PRODUCTS || 0);
  const orders = Number(process.env.BENCH_SCALE_ORDERS || 0);
  // What a kept directory was loaded with (written once the load and its vacuum are done).
  const loadedMark = join(dataDir, `scale-${products}-${orders}.loaded`);
  if (keptDatabaseUrl) {
    process.stdout.write(`  On the database ${keptDatabaseUrl.replace(/\/\/[^@]*@/, '//')} as it is\n`);
  } else if ((products > 0 || orders > 0) && keepDir && existsSync(loadedMark)) {
    process.stdout.write(`  Scale data already loaded in ${dataDir}\n`);
  } else if (products > 0 || orders > 0) {
    const log = (message: string) => process.stdout.write(`  ${message}\n`);
    if (database) {
      // Its own connection: the stack's pool limits every statement to 5 s.
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const made = await seedScale(
          { exec: async (sql) => void (await client.query(sql)), query: (sql) => client.query(sql) },
          { products, orders },
          log,
        );
        log(`Loaded in ${made.seconds.toFixed(1)} s`);
        await client.query('vacuum (analyze)');
      } finally {
        await client.end();
      }
    } else {
      const made = await seedScale(
        { exec: (sql) => stack.db.exec(sql), query: (sql) => stack.db.query(sql) },
        { products, orders },
        log,
      );
      log(`Loaded in ${made.seconds.toFixed(1)} s`);
      await stack.db.exec('vacuum (analyze)');
      if (keepDir) writeFileSync(loadedMark, `${new Date().toISOString()}\n`);
    }
    await stack.reloadSchema();
  }
  if (process.env.BENCH_RESTART === '1') {
    await stack.stop();
    stack = await start();
  }
  const stop = async () => {
    await stack.stop();
    await database?.drop();
    removeDataDir();
    process.exit(0);
  };
  process.on('disconnect', () => void stop());
  // { restart: true }: stop and start again on the same data and port (scale-bench's --cold-each).
  process.on('message', (message: { restart?: boolean }) => {
    if (!message.restart) return;
    void (async () => {
      const port = stack.port;
      await stack.stop();
      stack = await start(port);
      process.send?.({ restarted: true });
    })().catch((error: unknown) => {
      process.stderr.write(`The restart failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
  });
  process.send?.({ url: stack.url, anonKey: stack.anonKey });
} catch (error) {
  await database?.drop();
  removeDataDir();
  process.send?.({ error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
