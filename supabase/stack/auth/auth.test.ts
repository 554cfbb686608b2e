// Drives /auth/v1 through @supabase/supabase-js against an in-process stack (PGlite + the auth handler).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAuthTestStack, testClientOptions, type TestStack } from './test-stack.ts';

vi.setConfig({ testTimeout: 20_000 });

let stack: TestStack;

function client(flowType: 'implicit' | 'pkce' = 'implicit', key = stack.anonKey): SupabaseClient {
  return createClient(stack.url, key, testClientOptions(flowType));
}

let counter = 0;
function freshEmail(): string {
  counter += 1;
  return `user${counter}.${Date.now()}@example.com`;
}

async function signUp(email = freshEmail(), password = 'secret123') {
  const { data, error } = await client().auth.signUp({
    email,
    password,
    options: { data: { first_name: 'Jamie', last_name: 'Carter' } },
  });
  expect(error).toBeNull();
  return { email, password, data };
}

async function rawAuth(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${stack.url}/auth/v1${path}`, {
    ...init,
    headers: { apikey: stack.anonKey, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });
}

interface MailJson {
  to: string;
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
  stack = await startAuthTestStack({ env: { SUPABASE_AUTH_REFRESH_TOKEN_REUSE_INTERVAL: '0' } });
}, 60_000);

afterAll(async () => {
  await stack.stop();
});

describe('sign-up', () => {
  it('creates a confirmed user with metadata and answers a session (autoconfirm)', async () => {
    const { email, data } = await signUp();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.expires_in).toBe(3600);
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.user_metadata.first_name).toBe('Jamie');
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(data.user?.identities?.[0]?.provider).toBe('email');
    const { rows } = await stack.db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where email = $1',
      [email],
    );
    expect(rows[0]?.encrypted_password).toMatch(/^\$2[ab]\$10\$/);
  });

  it('refuses an e-mail that is already registered with user_already_exists', async () => {
    const { email } = await signUp();
    const { data, error } = await client().auth.signUp({
      email: email.toUpperCase(),
      password: 'another123',
    });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
    expect(error?.message).toBe('User already registered');
  });

  it('refuses a short password with weak_password and its reasons', async () => {
    const { error } = await client().auth.signUp({ email: freshEmail(), password: '12345' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect(error?.message).toBe('Password should be at least 6 characters.');
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
  });

  it('validates the e-mail address and the password presence', async () => {
    const invalid = await client().auth.signUp({ email: 'not-an-email', password: 'secret123' });
    expect(invalid.error?.status).toBe(400);
    expect(invalid.error?.code).toBe('validation_failed');
    const missing = await rawAuth('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: freshEmail() }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Signup requires a valid password',
    });
  });
});

describe('password sign-in', () => {
  it('signs in, sets last_sign_in_at and returns GoTrue claims', async () => {
    const { email, password } = await signUp();
    const { data, error } = await client().auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const token = data.session?.access_token ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      sub: data.user?.id,
      iss: `${stack.url}/auth/v1`,
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(typeof claims.session_id).toBe('string');
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(claims.amr).toEqual([expect.objectContaining({ method: 'password' })]);
    expect(data.user?.last_sign_in_at).toBeTruthy();
  });

  it('answers invalid_credentials for a wrong password and for an unknown e-mail', async () => {
    const { email } = await signUp();
    for (const attempt of [
      { email, password: 'wrong-password' },
      { email: freshEmail(), password: 'secret123' },
    ]) {
      const { data, error } = await client().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('accepts bcrypt hashes made by pgcrypto crypt() as seed.sql writes them', async () => {
    const email = freshEmail();
    await stack.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
         crypt('seeded123', gen_salt('bf')), now(), '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
      [email],
    );
    const { data, error } = await client().auth.signInWithPassword({ email, password: 'seeded123' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('refuses banned users', async () => {
    const { email, password } = await signUp();
    await stack.db.query(`update auth.users set banned_until = now() + interval '1 day' where email = $1`, [
      email,
    ]);
    const { error } = await client().auth.signInWithPassword({ email, password });
    expect(error?.code).toBe('user_banned');
  });
});

describe('sessions', () => {
  it('rotates refresh tokens and destroys the session when a revoked token is reused', async () => {
    const { email, password } = await signUp();
    const first = await client().auth.signInWithPassword({ email, password });
    const tokenA = first.data.session?.refresh_token ?? '';
    const b = await client().auth.refreshSession({ refresh_token: tokenA });
    expect(b.error).toBeNull();
    const tokenB = b.data.session?.refresh_token ?? '';
    expect(tokenB).not.toBe(tokenA);
    // A lost answer: the parent of the active token gets the active token back.
    const again = await client().auth.refreshSession({ refresh_token: tokenA });
    expect(again.data.session?.refresh_token).toBe(tokenB);
    const c = await client().auth.refreshSession({ refresh_token: tokenB });
    const tokenC = c.data.session?.refresh_token ?? '';
    expect(tokenC).not.toBe(tokenB);

    const reuse = await client().auth.refreshSession({ refresh_token: tokenA });
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used');

    const afterReuse = await client().auth.refreshSession({ refresh_token: tokenC });
    expect(afterReuse.error?.code).toBe('refresh_token_not_found');
    const user = await client().auth.getUser(c.data.session?.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  it('signs out locally, others and globally', async () => {
    const { email, password } = await signUp();
    const sessions = [];
    for (let i = 0; i < 4; i += 1) {
      const c = client();
      const { data } = await c.auth.signInWithPassword({ email, password });
      sessions.push({ c, token: data.session?.access_token ?? '' });
    }
    const alive = async (token: string) => (await client().auth.getUser(token)).error === null;
    const [s0, s1, s2, s3] = sessions;
    if (!s0 || !s1 || !s2 || !s3) throw new Error('sessions missing');

    expect((await s0.c.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await alive(s0.token)).toBe(false);
    expect(await alive(s1.token)).toBe(true);

    expect((await s1.c.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await alive(s1.token)).toBe(true);
    expect(await alive(s2.token)).toBe(false);

    const s4 = client();
    const { data } = await s4.auth.signInWithPassword({ email, password });
    expect((await s1.c.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect(await alive(s1.token)).toBe(false);
    expect(await alive(data.session?.access_token ?? '')).toBe(false);

    const bad = await rawAuth('/logout?scope=everything', {
      method: 'POST',
      headers: { Authorization: `Bearer ${s3.token}` },
    });
    expect(bad.status).toBe(400);
  });

  it('gets and updates the user (metadata and password)', async () => {
    const { email, password } = await signUp();
    const c = client();
    await c.auth.signInWithPassword({ email, password });
    const got = await c.auth.getUser();
    expect(got.data.user?.email).toBe(email);

    const updated = await c.auth.updateUser({ data: { first_name: 'Sam', last_name: null } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata.first_name).toBe('Sam');
    expect(updated.data.user?.user_metadata).not.toHaveProperty('last_name');

    const weak = await c.auth.updateUser({ password: 'abc' });
    expect(weak.error?.code).toBe('weak_password');
    const same = await c.auth.updateUser({ password });
    expect(same.error?.code).toBe('same_password');
    expect((await c.auth.updateUser({ password: 'brand-new-1' })).error).toBeNull();

    expect((await client().auth.signInWithPassword({ email, password })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await client().auth.signInWithPassword({ email, password: 'brand-new-1' })).error).toBeNull();
  });
});

const otpOf = (mail: MailJson): string => /enter the code: (\d+)/.exec(mail.text)?.[1] ?? '';

describe('e-mail change (PUT /user, [auth.email] double_confirm_changes)', () => {
  it('double: mails both addresses and changes nothing until both are confirmed', async () => {
    const { email, password } = await signUp();
    const c = client();
    await c.auth.signInWithPassword({ email, password });
    const newEmail = freshEmail();

    const asked = await c.auth.updateUser({ email: newEmail });
    expect(asked.error).toBeNull();
    expect(asked.data.user?.email).toBe(email);
    expect(asked.data.user?.new_email).toBe(newEmail);
    expect(asked.data.user?.email_change_sent_at).toBeTruthy();
    // Nothing changed yet: the old address still signs in, the new one does not.
    expect((await client().auth.signInWithPassword({ email, password })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: newEmail, password })).error?.code).toBe(
      'invalid_credentials',
    );

    const [toNew] = await mailsFor(newEmail);
    const [toOld] = await mailsFor(email);
    expect(toNew?.subject).toBe('Confirm Email Change');
    expect(toOld?.subject).toBe('Confirm Email Change');
    expect(toNew?.text).toContain(`from ${email} to ${newEmail}`);
    const newLink = new URL(toNew!.links[0]!);
    expect(newLink.searchParams.get('type')).toBe('email_change');
    expect(newLink.searchParams.get('token')).not.toBe(new URL(toOld!.links[0]!).searchParams.get('token'));

    // First confirmation (the new address's link): accepted, but the e-mail stays.
    const first = await rawAuth('/verify', {
      method: 'POST',
      body: JSON.stringify({ type: 'email_change', token_hash: newLink.searchParams.get('token') }),
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    });
    expect((await c.auth.getUser()).data.user?.email).toBe(email);
    const again = await rawAuth('/verify', {
      method: 'POST',
      body: JSON.stringify({ type: 'email_change', token_hash: newLink.searchParams.get('token') }),
    });
    expect(again.status).toBe(403);

    // Second confirmation (the old address's code, as supabase-js sends it): the change happens.
    const second = await client().auth.verifyOtp({ email, token: otpOf(toOld!), type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(newEmail);
    expect(second.data.user?.new_email).toBeUndefined();
    expect(second.data.session?.access_token).toBeTruthy();
    expect((await client().auth.signInWithPassword({ email: newEmail, password })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password })).error?.code).toBe(
      'invalid_credentials',
    );
    const replay = await client().auth.verifyOtp({ email, token: otpOf(toOld!), type: 'email_change' });
    expect(replay.error?.code).toBe('otp_expired');
  });

  it('refuses an address another user has, and a wrong code changes nothing', async () => {
    const taken = await signUp();
    const { email, password } = await signUp();
    const c = client();
    await c.auth.signInWithPassword({ email, password });
    expect((await c.auth.updateUser({ email: taken.email })).error?.code).toBe('email_exists');
    const newEmail = freshEmail();
    expect((await c.auth.updateUser({ email: newEmail })).error).toBeNull();
    const wrong = await client().auth.verifyOtp({ email: newEmail, token: '000000', type: 'email_change' });
    expect(wrong.error?.code).toBe('otp_expired');
    expect((await c.auth.getUser()).data.user?.email).toBe(email);
  });

  it('single (double_confirm_changes = false): only the new address is mailed and its link completes it', async () => {
    const single = await startAuthTestStack({
      auth: { email: { double_confirm_changes: false, max_frequency: '0s', otp_expiry: 3600 } },
    });
    try {
      const c = createClient(single.url, single.anonKey, testClientOptions());
      const email = freshEmail();
      expect((await c.auth.signUp({ email, password: 'secret123' })).error).toBeNull();
      const newEmail = freshEmail();
      expect((await c.auth.updateUser({ email: newEmail })).data.user?.email).toBe(email);
      const read = async (to: string) =>
        (await (
          await fetch(`${single.url}/mailbox/messages?to=${encodeURIComponent(to)}`, {
            headers: { apikey: single.serviceRoleKey },
          })
        ).json()) as MailJson[];
      expect(await read(email)).toEqual([]);
      const [mail] = await read(newEmail);
      const res = await fetch(mail!.links[0]!, { redirect: 'manual' });
      expect(res.status).toBe(303);
      const fragment = new URLSearchParams(new URL(res.headers.get('location') ?? '').hash.slice(1));
      expect(fragment.get('type')).toBe('email_change');
      expect(fragment.get('access_token')).toBeTruthy();
      expect((await c.auth.getUser()).data.user?.email).toBe(newEmail);
    } finally {
      await single.stop();
    }
  });
});

describe('password recovery', () => {
  it('recover -> mailbox -> verify (PKCE) -> code exchange -> new password -> sign in', async () => {
    const { email } = await signUp();
    const c = client('pkce');
    const redirectTo = 'http://localhost:4000/admin/login';
    const sent = await c.auth.resetPasswordForEmail(email, { redirectTo });
    expect(sent.error).toBeNull();

    const [mail] = await mailsFor(email);
    expect(mail?.subject).toBe('Reset Your Password');
    const link = mail?.links[0] ?? '';
    expect(link).toContain('/auth/v1/verify?token=pkce_');
    expect(mail?.text).toContain(link);

    const verify = await fetch(link, { redirect: 'manual' });
    expect(verify.status).toBe(303);
    const location = new URL(verify.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(redirectTo);
    const code = location.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const exchanged = await c.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
    expect((exchanged.data as { redirectType?: unknown }).redirectType).toBe('recovery');
    expect((await c.auth.updateUser({ password: 'recovered-1' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'recovered-1' })).error).toBeNull();

    // The link works once.
    const reused = await fetch(link, { redirect: 'manual' });
    const reusedLocation = new URL(reused.headers.get('location') ?? '');
    expect(reusedLocation.searchParams.get('error_code')).toBe('otp_expired');
  });

  it('implicit links put the session in the fragment with type=recovery', async () => {
    const { email } = await signUp();
    await client().auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:3000/admin/login' });
    const link = (await mailsFor(email))[0]?.links[0] ?? '';
    expect(link).not.toContain('pkce_');
    const res = await fetch(link, { redirect: 'manual' });
    const location = new URL(res.headers.get('location') ?? '');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const access = fragment.get('access_token') ?? '';
    expect((await client().auth.getUser(access)).data.user?.email).toBe(email);
    expect(fragment.get('refresh_token')).toBeTruthy();
  });

  it('verifies a recovery by token_hash or by e-mail and code (POST /verify)', async () => {
    const { email } = await signUp();
    await client().auth.resetPasswordForEmail(email);
    const link = new URL((await mailsFor(email))[0]?.links[0] ?? '');
    const tokenHash = link.searchParams.get('token') ?? '';
    const byHash = await client().auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(byHash.error).toBeNull();
    expect(byHash.data.session?.access_token).toBeTruthy();

    await new Promise((resolve) => setTimeout(resolve, 1100));
    await client().auth.resetPasswordForEmail(email);
    const code = /enter the code: (\d{6})/.exec((await mailsFor(email))[0]?.text ?? '')?.[1] ?? '';
    const byCode = await client().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(byCode.error).toBeNull();
    const wrong = await client().auth.verifyOtp({ email, token: '000000', type: 'recovery' });
    expect(wrong.error?.code).toBe('otp_expired');
  });

  it('answers 200 without sending anything for an unknown e-mail (GoTrue behaviour)', async () => {
    const email = freshEmail();
    const { error } = await client().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(await mailsFor(email)).toEqual([]);
  });

  it('falls back to site_url for a redirect_to outside the allow list', async () => {
    const { email } = await signUp();
    await client().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example.net/steal' });
    const link = (await mailsFor(email))[0]?.links[0] ?? '';
    expect(new URL(link).searchParams.get('redirect_to')).toBe('http://localhost:3000');
  });
});

describe('rate limits', () => {
  it('limits sign-ins per IP, e-mails per hour and e-mails per user', async () => {
    const limited = await startAuthTestStack({
      env: {
        SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '3',
        SUPABASE_AUTH_RATE_LIMIT_EMAIL_SENT: '2',
      },
      auth: { email: { enable_confirmations: false, max_frequency: '60s' } },
    });
    try {
      const c = createClient(limited.url, limited.anonKey, testClientOptions());
      const email = 'limited@example.com';
      expect((await c.auth.signUp({ email, password: 'secret123' })).error).toBeNull();
      expect((await c.auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();
      expect((await c.auth.signInWithPassword({ email, password: 'wrong-one' })).error?.code).toBe(
        'invalid_credentials',
      );
      const over = await c.auth.signInWithPassword({ email, password: 'secret123' });
      expect(over.error?.status).toBe(429);
      expect(over.error?.code).toBe('over_request_rate_limit');

      expect((await c.auth.resetPasswordForEmail(email)).error).toBeNull();
      const tooSoon = await c.auth.resetPasswordForEmail(email);
      expect(tooSoon.error?.status).toBe(429);
      expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
      expect(tooSoon.error?.message).toMatch(
        /^For security purposes, you can only request this after \d+ seconds\.$/,
      );

      await limited.db.query(`update auth.users set recovery_sent_at = now() - interval '1 hour'`);
      expect((await c.auth.resetPasswordForEmail(email)).error).toBeNull();
      await limited.db.query(`update auth.users set recovery_sent_at = now() - interval '1 hour'`);
      const hourly = await c.auth.resetPasswordForEmail(email);
      expect(hourly.error?.status).toBe(429);
      expect(hourly.error?.code).toBe('over_email_send_rate_limit');
      expect(hourly.error?.message).toBe('email rate limit exceeded');
    } finally {
      await limited.stop();
    }
  }, 60_000);
});

describe('admin endpoints', () => {
  it('refuse anon and authenticated callers', async () => {
    const anon = await client().auth.admin.listUsers();
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe('not_admin');
    const { email, password } = await signUp();
    const { data } = await client().auth.signInWithPassword({ email, password });
    const asUser = await rawAuth('/admin/users', {
      headers: { Authorization: `Bearer ${data.session?.access_token}` },
    });
    expect(asUser.status).toBe(403);
    const none = await fetch(`${stack.url}/auth/v1/admin/users`);
    expect(none.status).toBe(401);
  });

  it('list, create, read, update, ban and delete users with the service role', async () => {
    const admin = client('implicit', stack.serviceRoleKey).auth.admin;
    const email = freshEmail();
    const created = await admin.createUser({
      email,
      password: 'created123',
      email_confirm: true,
      user_metadata: { first_name: 'Alex' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user?.id ?? '';
    expect(created.data.user?.email_confirmed_at).toBeTruthy();

    const duplicate = await admin.createUser({ email, password: 'created123' });
    expect(duplicate.error?.code).toBe('email_exists');

    const list = await admin.listUsers({ page: 1, perPage: 2 });
    expect(list.error).toBeNull();
    expect(list.data.users.length).toBe(2);
    expect((list.data as unknown as { total: number }).total).toBeGreaterThan(2);

    expect((await admin.getUserById(id)).data.user?.user_metadata.first_name).toBe('Alex');
    const updated = await admin.updateUserById(id, {
      user_metadata: { last_name: 'Morgan' },
      ban_duration: '24h',
    });
    expect(updated.data.user?.user_metadata).toMatchObject({ first_name: 'Alex', last_name: 'Morgan' });
    expect(updated.data.user?.banned_until).toBeTruthy();
    expect((await client().auth.signInWithPassword({ email, password: 'created123' })).error?.code).toBe(
      'user_banned',
    );
    await admin.updateUserById(id, { ban_duration: 'none' });
    expect((await client().auth.signInWithPassword({ email, password: 'created123' })).error).toBeNull();

    expect((await admin.deleteUser(id)).error).toBeNull();
    const gone = await admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
  });

  it('keep user_metadata to what was given: no copied sub, email or verified flags', async () => {
    const admin = client('implicit', stack.serviceRoleKey).auth.admin;
    const created = await admin.createUser({
      email: freshEmail(),
      password: 'created123',
      email_confirm: true,
      user_metadata: { first_name: 'Robin' },
    });
    expect(created.error).toBeNull();
    expect(created.data.user?.user_metadata).toEqual({ first_name: 'Robin' });
    // The identity still carries them, as GoTrue's does.
    expect(created.data.user?.identities?.[0]?.identity_data).toMatchObject({ email_verified: true });
    const id = created.data.user?.id ?? '';
    const updated = await admin.updateUserById(id, { user_metadata: { last_name: 'Lee' } });
    expect(updated.data.user?.user_metadata).toEqual({ first_name: 'Robin', last_name: 'Lee' });
    expect((await admin.getUserById(id)).data.user?.user_metadata).toEqual({
      first_name: 'Robin',
      last_name: 'Lee',
    });
    const bare = await admin.createUser({ email: freshEmail(), password: 'created123' });
    expect(bare.data.user?.user_metadata).toEqual({});
    const renamed = await admin.updateUserById(bare.data.user?.id ?? '', { email: freshEmail() });
    expect(renamed.data.user?.user_metadata).toEqual({});
  });
});

describe('JWT checks', () => {
  async function userStatus(token: string): Promise<{ status: number; code: unknown }> {
    const res = await rawAuth('/user', { headers: { Authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { error_code?: unknown };
    return { status: res.status, code: body.error_code };
  }

  it('refuses forged, expired and alg-none tokens with bad_jwt', async () => {
    const { email, password } = await signUp();
    const { data } = await client().auth.signInWithPassword({ email, password });
    const good = data.session?.access_token ?? '';
    expect((await userStatus(good)).status).toBe(200);
    const [, payload] = good.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;

    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-00'));
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(stack.jwtSecret));
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const algNone = `${header}.${payload}.`;
    const tampered = `${good.split('.')[0]}.${Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString('base64url')}.${good.split('.')[2]}`;

    for (const token of [forged, expired, algNone, tampered, 'garbage']) {
      expect(await userStatus(token)).toEqual({ status: 403, code: 'bad_jwt' });
    }
    const anonAsUser = await userStatus(stack.anonKey);
    expect(anonAsUser).toEqual({ status: 403, code: 'bad_jwt' });
  });

  it('answers GoTrue-shaped errors for unversioned clients and for bad bodies', async () => {
    const res = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever1' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    const broken = await rawAuth('/token?grant_type=password', { method: 'POST', body: '{"email":' });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error_code: string }).error_code).toBe('bad_json');
    const grant = await rawAuth('/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(grant.status).toBe(400);
  });
});

describe('sign-up with e-mail confirmations on', () => {
  it('mails a confirmation, refuses sign-in until confirmed, and hides repeated sign-ups', async () => {
    const confirming = await startAuthTestStack({
      auth: { email: { enable_confirmations: true, max_frequency: '0s', otp_expiry: 3600 } },
    });
    try {
      const c = createClient(confirming.url, confirming.anonKey, testClientOptions('pkce'));
      const email = 'confirm.me@example.com';
      const signUp = await c.auth.signUp({
        email,
        password: 'secret123',
        options: { emailRedirectTo: 'http://localhost:3000/welcome' },
      });
      expect(signUp.error).toBeNull();
      expect(signUp.data.session).toBeNull();
      expect(signUp.data.user?.email_confirmed_at).toBeUndefined();
      const early = await c.auth.signInWithPassword({ email, password: 'secret123' });
      expect(early.error?.code).toBe('email_not_confirmed');

      const mails = (await (
        await fetch(`${confirming.url}/mailbox/messages?to=${email}`, {
          headers: { apikey: confirming.serviceRoleKey },
        })
      ).json()) as MailJson[];
      expect(mails[0]?.subject).toBe('Confirm Your Signup');
      const res = await fetch(mails[0]?.links[0] ?? '', { redirect: 'manual' });
      const location = new URL(res.headers.get('location') ?? '');
      expect(location.pathname).toBe('/welcome');
      const exchanged = await c.auth.exchangeCodeForSession(location.searchParams.get('code') ?? '');
      expect(exchanged.error).toBeNull();
      expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();
      expect((await c.auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();

      const repeated = await c.auth.signUp({ email, password: 'other-pass-1' });
      expect(repeated.error).toBeNull();
      expect(repeated.data.user?.id).not.toBe(exchanged.data.user?.id);
      expect((await c.auth.signInWithPassword({ email, password: 'other-pass-1' })).error?.code).toBe(
        'invalid_credentials',
      );
    } finally {
      await confirming.stop();
    }
  }, 60_000);
});

describe('hostile input', () => {
  it('answers every malformed request with a 4xx error body, never a 5xx', async () => {
    const { email, password } = await signUp();
    const { data } = await client().auth.signInWithPassword({ email, password });
    const bearer = { Authorization: `Bearer ${data.session?.access_token}` };
    const service = { Authorization: `Bearer ${stack.serviceRoleKey}` };
    const cases: [string, RequestInit][] = [
      ['/signup', { method: 'POST', body: '[]' }],
      ['/signup', { method: 'POST', body: '"text"' }],
      ['/signup', { method: 'POST', body: JSON.stringify({ email: 42, password: 'secret123' }) }],
      [
        '/signup',
        {
          method: 'POST',
          body: JSON.stringify({ email: "x'; drop table auth.users; --@example.com", password: 'secret123' }),
        },
      ],
      [
        '/signup',
        {
          method: 'POST',
          body: JSON.stringify({ email: freshEmail(), password: 'secret123', data: 'nope' }),
        },
      ],
      [
        '/signup',
        {
          method: 'POST',
          body: JSON.stringify({ email: freshEmail(), password: 'secret123', data: { a: 'x\u0000y' } }),
        },
      ],
      [
        '/signup',
        {
          method: 'POST',
          body: JSON.stringify({ email: `${'a'.repeat(300)}@example.com`, password: 'secret123' }),
        },
      ],
      [
        '/signup',
        { method: 'POST', body: JSON.stringify({ email: freshEmail(), password: 'p'.repeat(100) }) },
      ],
      [
        '/token?grant_type=password',
        { method: 'POST', body: JSON.stringify({ email: ['a'], password: {} }) },
      ],
      [
        '/token?grant_type=password',
        { method: 'POST', body: JSON.stringify({ email: 'a@b.c', phone: '123', password: 'x' }) },
      ],
      ['/token?grant_type=password', { method: 'POST', body: 'null' }],
      ['/token', { method: 'POST', body: '{}' }],
      [
        '/token?grant_type=refresh_token',
        { method: 'POST', body: JSON.stringify({ refresh_token: "' or 1=1 --" }) },
      ],
      [
        '/token?grant_type=pkce',
        { method: 'POST', body: JSON.stringify({ auth_code: 'x', code_verifier: 'y' }) },
      ],
      ['/token?grant_type=pkce', { method: 'POST', body: '{}' }],
      [
        '/verify',
        { method: 'POST', body: JSON.stringify({ type: 'recovery', token_hash: "'; select 1; --" }) },
      ],
      ['/verify', { method: 'POST', body: JSON.stringify({ type: 'sms', token_hash: 'abc' }) }],
      ['/verify', { method: 'POST', body: JSON.stringify({ type: 'recovery' }) }],
      ['/verify?type=recovery', { method: 'GET' }],
      ['/verify?type=bogus&token=abc', { method: 'GET' }],
      ['/recover', { method: 'POST', body: JSON.stringify({ email: 'not an email' }) }],
      [
        '/recover',
        {
          method: 'POST',
          body: JSON.stringify({
            email: freshEmail(),
            code_challenge: 'short',
            code_challenge_method: 's256',
          }),
        },
      ],
      [
        '/recover',
        {
          method: 'POST',
          body: JSON.stringify({
            email: freshEmail(),
            code_challenge_method: 'md5',
            code_challenge: 'x'.repeat(50),
          }),
        },
      ],
      ['/user', { method: 'PUT', headers: bearer, body: JSON.stringify({ data: [1, 2] }) }],
      ['/user', { method: 'PUT', headers: bearer, body: JSON.stringify({ email: 'broken' }) }],
      ['/user', { method: 'PUT', headers: bearer, body: '{bad json' }],
      ['/user', { method: 'DELETE', headers: bearer }],
      ['/user', { method: 'GET', headers: { Authorization: 'Bearer a.b.c' } }],
      ['/user', { method: 'GET', headers: { Authorization: 'Basic abc' } }],
      ['/logout?scope=none', { method: 'POST', headers: bearer }],
      ['/admin/users?page=-1', { method: 'GET', headers: service }],
      ['/admin/users?per_page=abc', { method: 'GET', headers: service }],
      ['/admin/users/not-a-uuid', { method: 'GET', headers: service }],
      ['/admin/users/%00', { method: 'DELETE', headers: service }],
      [
        '/admin/users',
        { method: 'POST', headers: service, body: JSON.stringify({ email: 'x', password: 'secret123' }) },
      ],
      [
        '/admin/users',
        {
          method: 'POST',
          headers: service,
          body: JSON.stringify({ email: freshEmail(), ban_duration: 'forever' }),
        },
      ],
      ['/admin/users', { method: 'PATCH', headers: service }],
      ['/nothing/here', { method: 'GET' }],
    ];
    for (const [path, init] of cases) {
      const res = await rawAuth(path, init);
      expect(res.status, `${init.method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${init.method} ${path}`).toBeLessThan(500);
      const body = (await res.json()) as { msg?: unknown; error_code?: unknown };
      expect(typeof body.msg, `${init.method} ${path}`).toBe('string');
      expect(typeof body.error_code, `${init.method} ${path}`).toBe('string');
    }
    const { rows } = await stack.db.query<{ count: number }>('select count(*)::int as count from auth.users');
    expect(rows[0]?.count).toBeGreaterThan(0);
  });
});

describe('settings and health', () => {
  it('describe the instance', async () => {
    const settings = (await (await rawAuth('/settings')).json()) as {
      external: { email: boolean };
      mailer_autoconfirm: boolean;
    };
    expect(settings.external.email).toBe(true);
    expect(settings.mailer_autoconfirm).toBe(true);
    const health = await rawAuth('/health');
    expect(health.status).toBe(200);
    expect(((await health.json()) as { name: string }).name).toBe('GoTrue');
  });
});

describe('resend (POST /resend)', () => {
  it('sends the sign-up confirmation again until the address is confirmed, and nothing for others', async () => {
    const confirming = await startAuthTestStack({
      auth: { email: { enable_confirmations: true, max_frequency: '0s', otp_expiry: 3600 } },
    });
    try {
      const c = createClient(confirming.url, confirming.anonKey, testClientOptions('implicit'));
      const mails = async (to: string) =>
        (await (
          await fetch(`${confirming.url}/mailbox/messages?to=${to}`, {
            headers: { apikey: confirming.serviceRoleKey },
          })
        ).json()) as MailJson[];
      const email = 'resend.me@example.com';
      expect((await c.auth.signUp({ email, password: 'secret123' })).error).toBeNull();
      expect(await mails(email)).toHaveLength(1);
      expect((await c.auth.resend({ type: 'signup', email })).error).toBeNull();
      const twice = await mails(email);
      expect(twice.map((mail) => mail.subject)).toEqual(['Confirm Your Signup', 'Confirm Your Signup']);
      // The newest link confirms; the first one was replaced.
      const stale = await fetch(twice[1]?.links[0] ?? '', { redirect: 'manual' });
      expect(stale.headers.get('location')).toContain('error_code=otp_expired');
      const fresh = await fetch(twice[0]?.links[0] ?? '', { redirect: 'manual' });
      expect(fresh.headers.get('location')).toContain('access_token=');
      // Confirmed, unknown: 200 and nothing sent.
      expect((await c.auth.resend({ type: 'signup', email })).error).toBeNull();
      expect((await c.auth.resend({ type: 'signup', email: 'nobody.here@example.com' })).error).toBeNull();
      expect(await mails(email)).toHaveLength(2);
      expect(await mails('nobody.here@example.com')).toHaveLength(0);
      const bad = await fetch(`${confirming.url}/auth/v1/resend`, {
        method: 'POST',
        headers: { apikey: confirming.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'recovery', email }),
      });
      expect(bad.status).toBe(400);
    } finally {
      await confirming.stop();
    }
  }, 60_000);

  it('sends a pending e-mail change again to both addresses', async () => {
    const { email, password } = await signUp();
    const c = client();
    await c.auth.signInWithPassword({ email, password });
    const next = freshEmail();
    expect((await c.auth.updateUser({ email: next })).error).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await c.auth.resend({ type: 'email_change', email })).error).toBeNull();
    expect((await mailsFor(next)).map((mail) => mail.subject)).toEqual([
      'Confirm Email Change',
      'Confirm Email Change',
    ]);
    expect(await mailsFor(email)).toHaveLength(2);
  });
});

describe('password rules and password changes', () => {
  it('names every failed rule in weak_password.reasons ([auth] password_requirements)', async () => {
    const strict = await startAuthTestStack({
      auth: { minimum_password_length: 8, password_requirements: 'letters_digits' },
    });
    try {
      const c = createClient(strict.url, strict.anonKey, testClientOptions('implicit'));
      const weak = await c.auth.signUp({ email: 'strict@example.com', password: 'abc' });
      expect(weak.error?.code).toBe('weak_password');
      expect((weak.error as { reasons?: string[] }).reasons).toEqual(['length', 'characters']);
      expect(weak.error?.message).toContain('Password should be at least 8 characters.');
      expect(weak.error?.message).toContain('Password should contain at least one character of each');
      const letters = await c.auth.signUp({ email: 'strict@example.com', password: 'abcdefghij' });
      expect((letters.error as { reasons?: string[] }).reasons).toEqual(['characters']);
      expect((await c.auth.signUp({ email: 'strict@example.com', password: 'abcdefgh1' })).error).toBeNull();
    } finally {
      await strict.stop();
    }
  }, 60_000);

  it('asks for the current password outside a recovery session (update_password_require_current_password)', async () => {
    const guarded = await startAuthTestStack({ auth: { update_password_require_current_password: true } });
    try {
      const c = createClient(guarded.url, guarded.anonKey, testClientOptions('implicit'));
      const email = 'guarded@example.com';
      expect((await c.auth.signUp({ email, password: 'first-pass-1' })).error).toBeNull();
      const missing = await c.auth.updateUser({ password: 'second-pass-2' });
      expect(missing.error?.code).toBe('current_password_required');
      expect(missing.error?.status).toBe(400);
      const wrong = await c.auth.updateUser({ password: 'second-pass-2', current_password: 'nope-nope' });
      expect(wrong.error?.code).toBe('current_password_invalid');
      const right = await c.auth.updateUser({ password: 'second-pass-2', current_password: 'first-pass-1' });
      expect(right.error).toBeNull();
      expect((await c.auth.signInWithPassword({ email, password: 'second-pass-2' })).error).toBeNull();

      // A recovery session (the reset link) sets a new password without the old one.
      expect((await c.auth.resetPasswordForEmail(email)).error).toBeNull();
      const mails = (await (
        await fetch(`${guarded.url}/mailbox/messages?to=${email}`, {
          headers: { apikey: guarded.serviceRoleKey },
        })
      ).json()) as MailJson[];
      const link = await fetch(mails[0]?.links[0] ?? '', { redirect: 'manual' });
      const fragment = new URLSearchParams(new URL(link.headers.get('location') ?? '').hash.slice(1));
      const recovering = createClient(guarded.url, guarded.anonKey, testClientOptions('implicit'));
      await recovering.auth.setSession({
        access_token: fragment.get('access_token') ?? '',
        refresh_token: fragment.get('refresh_token') ?? '',
      });
      expect((await recovering.auth.updateUser({ password: 'third-pass-3' })).error).toBeNull();
    } finally {
      await guarded.stop();
    }
  }, 60_000);

  it('needs the e-mailed nonce for a session older than 24 hours ([auth.email] secure_password_change)', async () => {
    const secure = await startAuthTestStack({
      auth: { email: { secure_password_change: true, max_frequency: '0s', otp_expiry: 3600 } },
    });
    try {
      const c = createClient(secure.url, secure.anonKey, testClientOptions('implicit'));
      const email = 'nonce@example.com';
      const signed = await c.auth.signUp({ email, password: 'first-pass-1' });
      expect(signed.error).toBeNull();
      // A fresh session changes the password as it is.
      expect((await c.auth.updateUser({ password: 'second-pass-2' })).error).toBeNull();
      await secure.db.query(`update auth.sessions set created_at = now() - interval '25 hours'`);
      const needed = await c.auth.updateUser({ password: 'third-pass-3' });
      expect(needed.error?.code).toBe('reauthentication_needed');
      expect((await c.auth.reauthenticate()).error).toBeNull();
      const mails = (await (
        await fetch(`${secure.url}/mailbox/messages?to=${email}`, {
          headers: { apikey: secure.serviceRoleKey },
        })
      ).json()) as MailJson[];
      expect(mails[0]?.subject).toBe('Confirm Reauthentication');
      const code = /code: (\d+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
      const wrong = await c.auth.updateUser({
        password: 'third-pass-3',
        nonce: '000000' === code ? '111111' : '000000',
      });
      expect(wrong.error?.code).toBe('reauthentication_not_valid');
      expect((await c.auth.updateUser({ password: 'third-pass-3', nonce: code })).error).toBeNull();
      // Used once.
      const again = await c.auth.updateUser({ password: 'fourth-pass-4', nonce: code });
      expect(again.error?.code).toBe('reauthentication_not_valid');
    } finally {
      await secure.stop();
    }
  }, 60_000);
});
