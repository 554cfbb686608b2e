// The database behind the stack: embedded PGlite persisted on disk, or a real Postgres (DATABASE_URL).
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import pg from 'pg';
import type { Db, DbRole, JwtClaims, Queryable, QueryResult } from './context.ts';

const roles: readonly DbRole[] = ['anon', 'authenticated', 'service_role'];

/** Supabase's search_path, so migrations and functions find extensions' functions. */
const sessionSetup = `set search_path to "$user", public, extensions`;

/**
 * A FIFO lock: PGlite is one connection, so every unit of work waits its turn. Work that asks for the
 * lock again from inside its own turn (db.query inside db.transaction) would wait forever; it fails fast.
 */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  private readonly holder = new AsyncLocalStorage<true>();

  run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.holder.getStore()) {
      return Promise.reject(
        new Error('Use the transaction handle (tx) inside transaction()/withRequestContext(), not db itself'),
      );
    }
    const result = this.tail.then(() => this.holder.run(true, fn));
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

async function runInTransaction<T>(q: Queryable, fn: () => Promise<T>, begin = 'begin'): Promise<T> {
  try {
    await q.exec(begin);
    const value = await fn();
    await q.exec('commit');
    return value;
  } catch (error) {
    try {
      await q.exec('rollback');
    } catch {
      // The connection is already out of the transaction; the original error is what matters.
    }
    throw error;
  }
}

/** `begin` plus `set local role`: role is one of three fixed names, checked here. */
function beginAs(role: DbRole): string {
  if (!roles.includes(role)) throw new Error(`Unknown database role "${role}"`);
  return `begin; set local role ${role}`;
}

/** The JWT claims as PostgREST sets them; every value goes in as a parameter. */
async function applyRequestContext(tx: Queryable, claims: JwtClaims, role: DbRole): Promise<void> {
  await tx.query(
    `select set_config('request.jwt.claims', $1, true),
            set_config('request.jwt.claim.sub', $2, true),
            set_config('request.jwt.claim.role', $3, true)`,
    [JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : '', role],
  );
}

/**
 * Like the pg driver, hand string parameters to Postgres as they are, so Postgres (not PGlite's
 * client-side serializers, which throw plain errors for e.g. a boolean "maybe") judges them: bad input
 * becomes the usual 22P02 error.
 */
function passStringsThrough(): Record<number, (value: unknown) => string> {
  const result: Record<number, (value: unknown) => string> = {};
  for (const [oid, serialize] of Object.entries(pgliteTypes.serializers)) {
    const id = Number(oid);
    if (!Number.isInteger(id)) continue;
    result[id] = (value: unknown) => (typeof value === 'string' ? value : serialize(value));
  }
  return result;
}

/** A parameter PGlite itself could not encode: report it as Postgres would (invalid text representation). */
function asInvalidInput(error: unknown): unknown {
  if (error instanceof Error && !('code' in error) && /^Invalid input for/.test(error.message)) {
    return Object.assign(new Error(error.message.replace('Invalid input for', 'invalid input syntax for')), {
      code: '22P02',
    });
  }
  return error;
}

class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  private readonly lock = new Mutex();

  constructor(private readonly pglite: PGlite) {}

  private readonly raw: Queryable = {
    query: async <R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> => {
      const result = await this.pglite.query<R>(sql, [...params]).catch((error: unknown) => {
        throw asInvalidInput(error);
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows ?? 0 };
    },
    exec: async (sql: string): Promise<void> => {
      await this.pglite.exec(sql);
    },
  };

  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
    return this.lock.run(() => this.raw.query<R>(sql, params));
  }

  exec(sql: string): Promise<void> {
    return this.lock.run(() => this.raw.exec(sql));
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.lock.run(() => runInTransaction(this.raw, () => fn(this.raw)));
  }

  async withRequestContext<T>(
    claims: JwtClaims,
    role: DbRole,
    fn: (tx: Queryable) => Promise<T>,
  ): Promise<T> {
    const begin = beginAs(role);
    return this.lock.run(() =>
      runInTransaction(
        this.raw,
        async () => {
          await applyRequestContext(this.raw, claims, role);
          return fn(this.raw);
        },
        begin,
      ),
    );
  }

  close(): Promise<void> {
    return this.lock.run(() => this.pglite.close());
  }
}

class PostgresDb implements Db {
  readonly kind = 'postgres' as const;

  constructor(private readonly pool: pg.Pool) {}

  private static wrap(client: pg.PoolClient | pg.Pool): Queryable {
    return {
      query: async <R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> => {
        const result = await client.query({ text: sql, values: [...params] });
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

  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
    return PostgresDb.wrap(this.pool).query<R>(sql, params);
  }

  exec(sql: string): Promise<void> {
    return PostgresDb.wrap(this.pool).exec(sql);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      const tx = PostgresDb.wrap(client);
      return await runInTransaction(tx, () => fn(tx));
    } finally {
      client.release();
    }
  }

  async withRequestContext<T>(
    claims: JwtClaims,
    role: DbRole,
    fn: (tx: Queryable) => Promise<T>,
  ): Promise<T> {
    const begin = beginAs(role);
    const client = await this.pool.connect();
    try {
      const tx = PostgresDb.wrap(client);
      return await runInTransaction(
        tx,
        async () => {
          await applyRequestContext(tx, claims, role);
          return fn(tx);
        },
        begin,
      );
    } finally {
      client.release();
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

export interface OpenDbOptions {
  /** PGlite's data directory (created when missing); `memory://` keeps the database in memory. */
  pgDataDir: string;
  /** A postgres:// URL: use that server instead of PGlite. */
  databaseUrl?: string | undefined;
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Supabase's search_path for every pooled connection, set at connect time.
      options: '-c search_path="$user",public,extensions',
    });
    pool.on('error', (error) => console.error('[db] idle connection error', error.message));
    const db = new PostgresDb(pool);
    await db.query('select 1');
    return db;
  }
  if (!options.pgDataDir.startsWith('memory://')) mkdirSync(options.pgDataDir, { recursive: true });
  const pglite = await PGlite.create(options.pgDataDir, {
    extensions: { pgcrypto, pg_trgm },
    serializers: passStringsThrough(),
  });
  await pglite.exec(sessionSetup);
  return new PgliteDb(pglite);
}
