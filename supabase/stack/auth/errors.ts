// GoTrue's error answers: an HTTP status, a stable error code and a message. supabase-js reads
// `code` (when the answer carries the X-Supabase-Api-Version header) or `error_code`, and `msg`/`message`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, sendJson } from '../http.ts';

export const apiVersionHeader = 'X-Supabase-Api-Version';
export const apiVersion20240101 = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level fields (weak_password: { reasons }). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export const badRequest = (code: string, msg: string): AuthError => new AuthError(400, code, msg);
export const forbidden = (code: string, msg: string): AuthError => new AuthError(403, code, msg);
export const unprocessable = (code: string, msg: string): AuthError => new AuthError(422, code, msg);
export const notFound = (code: string, msg: string): AuthError => new AuthError(404, code, msg);
export const tooManyRequests = (code: string, msg: string): AuthError => new AuthError(429, code, msg);

export const invalidLoginMessage = 'Invalid login credentials';

/** GoTrue's weak_password answer: every failed rule's message, and its reasons ('length', 'characters'). */
export function weakPassword(messages: readonly string[], reasons: readonly string[]): AuthError {
  return new AuthError(422, 'weak_password', messages.join(' '), { weak_password: { reasons } });
}

/** True when the client asked for the 2024-01-01 API (supabase-js always does). */
export function wantsVersionedErrors(req: IncomingMessage): boolean {
  const requested = header(req, apiVersionHeader);
  return (
    typeof requested === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(requested) && requested >= apiVersion20240101
  );
}

/**
 * Writes an AuthError like GoTrue: versioned clients get `code` as the error code string (and the
 * version header echoed); older clients get `code` as the HTTP status. Both get `error_code` and `msg`
 * so either reading works, and the `x-sb-error-code` header.
 */
export function sendAuthError(req: IncomingMessage, res: ServerResponse, error: AuthError): void {
  const headers: Record<string, string> = { 'x-sb-error-code': error.code };
  const versioned = wantsVersionedErrors(req);
  if (versioned) headers[apiVersionHeader] = apiVersion20240101;
  const body = versioned
    ? { code: error.code, error_code: error.code, msg: error.message, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  sendJson(res, error.status, body, headers);
}
