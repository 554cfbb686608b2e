/**
 * Cross-origin rules: the shell loads every remote's manifest and chunks from the remote's own origin,
 * so every app answers any origin, and only reads (GET, HEAD, and the OPTIONS preflight).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': ALLOWED_METHODS,
  'Access-Control-Allow-Headers': '*',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * Sets the CORS headers and answers what is not a read: a preflight with 204, any other method with 405.
 * Returns true when the request was answered here.
 */
export function answerCorsAndMethod(req: IncomingMessage, res: ServerResponse): boolean {
  for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { 'Access-Control-Max-Age': '86400' }).end();
    return true;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res
      .writeHead(405, { Allow: ALLOWED_METHODS, 'Content-Type': 'text/plain; charset=utf-8' })
      .end('Method Not Allowed');
    return true;
  }
  return false;
}
