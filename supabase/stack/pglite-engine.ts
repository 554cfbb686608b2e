// PGlite in a worker thread (stack/pglite-worker.mjs), driven from the main thread. PGlite is one
// connection and has no statement timeout of its own: units of work queue behind a FIFO lock here, and
// a statement that runs longer than its limit gets the worker terminated (the only way to stop WASM
// mid-statement) and a fresh worker opened on the same directory, which recovers like Postgres after a
// crash: committed transactions stay, the interrupted one is gone. The HTTP server never waits on it.
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Db, Queryable, QueryResult } from './context.ts';
import {
  applyRequestContext,
  beginAs,
  defaultScriptTimeoutMs,
  defaultStatementTimeoutMs,
  Mutex,
  runInTransaction,
  statementTimeoutError,
} from './db-transaction.ts';

const workerUrl = new URL('./pglite-worker.mjs', import.meta.url);

interface PlainError {
  message: string;
  [key: string]: unknown;
}

type Reply =
  | { ready: true }
  | { ready: false; error: PlainError }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: PlainError };

function toError(plain: PlainError): Error {
  const { message, name: _name, ...fields } = plain;
  return Object.assign(new Error(message), fields);
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * PGlite's buffer cache (shared_buffers, in MB) for a database whose table and index files (base/) take
 * `databaseBytes`: half of them, between PGlite's own 128 MB and 512 MB. At 100,000 products and 200,000
 * orders (1.3 GB) the back office reads more than 128 MB (the products alone are 121 MB, the orders 98 MB),
 * so each page read evicted another and a first request read thousands of pages through PGlite's file
 * system (about 20 µs each); the seed's database stays at 128 MB. Postgres allocates and clears the whole
 * cache when it starts (the process grows by it at once), and PGlite's WebAssembly memory ends at 2 GB,
 * hence the ceiling. Figures: the cold-start measurements linked from docs/performance.md.
 */
export function sharedBuffersMb(databaseBytes: number): number {
  return Math.min(512, Math.max(128, Math.ceil(databaseBytes / 2 / 1024 / 1024)));
}

/** The size of a Postgres data directory's table and index files (its base/ folder; 0 when there is none). */
export function databaseBytes(pgDataDir: string): number {
  let total = 0;
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) total += statSync(path, { throwIfNoEntry: false })?.size ?? 0;
    }
  };
  walk(join(pgDataDir, 'base'));
  return total;
}

