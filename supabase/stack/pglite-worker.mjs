// The PGlite engine in its own thread (worker_threads): the stack's HTTP server stays on the main thread
// and answers while a statement runs here. The main thread (stack/pglite-engine.ts) sends one message
// at a time and terminates this thread when a statement overruns its time limit; PGlite on disk then
// recovers from its write-ahead log when the next worker opens the same directory.
// Plain JavaScript on purpose: a worker thread is started by Node itself, without tsx or vitest.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

/**
 * Supabase's search_path, so migrations and functions find extensions' functions; and a stack depth
 * limit PGlite can honour. PGlite runs Postgres as WebAssembly on this thread's JavaScript stack, which
 * is smaller than the 2 MB Postgres assumes: past it, deep recursion (a recursive function, functions
 * nested in functions) overflowed it, answered with missing rows, and left the instance answering every
 * later statement wrongly or with "ERRORDATA_STACK_SIZE exceeded" (a PANIC). Postgres' own check at
 * 1 MB stops such a statement with a plain "stack depth limit exceeded" (54001) while the stack still
 * has room (measured: a recursive PL/pgSQL function, on the worker's default 4 MB thread stack, went
 * wrong between 1,000 and 1,500 levels; with the 1 MB check it stops cleanly between 500 and 1,000).
 */
const sessionSetup = `set search_path to "$user", public, extensions; set max_stack_depth = '1MB'`;

/**
 * Like the pg driver, hand string parameters to Postgres as they are, so Postgres (not PGlite's
 * client-side serializers, which throw plain errors for e.g. a boolean "maybe") judges them: bad input
 * becomes the usual 22P02 error.
 */
function passStringsThrough() {
  const result = {};
  for (const [oid, serialize] of Object.entries(types.serializers)) {
    const id = Number(oid);
    if (!Number.isInteger(id)) continue;
    result[id] = (value) => (typeof value === 'string' ? value : serialize(value));
  }
  return result;
}

/** An error as plain data (structured clone keeps only message and name of an Error). */
function toPlainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const plain = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    plain[key] = value;
  }
  // A parameter PGlite itself could not encode: report it as Postgres would (invalid text representation).
  if (plain.code === undefined && /^Invalid input for/.test(plain.message)) {
    plain.message = plain.message.replace('Invalid input for', 'invalid input syntax for');
    plain.code = '22P02';
  }
  return plain;
}

const { dataDir, sharedBuffersMb } = workerData;

/**
 * A real pg_dump (PostgreSQL 18's, compiled to WebAssembly by @electric-sql/pglite-tools) of this
 * database as SQL text. It talks the wire protocol to this PGlite synchronously, so nothing else runs
 * in between; it leaves its read-only snapshot transaction open, so it is rolled back here.
 */
async function dump(args) {
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  try {
    const file = await pgDump({ pg: pglite, args });
    return await file.text();
  } finally {
    if (pglite.isInTransaction()) await pglite.exec('rollback');
    await pglite.exec(sessionSetup);
  }
}

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const result = await pglite.query(message.sql, message.params);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows ?? 0 };
    }
    case 'exec':
      await pglite.exec(message.sql);
      return undefined;
    case 'protocol':
      return pglite.execProtocolRaw(message.data);
    case 'dump':
      return dump(message.args);
    case 'close':
      await pglite.close();
      return undefined;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

let pglite;
try {
  pglite = await PGlite.create(dataDir, {
    extensions: { pgcrypto, pg_trgm },
    serializers: passStringsThrough(),
    // The buffer cache the main thread sized to the database (stack/pglite-engine.ts, sharedBuffersMb).
    ...(sharedBuffersMb
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`] }
      : {}),
  });
  await pglite.exec(sessionSetup);
} catch (error) {
  parentPort.postMessage({ ready: false, error: toPlainError(error) });
  throw error;
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => parentPort.postMessage({ id: message.id, ok: true, result }),
    (error) => parentPort.postMessage({ id: message.id, ok: false, error: toPlainError(error) }),
  );
});
parentPort.postMessage({ ready: true });
