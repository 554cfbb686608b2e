// The local stand-in for an outside SMTP relay (a hosted project's mail provider). The outbox-sender
// Edge Function delivers over SMTP with nodemailer, locally as on a hosted project; here the relay is an
// SMTP server on a loopback port (smtp-server, parsed with mailparser) that writes every message into
// the local mailbox (auth.local_mailbox, read at /mailbox), one message per idempotency key: the
// X-Idempotency-Key header (else the Message-ID), as a provider that de-duplicates does. It accepts only
// its own user and password, which the stack hands to the function as SMTP_USER / SMTP_PASSWORD.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Queryable } from '../context.ts';

export interface SmtpStandIn {
  host: string;
  port: number;
  user: string;
  password: string;
  /**
   * Called after a message is stored and before the relay says 250 to the sender (tests use it to kill
   * the sender exactly there).
   */
  afterStore: ((idempotencyKey: string) => void | Promise<void>) | null;
  /** Refuses the next `count` messages with `response` (e.g. "451 try again later"). */
  refuseNext(count: number, response: string): void;
  stop(): Promise<void>;
}

export interface SmtpStandInOptions {
  /** Port (default 0: a free one). */
  port?: number;
  log?: (message: string) => void;
}

/** The links of an e-mail as the mailbox lists them: every http(s) address in its plain-text part. */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

class SmtpRefusal extends Error {
  constructor(
    message: string,
    readonly responseCode: number,
  ) {
    super(message);
  }
}

export async function startSmtpStandIn(
  db: Queryable,
  options: SmtpStandInOptions = {},
): Promise<SmtpStandIn> {
  const user = 'local-relay';
  const password = randomBytes(18).toString('base64url');
  let refusals: { count: number; response: string } = { count: 0, response: '' };
  const standIn: SmtpStandIn = {
    host: '127.0.0.1',
    port: 0,
    user,
    password,
    afterStore: null,
    refuseNext(count, response) {
      refusals = { count, response };
    },
    stop: () => Promise.resolve(),
  };

  const server = new SMTPServer({
    name: 'local-relay.readystock',
    banner: 'ReadyStock local SMTP relay (stand-in; stores into /mailbox)',
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    size: 5 * 1024 * 1024,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new SmtpRefusal('Invalid username or password', 535));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (refusals.count > 0) {
            refusals.count -= 1;
            const code = Number(/^\d{3}/.exec(refusals.response)?.[0] ?? '451');
            throw new SmtpRefusal(refusals.response.replace(/^\d{3}\s*/, ''), code);
          }
          const header = mail.headers.get('x-idempotency-key');
          const key = (typeof header === 'string' ? header : null) ?? mail.messageId ?? null;
          const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          const text = mail.text ?? '';
          const html = typeof mail.html === 'string' ? mail.html : '';
          for (const to of recipients) {
            await db.query(
              `insert into auth.local_mailbox (to_email, subject, text_body, html_body, links, idempotency_key)
               values ($1, $2, $3, $4, $5::text[], $6)
               on conflict (idempotency_key) do nothing`,
              [
                to,
                mail.subject ?? '',
                text,
                html,
                linksOf(text),
                key === null ? null : recipients.length > 1 ? `${key}/${to}` : key,
              ],
            );
          }
          await standIn.afterStore?.(key ?? '');
          callback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof SmtpRefusal))
            options.log?.(`[smtp] storing a message failed: ${String(error)}`);
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });
  server.on('error', (error) => options.log?.(`[smtp] ${error.message}`));
  await new Promise<void>((resolveListen, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolveListen();
    });
  });
  standIn.port = (server.server.address() as AddressInfo).port;
  standIn.stop = () => new Promise<void>((resolveClose) => server.close(() => resolveClose()));
  return standIn;
}