/** One worker thread holding one PGlite instance. */
class PgliteWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private dead: Error | null = null;
  readonly ready: Promise<void>;

  get alive(): boolean {
    return this.dead === null;
  }

  constructor(dataDir: string) {
    const sharedBuffers = dataDir.startsWith('memory://') ? 128 : sharedBuffersMb(databaseBytes(dataDir));
    this.worker = new Worker(workerUrl, { workerData: { dataDir, sharedBuffersMb: sharedBuffers } });
    this.ready = new Promise((resolveReady, rejectReady) => {
      this.worker.on('message', (reply: Reply) => {
        if ('ready' in reply) {
          if (reply.ready) resolveReady();
          else rejectReady(toError(reply.error));
          return;
        }
        const pending = this.pending.get(reply.id);
        if (!pending) return;
        this.pending.delete(reply.id);
        if (reply.ok) pending.resolve(reply.result);
        else pending.reject(toError(reply.error));
      });
      const fail = (error: Error) => {
        this.dead ??= error;
        rejectReady(error);
        for (const pending of this.pending.values()) pending.reject(error);
        this.pending.clear();
      };
      this.worker.on('error', fail);
      this.worker.on('exit', (code) => fail(new Error(`The PGlite worker stopped (exit code ${code})`)));
    });
    // Nobody may be waiting on ready when a later restart replaces this worker.
    this.ready.catch(() => undefined);
  }

  call(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id }, transfer);
    });
  }

  /** Stops the thread at once (a running statement included); pending calls get `reason`. */
  async terminate(reason: Error): Promise<void> {
    this.dead ??= reason;
    for (const pending of this.pending.values()) pending.reject(reason);
    this.pending.clear();
    await this.worker.terminate();
  }

  async close(): Promise<void> {
    if (!this.dead) await this.call({ op: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }
}

/** A ready worker on dataDir, started once `after` (the previous worker's termination) has settled. */
async function spawn(dataDir: string, after: Promise<unknown> = Promise.resolve()): Promise<PgliteWorker> {
  await after.catch(() => undefined);
  const worker = new PgliteWorker(dataDir);
  try {
    await worker.ready;
  } catch (error) {
    await worker.terminate(error as Error);
    throw error;
  }
  return worker;
}

export interface PgliteOptions {
  /** Data directory (created when missing); `memory://` keeps the database in memory (lost on a restart). */
  dataDir: string;
  statementTimeoutMs?: number;
  scriptTimeoutMs?: number;
  log?: (message: string) => void;
}

/** A byte stream in the Postgres wire protocol ends with ReadyForQuery: 'Z', length 5, status. */
function readyStatus(bytes: Uint8Array): string | null {
  const n = bytes.length;
  if (n < 6 || bytes[n - 6] !== 0x5a || bytes[n - 5] !== 0 || bytes[n - 4] !== 0) return null;
  if (bytes[n - 3] !== 0 || bytes[n - 2] !== 5) return null;
  return String.fromCharCode(bytes[n - 1]!);
}

/**
 * What @electric-sql/pglite-socket needs of a PGlite instance, backed by the worker. A client's
 * messages up to ReadyForQuery "idle" (an extended-protocol exchange, or a whole BEGIN ... COMMIT) hold
 * the stack's lock, so HTTP requests never run in the middle of a psql transaction.
 */
export interface WireBridge {
  readonly waitReady: Promise<void>;
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolRawStream(message: Uint8Array, options: { onRawData(data: Uint8Array): void }): Promise<void>;
  isInTransaction(): boolean;
  exec(sql: string): Promise<void>;
}

export class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  private readonly lock = new Mutex();
  /** The worker units of work use (replaced after a timeout or a crash). */
  private current: Promise<PgliteWorker>;
  private active: PgliteWorker;
  private readonly statementTimeoutMs: number;
  private readonly scriptTimeoutMs: number;
  /** Statements stopped by the time limit since start (each restarted the worker). */
  restarts = 0;

  private constructor(
    private readonly options: PgliteOptions,
    first: PgliteWorker,
  ) {
    this.active = first;
    this.current = Promise.resolve(first);
    this.statementTimeoutMs = options.statementTimeoutMs ?? defaultStatementTimeoutMs;
    this.scriptTimeoutMs = options.scriptTimeoutMs ?? defaultScriptTimeoutMs;
  }

  static async open(options: PgliteOptions): Promise<PgliteDb> {
    if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
    return new PgliteDb(options, await spawn(options.dataDir));
  }

  /** Replaces `worker` (stopped at once) with a fresh one on the same directory. */
  private replace(worker: PgliteWorker, reason: Error): void {
    if (worker !== this.active) return;
    this.current = spawn(this.options.dataDir, worker.terminate(reason));
    this.current.catch(() => undefined);
  }

  /** A worker that is up: the current one, or a fresh one when it died or could not start. Runs under the lock. */
  private async live(): Promise<PgliteWorker> {
    let worker: PgliteWorker;
    try {
      worker = await this.current;
    } catch {
      this.current = spawn(this.options.dataDir);
      worker = await this.current;
    }
    if (!worker.alive) {
      this.current = spawn(this.options.dataDir, worker.terminate(new Error('PGlite worker replaced')));
      worker = await this.current;
    }
    this.active = worker;
    return worker;
  }

  /** Sends one message; past `limitMs` the worker is terminated and replaced, and the call fails with 57014. */
  private timed(
    worker: PgliteWorker,
    message: Record<string, unknown>,
    limitMs: number,
    transfer?: ArrayBuffer[],
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const error = statementTimeoutError(limitMs);
        reject(error);
        if (worker === this.active) {
          this.restarts += 1;
          this.options.log?.(
            `A statement ran past ${limitMs} ms: PGlite restarted (it recovers from its log)`,
          );
          this.replace(worker, error);
        }
      }, limitMs);
      worker.call(message, transfer).then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
          // After a PANIC the instance is unusable (it answers later statements wrongly): reopen it, as
          // Postgres restarts after a backend's PANIC; committed work stays.
          if ((error as { severity?: unknown }).severity === 'PANIC' && worker === this.active) {
            this.options.log?.(`PGlite stopped with a PANIC (${(error as Error).message}): PGlite restarted`);
            this.replace(worker, error as Error);
          }
        },
      );
    });
  }

  /** A handle on one worker: once that worker is gone, the unit of work fails instead of moving on. */
  private handle(worker: PgliteWorker, statementTimeoutMs = this.statementTimeoutMs): Queryable {
    return {
      query: async <R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> =>
        (await this.timed(
          worker,
          { op: 'query', sql, params: [...params] },
          statementTimeoutMs,
        )) as QueryResult<R>,
      exec: async (sql: string): Promise<void> => {
        await this.timed(worker, { op: 'exec', sql }, this.scriptTimeoutMs);
      },
    };
  }

  private unit<T>(fn: (q: Queryable) => Promise<T>, statementTimeoutMs?: number): Promise<T> {
    return this.lock.run(async () => fn(this.handle(await this.live(), statementTimeoutMs)));
  }

  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
    return this.unit((q) => q.query<R>(sql, params));
  }

  exec(sql: string): Promise<void> {
    return this.unit((q) => q.exec(sql));
  }

  maintenance(sql: string): Promise<void> {
    return this.exec(sql);
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.unit((q) => runInTransaction(q, () => fn(q)));
  }

  readonly withRequestContext: Db['withRequestContext'] = async (claims, role, fn, options = {}) => {
    const begin = beginAs(role, options.readOnly);
    return this.unit(
      (q) =>
        runInTransaction(
          q,
          async () => {
            await applyRequestContext(q, claims, role, options.headers);
            return fn(q);
          },
          begin,
        ),
      options.statementTimeoutMs,
    );
  };

  /**
   * A pg_dump SQL dump of the whole database (`args`: pg_dump options such as `--schema-only`), taken in
   * the worker between units of work, so the stack keeps running; `-f` and `-U` are set by pglite-tools.
   */
  dump(args: readonly string[] = [], limitMs = 300_000): Promise<string> {
    return this.lock.run(
      async () => (await this.timed(await this.live(), { op: 'dump', args: [...args] }, limitMs)) as string,
    );
  }

  /** The wire-protocol side of this database for the port-54322 socket server. */
  wireBridge(limitMs = 60_000): WireBridge {
    let release: (() => void) | null = null;
    let worker: PgliteWorker | null = null;
    const hold = async () => {
      if (!release) {
        release = await this.lock.acquire();
        try {
          worker = await this.live();
        } catch (error) {
          release();
          release = null;
          throw error;
        }
      }
      return worker!;
    };
    const letGo = () => {
      release?.();
      release = null;
      worker = null;
    };
    let idle = true;
    return {
      waitReady: Promise.resolve(),
      runExclusive: async <T>(fn: () => Promise<T>): Promise<T> => {
        await hold();
        try {
          return await fn();
        } catch (error) {
          idle = true;
          throw error;
        } finally {
          if (idle) letGo();
        }
      },
      execProtocolRawStream: async (message, { onRawData }) => {
        const target = await hold();
        const copy = message.slice();
        const reply = (await this.timed(target, { op: 'protocol', data: copy }, limitMs, [
          copy.buffer as ArrayBuffer,
        ])) as Uint8Array;
        const status = readyStatus(reply);
        if (status !== null) idle = status === 'I';
        else idle = false;
        onRawData(reply);
      },
      isInTransaction: () => release !== null,
      exec: async (sql: string) => {
        const target = await hold();
        try {
          await this.timed(target, { op: 'exec', sql }, this.statementTimeoutMs);
        } finally {
          idle = true;
          letGo();
        }
      },
    };
  }

  close(): Promise<void> {
    return this.lock.run(async () => {
      const worker = await this.current.catch(() => null);
      await worker?.close();
    });
  }
}
