// The outbox sender, the same code locally and hosted: claims due messages of public.outbox_messages
// (outbox_claim: `for update skip locked` plus a lease), renders each as an e-mail, delivers it with the
// message id as idempotency key, then marks it sent (outbox_mark_sent); a failed delivery is retried with
// backoff (outbox_mark_failed). A sender that dies between delivering and marking leaves the message
// claimed; once the lease ends the next run delivers it again under the same key, and the mail service
// drops the duplicate (the local relay stand-in by the idempotency key). The e-mails themselves are made
// by ./email-templates.ts. Plain TypeScript without Node or Deno imports: the Edge Function
// (../outbox-sender/, locally and hosted) runs it, the unit tests import it in Node. Its one package,
// email-addresses (an RFC 5322 parser), resolves from supabase/package.json in Node and through
// ../outbox-sender/deno.json's import map in Deno.
import emailAddresses from 'email-addresses';
import { renderMail } from './email-templates.ts';

export type OutboxKind =
  | 'waitlist_confirmation'
  | 'waitlist_back_in_stock'
  | 'order_placed'
  | 'order_paid'
  | 'order_shipped'
  | 'order_cancelled'
  | 'order_refunded'
  | 'newsletter_confirmation'
  | 'newsletter_issue'
  | 'supply_reminder'
  | 'contact_message';

export interface OutboxMessage {
  id: string;
  kind: OutboxKind | string;
  recipient: string;
  payload: Record<string, unknown>;
  attempts: number;
  claim_token: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Extra headers for a real mail server (List-Unsubscribe); the local mailbox ignores them. */
  headers: Record<string, string>;
}

/** Where the sender reads and settles messages (the outbox_* functions, as the service role). */
export interface OutboxStore {
  claim(limit: number, leaseSeconds: number): Promise<OutboxMessage[]>;
  markSent(id: string): Promise<void>;
  markFailed(id: string, claimToken: string, error: string): Promise<void>;
}

/** Delivers one e-mail; must drop a second delivery with the same idempotency key. */
export interface MailTransport {
  send(mail: OutgoingMail, idempotencyKey: string): Promise<void>;
}

export { shopPaths } from './email-templates.ts';

/**
 * The recipient when it is one plain address (`local@domain`), else an error. Mailbox syntax would let
 * one stored text reach somebody else: 'a<victim@x.com>', '(c)victim@x.com' and 'z,victim@x.com' are
 * each delivered to victim@x.com by a mail server. So the recipient is parsed as RFC 5322 does, and only
 * a single mailbox with no display name, no comment (nor folding white space), no quoted local part and
 * no address literal, written exactly as its address, is sent to. The database holds the same rule
 * (email_plain_normalised); this refuses whatever reaches the sender anyway.
 */
export function plainRecipient(recipient: string): string {
  const parsed = emailAddresses.parseOneAddress({ input: recipient, rejectTLD: true });
  const plain =
    parsed !== null &&
    parsed.type === 'mailbox' &&
    parsed.name === null &&
    parsed.parts.comments.length === 0 &&
    parsed.address === recipient &&
    !parsed.domain.startsWith('[');
  if (!plain)
    throw new Error(`Refused: the recipient ${JSON.stringify(recipient)} is not a plain e-mail address`);
  return recipient;
}

/** The e-mail for an outbox message (templates: ./email-templates.ts); `shopUrl` is the storefront's address. */
export function renderOutboxMail(message: OutboxMessage, shopUrl: string): OutgoingMail {
  const to = plainRecipient(message.recipient);
  return { to, ...renderMail(message.kind, message.payload, shopUrl) };
}

export interface SendOptions {
  store: OutboxStore;
  transport: MailTransport;
  shopUrl: string;
  /** Messages claimed per round (default 20). */
  limit?: number;
  /** Seconds a claim holds before another sender may take the message again (default 60). */
  leaseSeconds?: number;
  log?: (message: string) => void;
}

export interface SendResult {
  sent: number;
  failed: number;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One round: claims due messages and delivers each, then marks it. A failed delivery (render or
 * transport) is marked failed for a retry; a failure to mark (the database gone) ends the round with
 * that error, leaving the rest claimed until their lease ends.
 */
export async function sendDueMessages(options: SendOptions): Promise<SendResult> {
  const { store, transport, shopUrl } = options;
  const messages = await store.claim(options.limit ?? 20, options.leaseSeconds ?? 60);
  const result: SendResult = { sent: 0, failed: 0 };
  for (const message of messages) {
    let delivered = false;
    try {
      await transport.send(renderOutboxMail(message, shopUrl), message.id);
      delivered = true;
    } catch (error) {
      options.log?.(`[outbox] delivering ${message.id} failed: ${errorText(error)}`);
      await store.markFailed(message.id, message.claim_token, errorText(error));
      result.failed += 1;
    }
    if (delivered) {
      await store.markSent(message.id);
      result.sent += 1;
    }
  }
  return result;
}

/** Sends until nothing is due (at most `maxRounds` rounds of `limit`). */
export async function drainOutbox(options: SendOptions & { maxRounds?: number }): Promise<SendResult> {
  const total: SendResult = { sent: 0, failed: 0 };
  for (let round = 0; round < (options.maxRounds ?? 50); round += 1) {
    const result = await sendDueMessages(options);
    total.sent += result.sent;
    total.failed += result.failed;
    if (result.sent + result.failed === 0) break;
  }
  return total;
}

export interface OutboxLoop {
  /** Stops polling and waits for the running round. */
  stop(): Promise<void>;
}

/** Polls every `intervalMs` (default 1000) until stopped; a failing round is logged and retried. */
export function startOutboxLoop(options: SendOptions & { intervalMs?: number }): OutboxLoop {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    timer = null;
    running = drainOutbox(options)
      .then(
        () => undefined,
        (error: unknown) => options.log?.(`[outbox] round failed: ${errorText(error)}`),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs ?? 1000);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** The part of a supabase-js client the store needs (`client.rpc`), typed loosely to bundle nothing. */
export interface RpcClient {
  rpc(
    fn: string,
    args: Record<string, unknown>,
  ): PromiseLike<{ data: unknown; error: { message: string } | null }>;
}

/** An OutboxStore over the outbox_* functions through supabase-js with the service role key. */
export function rpcOutboxStore(client: RpcClient): OutboxStore {
  const call = async (fn: string, args: Record<string, unknown>) => {
    const { data, error } = await client.rpc(fn, args);
    if (error) throw new Error(`${fn}: ${error.message}`);
    return data;
  };
  return {
    async claim(limit, leaseSeconds) {
      return ((await call('outbox_claim', { p_limit: limit, p_lease_seconds: leaseSeconds })) ??
        []) as OutboxMessage[];
    },
    async markSent(id) {
      await call('outbox_mark_sent', { p_id: id });
    },
    async markFailed(id, claimToken, error) {
      await call('outbox_mark_failed', { p_id: id, p_claim_token: claimToken, p_error: error });
    },
  };
}
