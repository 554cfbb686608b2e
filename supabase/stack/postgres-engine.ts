// A real PostgreSQL (DATABASE_URL) behind a connection pool: requests run in parallel, each in its own
// transaction on its own pooled connection, with role and JWT claims local to that transaction (so
// nothing leaks to the next request that gets the connection). statement_timeout bounds every statement.
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, DbRole, JwtClaims, Queryable, QueryResult, RequestContextOptions } from './context.ts';
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

/**
 * The name of a server-side prepared statement for `sql` on `client`, so Postgres parses and plans a
 * repeated request once per connection (plans still follow the role, RLS and DDL: Postgres re-plans
 * then); undefined once the connection holds its quota.
 */
function preparedName(client: pg.PoolClient, sql: string): string | undefined {
  let names = prepared.get(client);
  if (!names) prepared.set(client, (names = new Set()));
  const name = `rest_${createHash('sha1').update(sql).digest('hex')}`;
  if (names.has(name)) return name;
  if (names.size >= maxPreparedPerConnection) return undefined;
  names.add(name);
  return name;
}

function wrap(client: pg.PoolClient | pg.Pool, prepare = false): Queryable {
  return {
    query: async <R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> => {
      const name = prepare ? preparedName(client as pg.PoolClient, sql) : undefined;
      const result = await client.query({ text: sql, values: [...params], ...(name ? { name } : {}) });
      return {
        rows: result.rows as R[],
        fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
        affectedRows: result.command === 'SELECT' ? 0 : (result.rowCount ?? 0),
      };
    },
    exec: async (sql: string): Promise<void> => {
      await client.query(sql);
    },
  };
}

export class PostgresDb implements Db {
  readonly kind = 'postgres' as const;
  private constructor(private readonly pool: pg.Pool) {}

  static async open(options: PostgresOptions): Promise<PostgresDb> {
    const statementTimeout = Math.round(options.statementTimeoutMs ?? defaultStatementTimeoutMs);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? (Number(process.env.DATABASE_POOL_SIZE) || 10),
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

  private async onClient<T>(fn: (tx: Queryable) => Promise<T>, prepare = false): Promise<T> {
    const client = await this.pool.connect();
    try {
      return await fn(wrap(client, prepare));
    } finally {
      client.release();
    }
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.onClient((tx) => runInTransaction(tx, () => fn(tx)));
  }

  async withRequestContext<T>(
    claims: JwtClaims,
    role: DbRole,
    fn: (tx: Queryable) => Promise<T>,
    options: RequestContextOptions = {},
  ): Promise<T> {
    // One round trip opens the transaction, switches role and sets the claims (the values are quoted
    // with the driver's escapeLiteral: a simple-protocol message takes no parameters).
    const begin =
      `${beginAs(role, options.readOnly)}; select set_config('request.jwt.claims', ${pg.escapeLiteral(JSON.stringify(claims))}, true), ` +
      `set_config('request.jwt.claim.sub', ${pg.escapeLiteral(typeof claims.sub === 'string' ? claims.sub : '')}, true), ` +
      `set_config('request.jwt.claim.role', ${pg.escapeLiteral(role)}, true)`;
    return this.onClient((tx) => runInTransaction(tx, () => fn(tx), begin), true);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
