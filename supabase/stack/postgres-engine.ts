// A real PostgreSQL (DATABASE_URL) behind a connection pool: requests run in parallel, each in its own
// transaction on its own pooled connection, with role and JWT claims local to that transaction (so
// nothing leaks to the next request that gets the connection). statement_timeout bounds every statement.
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, Queryable, QueryResult } from './context.ts';
import { beginAs, defaultStatementTimeoutMs, runInTransaction } from './db-transaction.ts';

export interface PostgresOptions {
  databaseUrl: string;
  /** Pooled connections (default 10, or env DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** statement_timeout of every pooled connection (migrations included: their statements are short). */
  statementTimeoutMs?: number;
}

/** Prepared statements kept per pooled connection (REST statements repeat; beyond this, unnamed ones). */
const maxPreparedPerConnection = 200;
const prepared = new WeakMap<pg.PoolClient, Set<string>>();
/** Statement names by SQL text, so a repeated statement is not hashed again (bounded: cleared when full). */
const statementNames = new Map<string, string>();
const maxStatementNames = 2_000;

function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    if (statementNames.size >= maxStatementNames) statementNames.clear();
    name = `rest_${createHash('sha1').update(sql).digest('hex')}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * The name of a server-side prepared statement for `sql` on `client`, so Postgres parses and plans a
 * repeated request once per connection (plans still follow the role, RLS and DDL: Postgres re-plans
 * then); undefined once the connection holds its quota.
 */
function preparedName(client: pg.PoolClient, sql: string): string | undefined {
  let names = prepared.get(client);
  if (!names) prepared.set(client, (names = new Set()));
  const name = statementName(sql);
  if (names.has(name)) return name;
  if (names.size >= maxPreparedPerConnection) return undefined;
  names.add(name);
  return name;
}

function toResult<R>(result: pg.QueryResult): QueryResult<R> {
  return {
    rows: result.rows as R[],
    fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
    affectedRows: result.command === 'SELECT' ? 0 : (result.rowCount ?? 0),
  };
}

function wrap(client: pg.PoolClient | pg.Pool): Queryable {
  return {
    query: async <R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> =>
      toResult<R>(await client.query({ text: sql, values: [...params] })),
    exec: async (sql: string): Promise<void> => {
      await client.query(sql);
    },
  };
}

/** The request context as one prepared statement (parsed once per connection); values are parameters. */
const requestContextStatement = {
  name: 'rest_request_context',
  text:
    `select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true), ` +
    `set_config('request.jwt.claim.role', $3, true), set_config('request.headers', $4, true)`,
};

/** Writes everything `fn` sends on `client` in one go (one TCP write instead of one per message). */
function corked<T>(client: pg.PoolClient, fn: () => T): T {
  const stream = (client as unknown as { connection: { stream: NodeJS.WritableStream & Partial<Corkable> } })
    .connection.stream;
  stream.cork?.();
  try {
    return fn();
  } finally {
    stream.uncork?.();
  }
}

interface Corkable {
  cork(): void;
  uncork(): void;
}

export class PostgresDb implements Db {
  readonly kind = 'postgres' as const;
  private constructor(private readonly pool: pg.Pool) {}

  static async open(options: PostgresOptions): Promise<PostgresDb> {
    const statementTimeout = Math.round(options.statementTimeoutMs ?? defaultStatementTimeoutMs);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? (Number(process.env.DATABASE_POOL_SIZE) || 10),
      // Queries are written without waiting for the previous answer (a request's begin, context and
      // statement go out together; Postgres answers them in order).
      pipeline: true,
      // Supabase's search_path and the statement limit for every pooled connection, set at connect time.
      options: `-c search_path="$user",public,extensions -c statement_timeout=${statementTimeout}`,
    });
    pool.on('error', (error) => console.error('[db] idle connection error', error.message));
    const db = new PostgresDb(pool);
    try {
      await db.query('select 1');
    } catch (error) {
      await pool.end();
      throw error;
    }
    return db;
  }

  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
    return wrap(this.pool).query<R>(sql, params);
  }

  exec(sql: string): Promise<void> {
    return wrap(this.pool).exec(sql);
  }

  async maintenance(sql: string): Promise<void> {
    await this.onClient(async (client) => {
      await client.exec('set statement_timeout = 0');
      try {
        await client.exec(sql);
      } finally {
        // Back to the connection's own limit (set at connect time) before it returns to the pool.
        await client.exec('reset statement_timeout');
      }
    });
  }

  private async onClient<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      return await fn(wrap(client));
    } finally {
      client.release();
    }
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.onClient((tx) => runInTransaction(tx, () => fn(tx)));
  }

  /**
   * Pipelined as PostgREST does: `begin` with `set local role`, the claims (a prepared statement) and the
   * first statement of `fn` (prepared once per connection) go out in one write, then `commit`. An error
   * of the opening messages is the one reported.
   *
   * Read-only (GET, HEAD, stable calls): each statement is its own read-only transaction, written
   * together with its `begin`, context and `commit`, so a read costs one write and one round trip. Under
   * READ COMMITTED every statement takes a new snapshot anyway; what a read-only transaction could change
   * (settings made by an earlier statement of `fn`) does not carry over to the next statement.
   */
  readonly withRequestContext: Db['withRequestContext'] = async (claims, role, fn, options = {}) => {
    const begin = beginAs(role, options.readOnly);
    const context = [JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : ''];
    const client = await this.pool.connect();
    const open = () =>
      Promise.all([
        client.query(begin),
        client.query({
          ...requestContextStatement,
          values: [...context, role, JSON.stringify(options.headers ?? {})],
        }),
        // A called function's own statement_timeout, hoisted to the transaction as PostgREST does.
        ...(options.statementTimeoutMs !== undefined
          ? [client.query(`set local statement_timeout = ${Math.trunc(options.statementTimeoutMs)}`)]
          : []),
      ]);
    const send = (sql: string, params: readonly unknown[] | null) => {
      if (params === null) return client.query(sql);
      const name = preparedName(client, sql);
      return client.query({ text: sql, values: [...params], ...(name ? { name } : {}) });
    };
    /** Waits for `pending`; when it fails, an error of the opening messages is the one thrown. */
    const settle = async (pending: Promise<pg.QueryResult>, opened: Promise<unknown>) => {
      try {
        return await pending;
      } catch (error) {
        await opened;
        throw error;
      }
    };
    if (options.readOnly) {
      const once = async (sql: string, params: readonly unknown[] | null) => {
        const [opened, pending, committed] = corked(
          client,
          () => [open(), send(sql, params), client.query('commit')] as const,
        );
        opened.catch(() => undefined);
        committed.catch(() => undefined);
        const result = await settle(pending, opened);
        await committed;
        return result;
      };
      try {
        return await fn({
          query: async <R>(sql: string, params: readonly unknown[] = []) =>
            toResult<R>(await once(sql, params)),
          exec: async (sql: string) => {
            await once(sql, null);
          },
        });
      } finally {
        client.release();
      }
    }

    let opened: Promise<unknown> = Promise.resolve();
    const tx: Queryable = {
      query: async <R>(sql: string, params: readonly unknown[] = []) =>
        toResult<R>(await settle(send(sql, params), opened)),
      exec: async (sql: string) => {
        await settle(send(sql, null), opened);
      },
    };
    try {
      const value = await corked(client, () => {
        opened = open();
        opened.catch(() => undefined);
        return fn(tx);
      });
      await opened;
      await client.query('commit');
      return value;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };

  close(): Promise<void> {
    return this.pool.end();
  }
}
