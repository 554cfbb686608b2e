// Calling the outbox sender in tests: the Edge Function supabase/functions/outbox-sender itself, on
// Deno through the stack's functions runner, as the hosted pg_cron job calls it. It delivers over SMTP
// to the stack's relay stand-in (stack/mailbox/smtp.ts), which writes the local mailbox.
import { FunctionsHttpError } from '@supabase/supabase-js';
import type { TestStack } from './harness.ts';

export interface SendResult {
  sent: number;
  failed: number;
}

/** One call of the sender with the service role key; throws with the function's answer when it fails. */
export async function sendOutbox(stack: TestStack): Promise<SendResult> {
  const { data, error } = await stack
    .serviceClient()
    .functions.invoke<SendResult>('outbox-sender', { body: {} });
  if (error) {
    const context = error instanceof FunctionsHttpError ? (error.context as Response) : null;
    const detail = context ? `${context.status} ${await context.text()}` : error.message;
    throw new Error(`outbox-sender: ${detail}`);
  }
  return data!;
}

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** The local mailbox (newest first), read as a test may: GET /mailbox/messages with the service key. */
export async function readMailbox(stack: TestStack, to?: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${stack.url}/mailbox/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`, {
    headers: { apikey: stack.serviceRoleKey },
  });
  if (response.status !== 200) throw new Error(`mailbox: ${response.status}`);
  return (await response.json()) as MailboxMessage[];
}
