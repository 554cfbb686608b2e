// /auth/v1, /mailbox and /storage/v1 through the real stack (gateway with apikey checks, migrations,
// seed) with @supabase/supabase-js, including the admin password-reset journey and auth meeting RLS.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../test/harness.ts';
import { testClientOptions } from './test-stack.ts';

let stack: TestStack;
const savedEnv = { ...process.env };

function client(flowType: 'implicit' | 'pkce' = 'implicit', key = stack.anonKey): SupabaseClient {
  return createClient(stack.url, key, testClientOptions(flowType));
}

interface MailJson {
  subject: string;
  text: string;
  links: string[];
}

async function mailsFor(email: string): Promise<MailJson[]> {
  const res = await fetch(`${stack.url}/mailbox/messages?to=${encodeURIComponent(email)}`, {
    headers: { apikey: stack.serviceRoleKey },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as MailJson[];
}

beforeAll(async () => {
  process.env.SUPABASE_AUTH_REFRESH_TOKEN_REUSE_INTERVAL = '0';
  process.env.SUPABASE_AUTH_EMAIL_MAX_FREQUENCY = '0';
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.stop();
  process.env = savedEnv;
});

describe('seeded accounts', () => {
  it.each([
    ['demo@example.com', 'demo1234', 'Jamie'],
    ['customer@example.com', 'customer1234', 'Sam'],
    ['admin@example.com', 'admin1234', 'Alex'],
    ['inactive.admin@example.com', 'inactive1234', 'Riley'],
    ['orders.admin@example.com', 'orders1234', 'Taylor'],
  ])('%s signs in with its seeded password', async (email, password, firstName) => {
    const { data, error } = await client().auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.user?.user_metadata.first_name).toBe(firstName);
    expect(data.user?.last_sign_in_at).toBeTruthy();
  });

  it('refuses a wrong password with invalid_credentials', async () => {
    const { error } = await client().auth.signInWithPassword({
      email: 'demo@example.com',
      password: 'nope-nope',
    });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');
  });

  it('a session JWT is what RLS sees: an administrator reads their admin_users row', async () => {
    const c = client();
    await c.auth.signInWithPassword({ email: 'admin@example.com', password: 'admin1234' });
    const { data, error } = await c
      .from('admin_users')
      .select('role, active')
      .eq('user_id', '00000000-0000-4000-8000-000000000003');
    expect(error).toBeNull();
    expect(data).toEqual([{ role: 'super_admin', active: 1 }]);
    const isAdmin = await c.rpc('is_active_admin');
    expect(isAdmin.data).toBe(true);
    const customer = client();
    await customer.auth.signInWithPassword({ email: 'customer@example.com', password: 'customer1234' });
    expect((await customer.rpc('is_active_admin')).data).toBe(false);
  });
});

describe('sign-up through the gateway', () => {
  it('creates an account that signs in once its e-mail is confirmed (config.toml: enable_confirmations); a taken e-mail reveals nothing', async () => {
    const email = `new.${Date.now()}@example.com`;
    const signUp = await client().auth.signUp({
      email,
      password: 'fresh-pass-1',
      options: { data: { first_name: 'Casey', last_name: 'Nguyen' } },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    const early = await client().auth.signInWithPassword({ email, password: 'fresh-pass-1' });
    expect(early.error?.code).toBe('email_not_confirmed');
    const mails = (await (
      await fetch(`${stack.url}/mailbox/messages?to=${encodeURIComponent(email)}`, {
        headers: { apikey: stack.serviceRoleKey },
      })
    ).json()) as { subject: string; links: string[] }[];
    expect(mails[0]?.subject).toBe('Confirm Your Signup');
    const followed = await fetch(mails[0]?.links[0] ?? '', { redirect: 'manual' });
    expect(followed.headers.get('location')).toContain('access_token=');
    const again = await client().auth.signInWithPassword({ email, password: 'fresh-pass-1' });
    expect(again.data.user?.user_metadata.first_name).toBe('Casey');
    const taken = await client().auth.signUp({ email: 'demo@example.com', password: 'whatever1' });
    expect(taken.error).toBeNull();
    expect(taken.data.user?.identities).toEqual([]);
    expect(taken.data.session).toBeNull();
    const weak = await client().auth.signUp({ email: `weak.${Date.now()}@example.com`, password: '123' });
    expect(weak.error?.code).toBe('weak_password');
  });

  it('needs an apikey on /auth/v1 except for the open paths', async () => {
    const noKey = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'demo1234' }),
    });
    expect(noKey.status).toBe(401);
    expect((await fetch(`${stack.url}/auth/v1/health`)).status).toBe(200);
  });
});

