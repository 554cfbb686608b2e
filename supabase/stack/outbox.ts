// The local stack's outbox sender: the shared sender (functions/_shared/outbox-sender.ts) with the
// outbox_* functions called as the service role on the stack's own database, and delivery into the
// local mailbox (auth.local_mailbox), which keeps one message per idempotency key (the outbox id).
import {
  type MailTransport,
  type OutboxLoop,
  type OutboxMessage,
  type OutboxStore,
  startOutboxLoop,
} from '../functions/_shared/outbox-sender.ts';
import type { Db, Queryable } from './context.ts';

export { drainOutbox, rpcOutboxStore, sendDueMessages } from '../functions/_shared/outbox-sender.ts';
export type { MailTransport, OutboxMessage, OutboxStore } from '../functions/_shared/outbox-sender.ts';

/** outbox_claim / outbox_mark_sent / outbox_mark_failed, each in its own transaction as service_role. */
export function dbOutboxStore(db: Db): OutboxStore {
  const asService = <T>(fn: (tx: Queryable) => Promise<T>) =>
    db.withRequestContext({ role: 'service_role' }, 'service_role', fn);
  return {
    async claim(limit, leaseSeconds) {
      return asService(
        async (tx) =>
          (
            await tx.query<OutboxMessage>(
              `select id, kind, recipient, payload, attempts, claim_token from public.outbox_claim($1, $2)`,
              [limit, leaseSeconds],
            )
          ).rows,
      );
    },
    async markSent(id) {
      await asService((tx) => tx.query(`select public.outbox_mark_sent($1)`, [id]));
    },
    async markFailed(id, claimToken, error) {
      await asService((tx) =>
        tx.query(`select public.outbox_mark_failed($1, $2, $3)`, [id, claimToken, error]),
      );
    },
  };
}

/** Delivery into the local mailbox; a second delivery under the same key is dropped. */
export function mailboxTransport(db: Queryable): MailTransport {
  return {
    async send(mail, idempotencyKey) {
      await db.query(
        `insert into auth.local_mailbox (to_email, subject, text_body, html_body, links, idempotency_key)
         values ($1, $2, $3, $4, $5::text[], $6)
         on conflict (idempotency_key) do nothing`,
        [mail.to.toLowerCase(), mail.subject, mail.text, mail.html, mail.links, idempotencyKey],
      );
    },
  };
}

export interface LocalOutboxOptions {
  shopUrl: string;
  intervalMs?: number;
  log?: (message: string) => void;
}

/** The sender as the stack runs it: polls the outbox and delivers to the local mailbox until stopped. */
export function startLocalOutboxSender(db: Db, options: LocalOutboxOptions): OutboxLoop {
  return startOutboxLoop({
    store: dbOutboxStore(db),
    transport: mailboxTransport(db),
    shopUrl: options.shopUrl,
    ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
}
