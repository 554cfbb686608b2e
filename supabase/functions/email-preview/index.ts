// The back office's preview of every e-mail the shop sends: each kind rendered by the same templates
// the outbox sender uses (../_shared/email-templates.ts) with sample data. Only staff with the orders
// permission are served: the caller's own JWT asks the database (has_admin_permission). Answers
// { mails: [{ kind, label, subject, text, html, links }] }. While an emergency is open the back-in-stock
// e-mail holds a unit, so its sample says until when (now + store_settings.waitlist_hold_hours), as the
// real one does. SUPABASE_URL, SUPABASE_ANON_KEY come from
// the platform; SHOP_URL is the storefront's address (as for outbox-sender).
import { createClient } from '@supabase/supabase-js';
import { previewMessages, renderMail } from '../_shared/email-templates.ts';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...cors, 'Content-Type': 'application/json' },
  });
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
  if (request.method !== 'POST') return json({ message: 'Use POST' }, 405);
  const authorization = request.headers.get('Authorization') ?? '';
  const client = createClient(Deno.env.get('SUPABASE_URL') ?? '', Deno.env.get('SUPABASE_ANON_KEY') ?? '', {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data: allowed, error } = await client.rpc('has_admin_permission', { p_permission: 'orders' });
  if (error) return json({ message: 'Could not check your permission' }, 502);
  if (allowed !== true) return json({ message: 'Permission denied' }, 403);
  const shopUrl = Deno.env.get('SHOP_URL') ?? 'https://shop.example.com';
  const [emergency, settings] = await Promise.all([
    client.from('emergencies').select('id').is('ended_at', null).maybeSingle(),
    client.from('store_settings').select('waitlist_hold_hours').maybeSingle(),
  ]);
  if (emergency.error || settings.error) return json({ message: 'Could not read the emergency' }, 502);
  const holdHours = Number(
    (settings.data as { waitlist_hold_hours?: number } | null)?.waitlist_hold_hours ?? 2,
  );
  const heldUntil = emergency.data ? new Date(Date.now() + holdHours * 3_600_000).toISOString() : null;
  const mails = previewMessages(heldUntil).map(({ kind, label, payload }) => ({
    kind,
    label,
    ...renderMail(kind, payload, shopUrl),
  }));
  return json({ mails });
});
