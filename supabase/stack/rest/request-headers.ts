// request.headers as PostgREST gives it to SQL: the request's headers as a JSON object with lower-case
// names (current_setting('request.headers', true)), so a function can see who is calling, e.g. the
// waitlist's per-client limit (request_client_key). Credentials are left out (the JWT is in
// request.jwt.claims already). The stack is the edge locally, like the hosted gateway it appends the
// address the connection came from to x-forwarded-for: whatever a client sends stays on the left, where
// SQL never trusts it, and a client-sent cf-connecting-ip (which the hosted edge sets itself) is dropped.
import type { IncomingMessage } from 'node:http';

const withheld = new Set(['authorization', 'apikey', 'cookie', 'cf-connecting-ip']);

export function requestHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || withheld.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const address = req.socket.remoteAddress ?? 'unknown';
  const forwarded = headers['x-forwarded-for'];
  headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${address}` : address;
  return headers;
}
