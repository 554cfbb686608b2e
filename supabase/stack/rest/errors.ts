// PostgREST's error shape ({ code, message, details, hint }) and its mapping from SQLSTATE to HTTP status.
import type { DbRole } from '../context.ts';

/** One candidate of an ambiguous embed (PGRST201's details). */
export interface RelationshipDetail {
  cardinality: string;
  embedding: string;
  relationship: string;
}

export interface RestErrorBody {
  code: string;
  message: string;
  details: string | RelationshipDetail[] | null;
  hint: string | null;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | RelationshipDetail[] | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
    this.name = 'RestError';
  }

  toBody(): RestErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** PGRST100: the query string could not be parsed. */
export function parseError(message: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST100', message, details);
}

export function unknownColumn(table: string, column: string): RestError {
  return new RestError(400, '42703', `column ${table}.${column} does not exist`);
}

export function unknownTable(name: string): RestError {
  return new RestError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);
}

/** The fields of a database error that PostgREST passes on. */
interface PgErrorLike {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

function isPgError(error: unknown): error is PgErrorLike & { code: string } {
  return typeof error === 'object' && error !== null && typeof (error as PgErrorLike).code === 'string';
}

/** SQLSTATE -> HTTP status, as PostgREST documents it. */
export function statusForSqlState(code: string, role: DbRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === 'P0001') return 400;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  const prefix = code.slice(0, 2);
  switch (prefix) {
    case '08':
    case '53':
      return 503;
    case '0L':
    case '0P':
    case '28':
      return 403;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
    default:
      return 400;
  }
}

/** Turns anything thrown while serving a request into PostgREST's error. */
export function toRestError(error: unknown, role: DbRole): RestError {
  if (error instanceof RestError) return error;
  if (isPgError(error)) {
    const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
    return new RestError(
      statusForSqlState(error.code, role),
      error.code,
      str(error.message) ?? 'Database error',
      str(error.detail),
      str(error.hint),
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new RestError(500, 'PGRST000', message);
}
