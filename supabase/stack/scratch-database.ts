// Throwaway databases on a PostgreSQL server, for tests and benchmarks: each stack gets a database of
// its own (created from template0, dropped afterwards), so runs never see each other's rows.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Databases created by this helper start with this; `run` (from the environment) groups one test run's. */
export const scratchPrefix = 'prepper_scratch_';

export interface ScratchDatabase {
  name: string;
  /** serverUrl with this database's name as its path. */
  url: string;
  drop(): Promise<void>;
}

async function withServer<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `serverUrl` names any database its role may connect to; the role needs CREATEDB. */
export async function createScratchDatabase(
  serverUrl: string,
  run = process.env.PREPPER_SCRATCH_RUN ?? '',
): Promise<ScratchDatabase> {
  const tag = run.toLowerCase().replace(/[^a-z0-9]/g, '');
  const name = `${scratchPrefix}${tag ? `${tag}_` : ''}${randomBytes(6).toString('hex')}`;
  await withServer(serverUrl, (client) => client.query(`create database ${name} template template0`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => dropDatabase(serverUrl, name),
  };
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}

/** Drops every scratch database of `run` (a test run's teardown; stacks that kept theirs included). */
export async function dropScratchDatabases(serverUrl: string, run: string): Promise<number> {
  return withServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${scratchPrefix}${run}\\_%`],
    );
    for (const { datname } of rows) {
      await client.query(`drop database if exists ${client.escapeIdentifier(datname)} with (force)`);
    }
    return rows.length;
  });
}