describe('refresh tokens and sign-out', () => {
  it('rotates, detects reuse and honours sign-out scopes', async () => {
    const { data } = await client().auth.signInWithPassword({
      email: 'customer@example.com',
      password: 'customer1234',
    });
    const first = data.session?.refresh_token ?? '';
    const second = await client().auth.refreshSession({ refresh_token: first });
    const secondToken = second.data.session?.refresh_token ?? '';
    const third = await client().auth.refreshSession({ refresh_token: secondToken });
    expect(third.error).toBeNull();
    const reuse = await client().auth.refreshSession({ refresh_token: first });
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    expect((await client().auth.getUser(third.data.session?.access_token)).error?.name).toBe(
      'AuthSessionMissingError',
    );

    const a = client();
    const b = client();
    await a.auth.signInWithPassword({ email: 'customer@example.com', password: 'customer1234' });
    await b.auth.signInWithPassword({ email: 'customer@example.com', password: 'customer1234' });
    const bToken = (await b.auth.getSession()).data.session?.access_token;
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await client().auth.getUser(bToken)).error).not.toBeNull();
    expect((await a.auth.getUser()).error).toBeNull();
    expect((await a.auth.signOut()).error).toBeNull();
    expect((await a.auth.getSession()).data.session).toBeNull();
  });
});

describe('admin password reset through the mailbox', () => {
  it('recover (PKCE) -> mail link -> /admin/login?code= -> exchange -> new password -> sign in', async () => {
    const email = 'orders.admin@example.com';
    const c = client('pkce');
    const redirectTo = 'http://localhost:4000/admin/login';
    expect((await c.auth.resetPasswordForEmail(email, { redirectTo })).error).toBeNull();
    const [mail] = await mailsFor(email);
    expect(mail?.subject).toBe('Reset Your Password');
    const link = mail?.links[0] ?? '';
    expect(link.startsWith(`${stack.url}/auth/v1/verify?`)).toBe(true);

    const followed = await fetch(link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const location = new URL(followed.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(redirectTo);
    const { data, error } = await c.auth.exchangeCodeForSession(location.searchParams.get('code') ?? '');
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect((await c.auth.updateUser({ password: 'orders-new-1' })).error).toBeNull();

    expect((await client().auth.signInWithPassword({ email, password: 'orders1234' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await client().auth.signInWithPassword({ email, password: 'orders-new-1' })).error).toBeNull();
  });

  it('answers 200 and sends nothing for an unknown address (GoTrue behaviour)', async () => {
    const email = 'nobody.here@example.com';
    expect((await client().auth.resetPasswordForEmail(email)).error).toBeNull();
    expect(await mailsFor(email)).toEqual([]);
  });
});

describe('admin user endpoints', () => {
  it('work with the service role and refuse anon and signed-in users', async () => {
    const service = client('implicit', stack.serviceRoleKey);
    const list = await service.auth.admin.listUsers({ page: 1, perPage: 100 });
    expect(list.error).toBeNull();
    expect(list.data.users.map((u) => u.email)).toContain('admin@example.com');
    const demo = await service.auth.admin.getUserById('00000000-0000-4000-8000-000000000001');
    expect(demo.data.user?.email).toBe('demo@example.com');
    const missing = await service.auth.admin.getUserById('00000000-0000-4000-8000-0000000000ff');
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('user_not_found');

    expect((await client().auth.admin.listUsers()).error?.status).toBe(403);
    const customer = client();
    const { data } = await customer.auth.signInWithPassword({
      email: 'demo@example.com',
      password: 'demo1234',
    });
    const asCustomer = await fetch(`${stack.url}/auth/v1/admin/users`, {
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${data.session?.access_token}` },
    });
    expect(asCustomer.status).toBe(403);
  });
});

describe('JWTs on /auth/v1/user', () => {
  it('refuses forged, expired and alg-none tokens', async () => {
    const { data } = await client().auth.signInWithPassword({
      email: 'demo@example.com',
      password: 'demo1234',
    });
    const good = data.session?.access_token ?? '';
    const payload = JSON.parse(Buffer.from(good.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(40)));
    const expired = await new SignJWT({ ...payload, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(stack.jwtSecret));
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${good.split('.')[1]}.`;
    for (const token of [forged, expired, none]) {
      const res = await fetch(`${stack.url}/auth/v1/user`, {
        headers: { apikey: stack.anonKey, Authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error_code: string }).error_code).toBe('bad_jwt');
    }
  });
});

describe('public storage', () => {
  it('serves the seeded catalogue images without an apikey', async () => {
    const { data } = await client().from('categories').select('image_url').limit(1).single();
    const path = new URL(String(data?.image_url)).pathname;
    const res = await fetch(`${stack.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    const missing = await fetch(`${stack.url}/storage/v1/object/public/catalog/missing.svg`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      statusCode: '404',
      error: 'not_found',
      message: 'Object not found',
    });
  });
});

describe('rate limits from the environment', () => {
  it('answers 429 over_request_rate_limit once sign-ins exceed the limit', async () => {
    process.env.SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS = '2';
    const limited = await startTestStack({ seed: false });
    try {
      const c = createClient(limited.url, limited.anonKey, testClientOptions());
      const email = 'limit@example.com';
      expect((await c.auth.signUp({ email, password: 'secret123' })).error).toBeNull();
      await limited.db.query(`update auth.users set email_confirmed_at = now() where email = $1`, [email]);
      expect((await c.auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();
      const over = await c.auth.signInWithPassword({ email, password: 'secret123' });
      expect(over.error?.status).toBe(429);
      expect(over.error?.code).toBe('over_request_rate_limit');
    } finally {
      delete process.env.SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS;
      await limited.stop();
    }
  });
});
