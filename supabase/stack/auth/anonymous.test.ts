// Anonymous sign-ins (guests) through @supabase/supabase-js, as GoTrue makes them: `[auth]
// enable_anonymous_sign_ins`, `[auth.rate_limit] anonymous_users`, `is_anonymous` in the user and the
// JWT, and the way to a full account (`updateUser` with e-mail and password, confirmed by e-mail).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAuthTestStack, testClientOptions, type TestStack } from './test-stack.ts';

vi.setConfig({ testTimeout: 20_000 });

interface MailJson {
  to: string;
  subject: string;
  links: string[];
}

let confirming: TestStack;

function client(stack: TestStack): SupabaseClient {
  return createClient(stack.url, stack.anonKey, testClientOptions('implicit'));
}

async function mailsFor(stack: TestStack, email: string): Promise<MailJson[]> {
  const res = await fetch(`${stack.url}/mailbox/messages?to=${encodeURIComponent(email)}`, {
    headers: { apikey: stack.serviceRoleKey },
  });
  return (await res.json()) as MailJson[];
}

beforeAll(async () => {
  confirming = await startAuthTestStack({
    auth: {
      enable_anonymous_sign_ins: true,
      email: { enable_confirmations: true, max_frequency: '0s', otp_expiry: 3600 },
      rate_limit: { anonymous_users: 4 },
    },
  });
}, 60_000);

afterAll(async () => {
  await confirming.stop();
});

describe('anonymous sign-ins', () => {
  it('are refused with anonymous_provider_disabled unless config.toml turns them on', async () => {
    const off = await startAuthTestStack();
    try {
      const { data, error } = await client(off).auth.signInAnonymously();
      expect(error?.code).toBe('anonymous_provider_disabled');
      expect(error?.status).toBe(422);
      expect(error?.message).toBe('Anonymous sign-ins are disabled');
      expect(data.session).toBeNull();
      const settings = (await (await fetch(`${off.url}/auth/v1/settings`)).json()) as {
        external: Record<string, boolean>;
      };
      expect(settings.external.anonymous_users).toBe(false);
    } finally {
      await off.stop();
    }
  });

  it('make a user with is_anonymous in the user and in the JWT, and no e-mail or identity', async () => {
    const c = client(confirming);
    const { data, error } = await c.auth.signInAnonymously({ options: { data: { basket: 'guest' } } });
    expect(error).toBeNull();
    const user = data.user!;
    expect(user.is_anonymous).toBe(true);
    expect(user.email).toBe('');
    expect(user.role).toBe('authenticated');
    expect(user.identities).toEqual([]);
    expect(user.app_metadata).toEqual({ provider: 'anonymous', providers: ['anonymous'] });
    expect(user.user_metadata).toEqual({ basket: 'guest' });
    const claims = decodeJwt(data.session!.access_token);
    expect(claims.is_anonymous).toBe(true);
    expect(claims.role).toBe('authenticated');
    expect(claims.sub).toBe(user.id);
    expect(claims.amr).toEqual([expect.objectContaining({ method: 'anonymous' })]);
    const again = await c.auth.getUser();
    expect(again.data.user?.is_anonymous).toBe(true);
    const settings = (await (await fetch(`${confirming.url}/auth/v1/settings`)).json()) as {
      external: Record<string, boolean>;
    };
    expect(settings.external.anonymous_users).toBe(true);
  });

  it('refuse a password without the e-mail that makes the account', async () => {
    const c = client(confirming);
    expect((await c.auth.signInAnonymously()).error).toBeNull();
    const { error } = await c.auth.updateUser({ password: 'guest-pass-1' });
    expect(error?.code).toBe('validation_failed');
    expect(error?.message).toBe(
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
  });

  it('become a full user only once the e-mail is confirmed, keeping the same id', async () => {
    const c = client(confirming);
    const signedIn = await c.auth.signInAnonymously();
    const id = signedIn.data.user!.id;
    const email = 'guest.converts@example.com';
    const updated = await c.auth.updateUser(
      { email, password: 'guest-pass-1' },
      { emailRedirectTo: 'http://localhost:3000/account/orders' },
    );
    expect(updated.error).toBeNull();
    expect(updated.data.user?.is_anonymous).toBe(true);
    expect(updated.data.user?.email).toBe('');
    expect(updated.data.user?.new_email).toBe(email);
    // No address yet, so the password cannot sign anybody in.
    const early = await client(confirming).auth.signInWithPassword({ email, password: 'guest-pass-1' });
    expect(early.error?.code).toBe('invalid_credentials');

    const mails = await mailsFor(confirming, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Confirm Email Change');
    const res = await fetch(mails[0]!.links[0]!, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe('http://localhost:3000/account/orders');
    const fragment = new URLSearchParams(location.hash.slice(1));
    const accessToken = fragment.get('access_token') ?? '';
    expect(decodeJwt(accessToken).is_anonymous).toBe(false);
    expect(decodeJwt(accessToken).sub).toBe(id);

    const full = await client(confirming).auth.signInWithPassword({ email, password: 'guest-pass-1' });
    expect(full.error).toBeNull();
    expect(full.data.user?.id).toBe(id);
    expect(full.data.user?.is_anonymous).toBe(false);
    expect(full.data.user?.email).toBe(email);
    expect(full.data.user?.email_confirmed_at).toBeTruthy();
    expect(full.data.user?.identities?.map((identity) => identity.provider)).toEqual(['email']);
  });

  it('are limited per client by [auth.rate_limit] anonymous_users, apart from password sign-ins', async () => {
    const limited = await startAuthTestStack({
      auth: { enable_anonymous_sign_ins: true, rate_limit: { anonymous_users: 2 } },
    });
    try {
      const c = client(limited);
      expect((await c.auth.signInAnonymously()).error).toBeNull();
      expect((await c.auth.signInAnonymously()).error).toBeNull();
      const third = await c.auth.signInAnonymously();
      expect(third.error?.status).toBe(429);
      expect(third.error?.code).toBe('over_request_rate_limit');
      const signUp = await c.auth.signUp({ email: 'still.fine@example.com', password: 'secret123' });
      expect(signUp.error).toBeNull();
    } finally {
      await limited.stop();
    }
  });

  it('with confirmations off, adding an e-mail makes the guest a full user at once, as GoTrue does', async () => {
    const autoconfirm = await startAuthTestStack({ auth: { enable_anonymous_sign_ins: true } });
    try {
      const c = client(autoconfirm);
      const id = (await c.auth.signInAnonymously()).data.user!.id;
      const email = 'guest.autoconfirm@example.com';
      const { data, error } = await c.auth.updateUser({ email, password: 'guest-pass-2' });
      expect(error).toBeNull();
      expect(data.user?.is_anonymous).toBe(false);
      expect(data.user?.email).toBe(email);
      expect(await mailsFor(autoconfirm, email)).toEqual([]);
      const full = await client(autoconfirm).auth.signInWithPassword({ email, password: 'guest-pass-2' });
      expect(full.data.user?.id).toBe(id);
    } finally {
      await autoconfirm.stop();
    }
  });
});
