// RFC 8058 one-click unsubscribe for the newsletter. Every newsletter e-mail says
//   List-Unsubscribe: <https://shop/newsletter/unsubscribe?token=...>
//   List-Unsubscribe-Post: List-Unsubscribe=One-Click
// and a mail client's own unsubscribe button then POSTs `List-Unsubscribe=One-Click` (form-encoded) to
// that address, without a browser or a session. The page at the same address (GET) is the storefront's
// /newsletter/unsubscribe; this answers the POST by calling the database's newsletter_unsubscribe with
// the public anon key, as the page does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { routePatterns } from '@prepper/shared';

interface Connection {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

/** Bodies past this are not a one-click request. */
const MAX_BODY_BYTES = 2_048;

export function isOneClickUnsubscribe(req: IncomingMessage, pathname: string): boolean {
  return req.method === 'POST' && pathname === routePatterns.newsletterUnsubscribe;
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolveBody(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

/**
 * Answers POST /newsletter/unsubscribe?token=...: 200 once the database has removed the address (or the
 * token was no longer valid: unsubscribing is idempotent), 400 for anything that is not a one-click
 * request, 502 when the database cannot be reached (the mail client tries again later).
 */
export async function answerOneClickUnsubscribe(
  req: IncomingMessage,
  res: ServerResponse,
  config: () => unknown,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const token = url.searchParams.get('token') ?? '';
  const body = await readBody(req);
  const form = new URLSearchParams(body ?? '');
  if (!token || body === null || form.get('List-Unsubscribe') !== 'One-Click') {
    answer(res, 400, 'Expected List-Unsubscribe=One-Click (RFC 8058) and the token of a newsletter e-mail');
    return;
  }
  try {
    const { supabaseUrl, supabaseAnonKey } = config() as Connection;
    const response = await fetch(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/newsletter_unsubscribe`, {
      method: 'POST',
      headers: {
        apikey: supabaseAnonKey,
        Authorization: `Bearer ${supabaseAnonKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ p_token: token }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`newsletter_unsubscribe answered HTTP ${response.status}`);
    answer(res, 200, 'You are unsubscribed from the ReadyStock newsletter.');
  } catch (error) {
    console.error(`[serve] one-click unsubscribe: ${error instanceof Error ? error.message : String(error)}`);
    answer(res, 502, 'The unsubscribe could not be saved. Please try again later.');
  }
}
