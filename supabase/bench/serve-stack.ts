// The benchmarks' throwaway stack, in a process of its own so the load generator does not share the
// stack's event loop: forked by stack-child.ts (startStackChild) for catalog-bench.ts and scale-bench.ts,
// set up by environment variables, talking to its parent over IPC.
//
// Where the database is:
// - by default PGlite in a temporary data directory, removed when the stack stops;
// - BENCH_KEEP_DIR (PGlite only): that data directory, kept afterwards. A directory already loaded with
//   the same scale data (its `scale-<products>-<orders>.loaded` mark) is started as it is, without loading;
// - BENCH_POSTGRES_SERVER_URL: a scratch database on that PostgreSQL server, dropped when the stack stops;
// - BENCH_POSTGRES_DATABASE_URL: that PostgreSQL database as it is (loaded beforehand with seed:scale; a new
//   migration is applied on start), kept afterwards, never loaded.
// BENCH_SCALE_PRODUCTS / BENCH_SCALE_ORDERS load that much scale data (scale/seed-scale.ts; on PostgreSQL
// over a connection of its own, since the stack's pool limits a statement to 5 s), then vacuum and analyze
// and reload the stack's schema cache before it answers.
// The stack starts with the warm-up `npm start` runs on PGlite (stack/warm-up.ts: the storefront's and the
// back office's first pages answered before it serves, each warm-up's time printed), or bare as tests start
// it with BENCH_BARE=1. BENCH_RESTART=1 stops it after the load and starts it again on the same data (a
// cold start: empty caches, as after a restart).
// IPC: it sends { url, anonKey } once it answers, or { error } if it could not start; the message
// { restart: true } restarts it on the same data and port and answers { restarted: true } (scale-bench's
// --cold-each); it stops (dropping a scratch database, removing a temporary directory) when the parent
// disconnects.
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
