// The outbox sender as a Supabase Edge Function (Deno) for a hosted project: each call drains the due
// messages of public.outbox_messages through SMTP, with the same claim / deliver / mark code the local
// stack runs (../_shared/outbox-sender.ts). Call it every minute (pg_cron + pg_net, see
// supabase/README.md "The outbox sender on a hosted project"); only a caller presenting the service role
// key is served. Secrets: SMTP_HOST, SMTP_PORT (default 587), SMTP_USER, SMTP_PASSWORD, SMTP_FROM
// (e.g. "ReadyStock <shop@example.com>") and SHOP_URL (the storefront's public address).
// SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided by the platform.
import { createClient } from '@supabase/supabase-js';
import nodemailer from 'nodemailer';
import { drainOutbox, rpcOutboxStore, type MailTransport } from '../_shared/outbox-sender.ts';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`Missing secret ${name}`);
  return value;
}

function smtpTransport(): MailTransport {
  const transporter = nodemailer.createTransport({
    host: required('SMTP_HOST'),
    port: Number(Deno.env.get('SMTP_PORT') ?? '587'),
    secure: Deno.env.get('SMTP_PORT') === '465',
    auth: { user: required('SMTP_USER'), pass: required('SMTP_PASSWORD') },
  });
  const from = required('SMTP_FROM');
  return {
    async send(mail, idempotencyKey) {
      // The outbox id is the Message-ID: a provider or client that de-duplicates by it drops a second
      // delivery after a restart between sending and marking sent.
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<${idempotencyKey}@outbox.readystock>`,
        headers: { ...mail.headers, 'X-Idempotency-Key': idempotencyKey },
      });
    },
  };
}

Deno.serve(async (request) => {
  const serviceRoleKey = required('SUPABASE_SERVICE_ROLE_KEY');
  if (request.headers.get('Authorization') !== `Bearer ${serviceRoleKey}`) {
    return new Response(JSON.stringify({ message: 'The outbox sender needs the service role key' }), {
      status: 401,
      headers: { 'Content-Type': 'application/json' },
    });
  }
  const client = createClient(required('SUPABASE_URL'), serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  try {
    const result = await drainOutbox({
      store: rpcOutboxStore(client),
      transport: smtpTransport(),
      shopUrl: required('SHOP_URL'),
      leaseSeconds: 120,
      maxRounds: 10,
      log: (message) => console.error(message),
    });
    return new Response(JSON.stringify(result), { headers: { 'Content-Type': 'application/json' } });
  } catch (error) {
    console.error('[outbox] round failed', error);
    return new Response(JSON.stringify({ message: error instanceof Error ? error.message : String(error) }), {
      status: 500,
      headers: { 'Content-Type': 'application/json' },
    });
  }
});
