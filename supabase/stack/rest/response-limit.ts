// The largest response body /rest/v1 sends. Embeds multiply rows (four levels of products and their
// categories are 28 MB), and sixty such requests at once took the process to 4 GB. A body above the
// limit is measured in the database and never leaves it: the statement answers its size instead, and
// the client gets a 400 that says how to ask for less.
import { RestError } from './errors.ts';
import type { ResultRow, Statement } from './sql.ts';

/** At most this many bytes of JSON per response (10 MiB). */
export const maxResponseBytes = 10 * 1024 * 1024;

export interface LimitedRow extends ResultRow {
  /** The body's size in bytes, when the statement went through `limitStatement`. */
  body_bytes?: string | number | bigint | null;
}

/**
 * Wraps a read or call statement (columns total, page_total, body) so that a body above the limit is
 * replaced by NULL and its size is reported in `body_bytes`. Not for writes: a data-modifying WITH
 * must stay at the top level; their bodies are checked by `checkResponseSize` after the fact.
 */
export function limitStatement(statement: Statement): Statement {
  return {
    sql:
      `SELECT pgrst_limited.total, pgrst_limited.page_total, ` +
      `CASE WHEN octet_length(pgrst_limited.body) > ${maxResponseBytes} THEN NULL ELSE pgrst_limited.body END AS body, ` +
      `octet_length(pgrst_limited.body) AS body_bytes FROM (${statement.sql}) AS pgrst_limited`,
    params: statement.params,
  };
}

/** Throws the 400 for a body above the limit (measured by the database or, for writes, here). */
export function checkResponseSize(row: LimitedRow | undefined): void {
  if (!row) return;
  const bytes =
    row.body_bytes !== undefined && row.body_bytes !== null
      ? Number(row.body_bytes)
      : row.body === null
        ? 0
        : Buffer.byteLength(row.body);
  if (bytes <= maxResponseBytes) return;
  throw new RestError(
    400,
    '54000',
    `The response would be ${bytes} bytes; this local stack answers at most ${maxResponseBytes} bytes (10 MiB)`,
    'The rows and embedded resources asked for are too large to send at once.',
    'Select fewer columns or embedded resources, or page with limit/offset or a Range header.',
  );
}
