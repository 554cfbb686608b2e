// Stage 4 of /rest/v1, as in PostgREST's Response: the statement's result row becomes the HTTP answer
// (status, Content-Range, Preference-Applied, media type). Errors that depend on the result
// (PGRST116 single object, PGRST103 range, PGRST124 max-affected) are raised here, inside the
// transaction, so the write is rolled back.
import { RestError } from './errors.ts';
import type { CallPlan, MutatePlan, ReadPlan } from './plan.ts';
import type { Preferences } from './request.ts';
import type { ResultRow } from './sql.ts';

export interface RestResponse {
  status: number;
  /** null: no body (204, HEAD is handled by the server). */
  body: string | null;
  headers: Record<string, string>;
}

const objectType = 'application/vnd.pgrst.object+json; charset=utf-8';

export function singularError(rows: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );
}

/** `0-9/57`, `*\/0`, `0-9/*`. */
export function contentRange(offset: number, pageTotal: number, total: number | null): string {
  const upper = offset + pageTotal - 1;
  const range = total !== 0 && offset <= upper ? `${offset}-${upper}` : '*';
  return `${range}/${total === null ? '*' : total}`;
}

export function rangeStatus(offset: number, pageTotal: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total) return 416;
  if (pageTotal < total) return 206;
  return 200;
}

function counts(row: ResultRow | undefined): { pageTotal: number; total: number | null } {
  const pageTotal = Number(row?.page_total ?? 0);
  const total = row?.total === null || row?.total === undefined ? null : Number(row.total);
  return { pageTotal, total };
}

function preferenceApplied(prefer: Preferences): Record<string, string> {
  return prefer.applied.length > 0 ? { 'Preference-Applied': prefer.applied.join(', ') } : {};
}

export function readResponse(plan: ReadPlan, row: ResultRow | undefined): RestResponse {
  const { pageTotal, total } = counts(row);
  if (plan.single && pageTotal !== 1) throw singularError(pageTotal);
  const status = rangeStatus(plan.offset, pageTotal, total);
  if (status === 416) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${plan.offset} was requested, but there are only ${total} rows.`,
    );
  }
  return {
    status,
    body: row?.body ?? (plan.single ? 'null' : plan.media === 'csv' ? '' : '[]'),
    headers: {
      'Content-Range': contentRange(plan.offset, pageTotal, total),
      ...(plan.media === 'csv'
        ? { 'Content-Type': 'text/csv; charset=utf-8' }
        : plan.single
          ? { 'Content-Type': objectType }
          : {}),
    },
  };
}

export function mutateResponse(
  plan: MutatePlan,
  prefer: Preferences,
  row: ResultRow | undefined,
): RestResponse {
  const affected = Number(row?.page_total ?? 0);
  // PostgREST rolls back when a single object was asked for and the write touched 0 or several rows.
  if (plan.single && affected !== 1) throw singularError(affected);
  // Prefer: handling=strict, max-affected=N (PATCH and DELETE): more rows than N roll back.
  if (plan.method === 'PATCH' || plan.method === 'DELETE') checkMaxAffected(prefer, affected);
  const headers: Record<string, string> = {
    'Content-Range':
      affected > 0 ? `0-${affected - 1}/${prefer.count ? affected : '*'}` : `*/${prefer.count ? 0 : '*'}`,
    ...preferenceApplied(prefer),
  };
  // A merging upsert that inserted nothing (every row updated) is 200, not 201, like PostgREST; one that
  // ignores duplicates stays 201 even when it ignored every row.
  const insertedNothing =
    plan.resolution === 'merge-duplicates' &&
    row?.inserted !== undefined &&
    row.inserted !== null &&
    Number(row.inserted) === 0;
  const created = (plan.method === 'POST' && !insertedNothing) || plan.method === 'PUT';
  if (plan.representation) {
    return {
      status: created ? 201 : 200,
      body: row?.body ?? (plan.single ? 'null' : '[]'),
      headers: { ...headers, ...(plan.single ? { 'Content-Type': objectType } : {}) },
    };
  }
  return { status: created ? 201 : plan.method === 'POST' ? 200 : 204, body: null, headers };
}

/** Prefer: handling=strict, max-affected=N: more rows than N roll the write back. */
function checkMaxAffected(prefer: Preferences, affected: number): void {
  if (prefer.maxAffected !== null && affected > prefer.maxAffected) {
    throw new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${affected} rows`,
    );
  }
}

export function callResponse(plan: CallPlan, prefer: Preferences, row: ResultRow | undefined): RestResponse {
  // PostgREST counts a volatile function's result rows as the rows it affected.
  if (!plan.readOnly) checkMaxAffected(prefer, Number(row?.page_total ?? 0));
  if (plan.result === 'void') return { status: 204, body: null, headers: {} };
  if (plan.result === 'scalar' || plan.result === 'row') {
    // One value: the range is its one row, and the count (when asked) is 1.
    return {
      status: 200,
      body: row?.body ?? 'null',
      headers: { 'Content-Range': contentRange(0, 1, plan.count ? 1 : null) },
    };
  }
  const { pageTotal, total } = counts(row);
  if (plan.single && pageTotal !== 1) throw singularError(pageTotal);
  return {
    status: rangeStatus(plan.offset, pageTotal, total) === 206 ? 206 : 200,
    body: row?.body ?? '[]',
    headers: { 'Content-Range': contentRange(plan.offset, pageTotal, total) },
  };
}
