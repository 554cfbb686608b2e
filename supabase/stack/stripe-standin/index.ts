// A local stand-in for Stripe, the payment provider outside the project, used only by the tests and by
// `npm start`'s demo mode (these machines cannot reach Stripe). The official `stripe` package is pointed
// at it with its host, port and protocol options. It serves the few calls the shop makes, as Stripe
// answers them (form-encoded requests, a secret key, Idempotency-Key replays, Stripe's error shape):
//
//   POST /v1/checkout/sessions             create a Checkout Session (mode payment, price_data lines)
//   GET  /v1/checkout/sessions/:id         retrieve it
//   POST /v1/checkout/sessions/:id/expire  expire an open session now
//   POST /v1/refunds                       refund a paid payment intent, in full or in part
//
// and a minimal hosted page (GET /pay/:id) with "Pay" and "Cancel" that says it is a local stand-in.
// Events go to the webhook endpoint signed as Stripe signs them (`Stripe-Signature: t=…,v1=…`, made by
// the official package's generateTestHeaderString, signed again on every attempt), retried after a
// failure or an answer other than 2xx. Sessions expire at their `expires_at`.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import findMyWay, { type HTTPVersion } from 'find-my-way';
import qs from 'qs';
import Stripe from 'stripe';

export interface StripeStandInOptions {
  /** Port to listen on (0: a free one); a port in use falls back to a free one. */
  port?: number;
  /** Where events are delivered (the stripe-webhook Edge Function); null: nowhere yet. */
  webhookUrl?: string | null;
  /** The endpoint's signing secret (default: a new whsec_… ). */
  webhookSecret?: string;
  /** The API key requests must carry (default: a new sk_test_… ). */
  secretKey?: string;
  /** Waits before each retry of a failed delivery (default 1, 2, 4, 8 s: five attempts in all). */
  retryDelaysMs?: readonly number[];
  /** How often open sessions are checked for expiry (default 1 s). */
  expiryCheckMs?: number;
  log?: (message: string) => void;
}

export interface StandInDelivery {
  eventId: string;
  type: string;
  attempt: number;
  /** HTTP status of the endpoint's answer, or 0 when it could not be reached. */
  status: number;
}

type Obj = Record<string, unknown>;

