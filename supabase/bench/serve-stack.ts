// A throwaway stack in its own process for the benchmark, so the load generator does not share the
// stack's event loop. Started by catalog-bench.ts with fork(); reports { url, anonKey } over IPC and
// stops (dropping its scratch database on PostgreSQL) when the parent disconnects.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../stack/index.ts';
import { createScratchDatabase, type ScratchDatabase } from '../stack/scratch-database.ts';

const serverUrl = process.env.BENCH_POSTGRES_SERVER_URL || undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'prepper-bench-'));
let database: ScratchDatabase | undefined;

try {
  database = serverUrl ? await createScratchDatabase(serverUrl, 'bench') : undefined;
  const stack = await startStack({
    port: 0,
    dataDir,
    ...(database ? { databaseUrl: database.url } : {}),
  });
  const stop = async () => {
    await stack.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('disconnect', () => void stop());
  process.send?.({ url: stack.url, anonKey: stack.anonKey });
} catch (error) {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.send?.({ error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
