// What the three Stripe Edge Functions (create-checkout-session, stripe-webhook, stripe-refund) share:
// the secrets, the Stripe client, CORS and JSON answers. Secrets are function secrets, never in a
// browser bundle or /config.json:
//   STRIPE_SECRET_KEY      the secret (or restricted) key; without it card payments are off
//   STRIPE_WEBHOOK_SECRET  the webhook endpoint's signing secret (whsec_…)
//   SHOP_URL               the storefront's address, for the success and cancel URLs
//   STRIPE_API_HOST, STRIPE_API_PORT, STRIPE_API_PROTOCOL   only locally: the Stripe stand-in
// SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY are provided by the platform.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import Stripe from 'stripe';

declare const Deno: { env: { get(name: string): string | undefined } };

export const env = (name: string): string | undefined => Deno.env.get(name) || undefined;

export function required(name: string): string {
  const value = env(name);
  if (!value) throw new Error(`Missing secret ${name}`);
  return value;
}

/** The shop's one currency: orders are in US dollars. */
export const CURRENCY = 'usd';

export function cardPaymentsOn(): boolean {
  return Boolean(env('STRIPE_SECRET_KEY') && env('STRIPE_WEBHOOK_SECRET'));
}

export function stripeClient(): Stripe {
  const host = env('STRIPE_API_HOST');
  const port = env('STRIPE_API_PORT');
  const protocol = env('STRIPE_API_PROTOCOL');
  return new Stripe(required('STRIPE_SECRET_KEY'), {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    ...(host ? { host } : {}),
    ...(port ? { port: Number(port) } : {}),
    ...(protocol === 'http' || protocol === 'https' ? { protocol } : {}),
  });
}

const noSession = { auth: { persistSession: false, autoRefreshToken: false } };

/** The database as the service role (bypasses RLS; only the stripe_* functions are called with it). */
export function serviceClient(): SupabaseClient {
  return createClient(required('SUPABASE_URL'), required('SUPABASE_SERVICE_ROLE_KEY'), noSession);
}

/** The database as the caller (their JWT): row-level security and permissions apply. */
export function callerClient(request: Request): SupabaseClient {
  return createClient(required('SUPABASE_URL'), required('SUPABASE_ANON_KEY'), {
    ...noSession,
    global: { headers: { Authorization: request.headers.get('Authorization') ?? '' } },
  });
}

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
};

export function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json' },
  });
}

/** The request's JSON object body, or null. */
export async function jsonBody(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await request.json();
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Dollars as Stripe's smallest unit (cents), exactly: numeric(10,2) arrives as a number or a string. */
export function cents(amount: number | string): number {
  const [whole = '0', fraction = ''] = String(amount).split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}
