// What both database engines share: one unit of work at a time on PGlite (a FIFO lock), transactions,
// and the request context (role and JWT claims) set per transaction as PostgREST does.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DbRole, JwtClaims, Queryable } from './context.ts';

/** The longest a statement of a request may run (PostgreSQL's statement_timeout, PGlite's worker limit). */
export const defaultStatementTimeoutMs = 5_000;
/** Migrations, bootstrap and seed scripts (trusted SQL run by the stack itself) may take longer. */
export const defaultScriptTimeoutMs = 120_000;

const roles: readonly DbRole[] = ['anon', 'authenticated', 'service_role'];

/** PostgreSQL's error for a statement cancelled by statement_timeout (SQLSTATE 57014). */
export function statementTimeoutError(limitMs: number): Error {
  return Object.assign(new Error('canceling statement due to statement timeout'), {
    code: '57014',
    hint: `A statement may run for at most ${limitMs / 1000} s on the local stack.`,
  });
}

/** Whether an error is a statement cancelled by its time limit (either engine's 57014). */
export function isStatementTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '57014';
}

/**
 * A FIFO lock: PGlite is one connection, so every unit of work waits its turn. Work that asks for the
 * lock again from inside its own turn (db.query inside db.transaction) would wait forever; it fails fast.
 */
export class Mutex {
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

  /** Takes the lock until the returned function is called (a wire-protocol session spanning messages). */
  acquire(): Promise<() => void> {
    return new Promise((resolveAcquire) => {
      void this.run(
        () =>
          new Promise<void>((release) => {
            resolveAcquire(() => release());
          }),
      );
    });
  }
}

/** Runs fn between `begin` and `commit`; rolls back when it throws. */
export async function runInTransaction<T>(q: Queryable, fn: () => Promise<T>, begin = 'begin'): Promise<T> {
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

/**
 * `begin` (or `begin read only`) plus `set local role`: role is one of three fixed names, checked here.
 * A read-only transaction refuses every write, also one made by a function or a view (25006).
 */
export function beginAs(role: DbRole, readOnly = false): string {
  if (!roles.includes(role)) throw new Error(`Unknown database role "${role}"`);
  return `begin${readOnly ? ' read only' : ''}; set local role ${role}`;
}

/**
 * The JWT claims and the request headers as PostgREST sets them, local to the transaction; every value
 * goes in as a parameter.
 */
export async function applyRequestContext(
  tx: Queryable,
  claims: JwtClaims,
  role: DbRole,
  headers: Record<string, string> = {},
): Promise<void> {
  await tx.query(
    `select set_config('request.jwt.claims', $1, true),
            set_config('request.jwt.claim.sub', $2, true),
            set_config('request.jwt.claim.role', $3, true),
            set_config('request.headers', $4, true)`,
    [JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : '', role, JSON.stringify(headers)],
  );
}
