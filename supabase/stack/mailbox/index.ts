// /mailbox: the local stand-in for an inbox. The auth service writes every e-mail it would send into
// auth.local_mailbox; developers read them at GET /mailbox, tests at GET /mailbox/messages. The mails
// hold sign-in links, so reading needs the service role key (apikey header, ?apikey= or Bearer).
import type { IncomingMessage } from 'node:http';
import type { RouteHandler, StackContext } from '../context.ts';
import { header, sendJson, sendText } from '../http.ts';

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
  links: string[];
}

interface MailRow {
  id: string;
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string;
  links: string[] | null;
  created_at: Date | string;
}

export async function listMessages(ctx: Pick<StackContext, 'db'>, to?: string): Promise<MailboxMessage[]> {
  const { rows } = await ctx.db.query<MailRow>(
    `select id, to_email, subject, text_body, html_body, links, created_at from auth.local_mailbox
     where ($1::text is null or lower(to_email) = lower($1::text)) order by created_at desc, id limit 500`,
    [to && to.trim() !== '' ? to.trim() : null],
  );
  return rows.map((row) => ({
    id: row.id,
    to: row.to_email,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    created_at: new Date(row.created_at).toISOString(),
    links: row.links ?? [],
  }));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function mailboxPage(messages: MailboxMessage[]): string {
  const items = messages
    .map(
      (message) => `<li>
  <article aria-labelledby="m-${escapeHtml(message.id)}">
    <h2 id="m-${escapeHtml(message.id)}">${escapeHtml(message.subject)}</h2>
    <p>To <strong>${escapeHtml(message.to)}</strong>, <time datetime="${message.created_at}">${message.created_at}</time></p>
    <pre>${escapeHtml(message.text)}</pre>
    <ul>${message.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>
  </article>
</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Local mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
li{list-style:none}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}
pre{white-space:pre-wrap;background:#f6f6f6;padding:.5rem}a{word-break:break-all}</style></head>
<body>
<main>
<h1>Local mailbox</h1>
<p>E-mails the local auth service sent (newest first). JSON: <code>GET /mailbox/messages</code> with the service role key.</p>
${messages.length === 0 ? '<p>No messages yet.</p>' : `<ul>${items}</ul>`}
</main>
</body>
</html>`;
}

/** Whether any key the request presents is the service role key (a JWT with role service_role). */
export async function hasServiceRole(
  ctx: Pick<StackContext, 'keys'>,
  req: IncomingMessage,
  url: URL,
): Promise<boolean> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header(req, 'authorization') ?? '')?.[1];
  const candidates = [header(req, 'apikey'), url.searchParams.get('apikey'), bearer];
  for (const key of candidates) {
    if (!key) continue;
    try {
      if ((await ctx.keys.verifyJwt(key)).role === 'service_role') return true;
    } catch {
      // Not a key of this stack; try the next one.
    }
  }
  return false;
}

export function createMailboxHandler(ctx: StackContext): RouteHandler {
  return async (req, res, url) => {
    try {
      if (!(await hasServiceRole(ctx, req, url))) {
        sendJson(
          res,
          401,
          {
            error: 'service_role_required',
            message: 'The mailbox needs the service role key',
            hint: 'Send the serviceRoleKey from supabase/.local/db/runtime.json as the apikey header (or ?apikey= for the page).',
          },
          { 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' },
        );
        return;
      }
      const path = url.pathname.replace(/\/+$/, '') || '/';
      const method = req.method ?? 'GET';
      if (path === '/mailbox' && (method === 'GET' || method === 'HEAD')) {
        sendText(res, 200, mailboxPage(await listMessages(ctx)), {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-store',
        });
        return;
      }
      if (path === '/mailbox/messages') {
        if (method === 'GET' || method === 'HEAD') {
          const to = url.searchParams.get('to') ?? undefined;
          sendJson(res, 200, await listMessages(ctx, to), { 'Cache-Control': 'no-store' });
          return;
        }
        if (method === 'DELETE') {
          await ctx.db.query(`delete from auth.local_mailbox`);
          res.writeHead(204, { 'Content-Length': '0' });
          res.end();
          return;
        }
        sendJson(res, 405, { error: 'method_not_allowed', message: 'Method Not Allowed' });
        return;
      }
      sendJson(res, 404, { error: 'not_found', message: 'Not Found' });
    } catch (error) {
      console.error('[mailbox] unexpected error', error);
      sendJson(res, 500, { error: 'unexpected_failure', message: 'Mailbox unavailable' });
    }
  };
}
