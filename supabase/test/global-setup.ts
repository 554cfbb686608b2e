// Integration runs on PostgreSQL (STACK_TEST_DATABASE_URL): every stack gets a scratch database tagged
// with this run, and the run's teardown drops whatever is left (stacks that kept their data directory).
import { dropScratchDatabases } from '../stack/scratch-database.ts';

export default function setup(): (() => Promise<void>) | undefined {
  const serverUrl = process.env.STACK_TEST_DATABASE_URL;
  if (!serverUrl) {
    if (process.env.STACK_TEST_ENGINE === 'postgres') {
      throw new Error(
        'test:integration:postgres needs STACK_TEST_DATABASE_URL (a PostgreSQL 15 server whose role may create databases; .ci/postgres.sh sets one up)',
      );
    }
    return undefined;
  }
  const run = `r${process.pid}${Date.now().toString(36)}`;
  process.env.PREPPER_SCRATCH_RUN = run;
  return async () => {
    await dropScratchDatabases(serverUrl, run);
  };
}