export interface StripeStandIn {
  url: string;
  host: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** Every delivery attempt so far, oldest first. */
  deliveries: StandInDelivery[];
  /** Every event sent, oldest first (each as delivered). */
  events: Obj[];
  setWebhookUrl(url: string | null): void;
  /** Pays an open session as the hosted page's "Pay" does; returns the session. */
  pay(sessionId: string): Promise<Obj>;
  /** Resolves once every delivery (with its retries) so far has finished. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const API_VERSION = '2025-10-29.clover';

function newId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) {
        reject(new Error('Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req'), ...headers });
  res.end(text);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function integer(value: unknown, param: string, min = 0): number {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || number < min)
    throw new StripeApiError(400, `Invalid integer: ${String(value)}`, param);
  return number;
}

function text(value: unknown, param: string): string {
  if (typeof value !== 'string' || value === '')
    throw new StripeApiError(400, `Missing required param: ${param}.`, param);
  return value;
}

function metadataOf(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new StripeApiError(400, 'Invalid metadata', 'metadata');
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, String(entry)]));
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolvePort((server.address() as AddressInfo).port);
    });
  });
}

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const log = options.log ?? (() => undefined);
  const secretKey = options.secretKey ?? newId('sk');
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  const retryDelays = options.retryDelaysMs ?? [1000, 2000, 4000, 8000];
  // Only for signing: the package's own test-header helper (the same HMAC Stripe computes).
  const signer = new Stripe(secretKey);
  let webhookUrl = options.webhookUrl ?? null;
  const sessions = new Map<string, Obj>();
  const intents = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const deliveries: StandInDelivery[] = [];
  const events: Obj[] = [];
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  const now = () => Math.floor(Date.now() / 1000);

  async function deliver(event: Obj): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 1; attempt <= retryDelays.length + 1 && !closed; attempt += 1) {
      if (attempt > 1) await new Promise((resolveWait) => setTimeout(resolveWait, retryDelays[attempt - 2]));
      if (closed || !webhookUrl) return;
      let status = 0;
      try {
        const signature = signer.webhooks.generateTestHeaderString({
          payload,
          secret: webhookSecret,
          timestamp: now(),
        });
        const answer = await fetch(webhookUrl, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Stripe-Signature': signature,
            'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
          signal: AbortSignal.timeout(30_000),
        });
        status = answer.status;
        await answer.text();
      } catch (error) {
        log(
          `[stripe-standin] ${String(event.type)} ${String(event.id)}: ${error instanceof Error ? error.message : error}`,
        );
      }
      deliveries.push({ eventId: String(event.id), type: String(event.type), attempt, status });
      if (status >= 200 && status < 300) return;
      log(
        `[stripe-standin] delivery ${attempt} of ${String(event.id)} (${String(event.type)}) answered ${status}`,
      );
    }
  }

  function emit(type: string, object: Obj): Obj {
    const event: Obj = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    const delivery = deliver(event).finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
    return event;
  }

  function expire(session: Obj): void {
    if (session.status !== 'open')
      throw new StripeApiError(400, `Only Checkout Sessions with a status in [open] can be expired.`);
    session.status = 'expired';
    session.url = null;
    emit('checkout.session.expired', session);
  }

  function pay(session: Obj): void {
    if (session.status !== 'open') throw new StripeApiError(400, 'This Checkout Session is no longer open.');
    const amount = session.amount_total as number;
    const intentId = newId('pi');
    const chargeId = newId('ch');
    const intent: Obj = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency: session.currency,
      status: 'succeeded',
      latest_charge: chargeId,
      metadata: (session.payment_intent_data as Obj | undefined)?.metadata ?? {},
      created: now(),
      livemode: false,
    };
    const charge: Obj = {
      id: chargeId,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      currency: session.currency,
      paid: true,
      refunded: false,
      payment_intent: intentId,
      metadata: {},
      created: now(),
      livemode: false,
    };
    intents.set(intentId, intent);
    charges.set(chargeId, charge);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intentId,
      url: null,
    });
    emit('checkout.session.completed', session);
    emit('payment_intent.succeeded', intent);
  }

  function sessionOf(id: string): Obj {
    const session = sessions.get(id);
    if (!session)
      throw new StripeApiError(404, `No such checkout.session: '${id}'`, 'session', 'invalid_request_error');
    return session;
  }

  const router = findMyWay<HTTPVersion.V1>({
    defaultRoute: (_req, res) =>
      json(res, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' } }),
  });

  let publicUrl = '';

  type Handler = (params: Record<string, string | undefined>, body: Obj) => Obj;
  function api(method: 'GET' | 'POST', path: string, handler: Handler): void {
    router.on(method, path, (req, res, params) => {
      void (async () => {
        try {
          if (req.headers.authorization !== `Bearer ${secretKey}`) {
            throw new StripeApiError(401, 'Invalid API Key provided.');
          }
          const raw = method === 'POST' ? await readBody(req) : '';
          const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
          const replay = typeof key === 'string' ? idempotent.get(`${path}|${key}`) : undefined;
          if (replay) {
            json(res, replay.status, replay.body, { 'Idempotent-Replayed': 'true' });
            return;
          }
          const body = qs.parse(raw, { depth: 5, arrayLimit: 100 }) as Obj;
          const result = handler(params, body);
          if (typeof key === 'string') idempotent.set(`${path}|${key}`, { status: 200, body: result });
          json(res, 200, result);
        } catch (error) {
          if (error instanceof StripeApiError) {
            json(res, error.status, {
              error: {
                type: error.type,
                message: error.message,
                ...(error.param ? { param: error.param } : {}),
              },
            });
          } else {
            log(`[stripe-standin] ${error instanceof Error ? error.stack : error}`);
            json(res, 500, {
              error: { type: 'api_error', message: 'Something went wrong in the stand-in.' },
            });
          }
        }
      })();
    });
  }

  api('POST', '/v1/checkout/sessions', (_params, body) => {
    if (body.mode !== 'payment')
      throw new StripeApiError(400, 'The stand-in serves mode=payment only.', 'mode');
    const lines = body.line_items;
    if (!Array.isArray(lines) || lines.length === 0)
      throw new StripeApiError(400, 'Missing required param: line_items.', 'line_items');
    let amount = 0;
    let currency = '';
    for (const [index, line] of lines.entries()) {
      const item = line as Obj;
      const price = item.price_data as Obj | undefined;
      if (!price)
        throw new StripeApiError(
          400,
          'The stand-in takes price_data lines only.',
          `line_items[${index}][price_data]`,
        );
      const lineCurrency = text(price.currency, `line_items[${index}][price_data][currency]`).toLowerCase();
      if (currency && lineCurrency !== currency)
        throw new StripeApiError(400, 'All line items must have the same currency.');
      currency = lineCurrency;
      amount +=
        integer(price.unit_amount, `line_items[${index}][price_data][unit_amount]`) *
        integer(item.quantity, `line_items[${index}][quantity]`, 1);
    }
    const id = newId('cs');
    const expiresAt =
      body.expires_at === undefined ? now() + 24 * 3600 : integer(body.expires_at, 'expires_at');
    const intentData = (body.payment_intent_data as Obj | undefined) ?? {};
    const session: Obj = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: typeof body.cancel_url === 'string' ? body.cancel_url : null,
      success_url: text(body.success_url, 'success_url'),
      client_reference_id: typeof body.client_reference_id === 'string' ? body.client_reference_id : null,
      created: now(),
      currency,
      customer_email: typeof body.customer_email === 'string' ? body.customer_email : null,
      expires_at: expiresAt,
      livemode: false,
      metadata: metadataOf(body.metadata),
      mode: 'payment',
      payment_intent: null,
      payment_intent_data: { metadata: metadataOf(intentData.metadata) },
      payment_status: 'unpaid',
      status: 'open',
      url: `${publicUrl}/pay/${id}`,
    };
    sessions.set(id, session);
    return withoutPrivate(session);
  });

  api('GET', '/v1/checkout/sessions/:id', (params) => withoutPrivate(sessionOf(params.id ?? '')));

  api('POST', '/v1/checkout/sessions/:id/expire', (params) => {
    const session = sessionOf(params.id ?? '');
    expire(session);
    return withoutPrivate(session);
  });

  api('POST', '/v1/refunds', (_params, body) => {
    const intentId = typeof body.payment_intent === 'string' ? body.payment_intent : null;
    const intent = intentId ? intents.get(intentId) : undefined;
    const charge = intent
      ? charges.get(String(intent.latest_charge))
      : typeof body.charge === 'string'
        ? charges.get(body.charge)
        : undefined;
    if (!charge)
      throw new StripeApiError(
        404,
        `No such payment_intent: '${String(body.payment_intent ?? body.charge ?? '')}'`,
        'payment_intent',
      );
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    const amount = body.amount === undefined ? left : integer(body.amount, 'amount', 1);
    if (left === 0)
      throw new StripeApiError(
        400,
        `Charge ${String(charge.id)} has already been refunded.`,
        undefined,
        'invalid_request_error',
      );
    if (amount > left) {
      throw new StripeApiError(
        400,
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'amount',
      );
    }
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: Obj = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      currency: charge.currency,
      metadata: metadataOf(body.metadata),
      payment_intent: charge.payment_intent,
      reason: typeof body.reason === 'string' ? body.reason : null,
      status: 'succeeded',
      created: now(),
    };
    emit('charge.refunded', charge);
    return refund;
  });

  router.on('GET', '/pay/:id', (_req, res, params) => {
    const session = sessions.get(params.id ?? '');
    if (!session) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('No such Checkout Session');
      return;
    }
    const amount = `${((session.amount_total as number) / 100).toFixed(2)} ${String(session.currency).toUpperCase()}`;
    const open = session.status === 'open';
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay ${escapeHtml(amount)} (local Stripe stand-in)</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
<p role="note" style="background:#fff3cd;padding:.75rem;border-radius:.5rem">This is a local stand-in for Stripe Checkout, for tests and demos only. No card is charged and no money moves.</p>
<h1>Pay ${escapeHtml(amount)}</h1>
${
  open
    ? `<form method="post" action="/pay/${escapeHtml(String(session.id))}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${escapeHtml(String(session.id))}/cancel" style="margin-top:1rem"><button type="submit">Cancel</button></form>`
    : `<p>This payment page is ${escapeHtml(String(session.status))}.</p>`
}
</body></html>`;
    res
      .writeHead(open ? 200 : 410, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
      })
      .end(page);
  });

  const redirect = (res: ServerResponse, url: string) => res.writeHead(303, { Location: url }).end();

  router.on('POST', '/pay/:id/pay', (req, res, params) => {
    req.resume();
    const session = sessions.get(params.id ?? '');
    if (!session || session.status !== 'open') {
      res
        .writeHead(410, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('This payment page is no longer open');
      return;
    }
    pay(session);
    redirect(res, String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', String(session.id)));
  });

  router.on('POST', '/pay/:id/cancel', (req, res, params) => {
    req.resume();
    const session = sessions.get(params.id ?? '');
    if (!session || !session.cancel_url) {
      res
        .writeHead(410, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('This payment page is no longer open');
      return;
    }
    // As on Stripe: leaving the page does not end the session; it expires later (or is paid after all).
    redirect(res, String(session.cancel_url).replaceAll('{CHECKOUT_SESSION_ID}', String(session.id)));
  });

  function withoutPrivate(session: Obj): Obj {
    const { payment_intent_data: _hidden, ...visible } = session;
    return structuredClone(visible);
  }

  const server = createServer((req, res) => router.lookup(req, res));
  let port: number;
  try {
    port = await listen(server, options.port ?? 0);
  } catch {
    log(`[stripe-standin] port ${options.port} is in use; taking a free one`);
    port = await listen(server, 0);
  }
  publicUrl = `http://localhost:${port}`;

  const expiry = setInterval(() => {
    for (const session of sessions.values()) {
      if (session.status === 'open' && (session.expires_at as number) <= now()) expire(session);
    }
  }, options.expiryCheckMs ?? 1000);
  expiry.unref();

  return {
    url: publicUrl,
    host: '127.0.0.1',
    port,
    secretKey,
    webhookSecret,
    deliveries,
    events,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    async pay(sessionId) {
      const session = sessionOf(sessionId);
      pay(session);
      return withoutPrivate(session);
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async close() {
      closed = true;
      clearInterval(expiry);
      await new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      });
    },
  };
}
