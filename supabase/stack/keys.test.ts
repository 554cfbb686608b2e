import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { cachedJwtVerifier, createKeys, JwtError, signJwt, verifyJwt } from './keys.ts';

const dir = mkdtempSync(join(tmpdir(), 'keys-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    return error instanceof JwtError ? error.reason : 'other error';
  }
}

describe('keys', () => {
  it('creates a secret once and signs stable anon and service_role keys', async () => {
    const first = await createKeys(dir);
    const again = await createKeys(dir);
    expect(again.jwtSecret).toBe(first.jwtSecret);
    expect(again.anonKey).toBe(first.anonKey);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
    expect(await first.verifyJwt(first.anonKey)).toMatchObject({ role: 'anon', iss: 'supabase-demo' });
    const service = await first.verifyJwt(first.serviceRoleKey);
    expect(service.role).toBe('service_role');
    expect(service.exp! - Date.now() / 1000).toBeGreaterThan(5 * 365 * 24 * 3600);
  });

  it('rejects expired, forged, wrongly signed, alg-none and malformed tokens', async () => {
    const secret = 'a'.repeat(64);
    const valid = await signJwt(secret, { sub: 'u1', role: 'authenticated' });
    expect(await verifyJwt(secret, valid)).toMatchObject({ sub: 'u1', role: 'authenticated' });

    const expired = await signJwt(secret, { role: 'authenticated' }, { expiresIn: -10 });
    expect(await reasonOf(verifyJwt(secret, expired))).toBe('expired');

    const otherSecret = await signJwt('b'.repeat(64), { role: 'service_role' });
    expect(await reasonOf(verifyJwt(secret, otherSecret))).toBe('invalid_signature');

    const [header, , signature] = valid.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ role: 'service_role', exp: 9999999999 })).toString(
      'base64url',
    );
    expect(await reasonOf(verifyJwt(secret, `${header}.${forgedPayload}.${signature}`))).toBe(
      'invalid_signature',
    );

    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await reasonOf(verifyJwt(secret, `${none}.${forgedPayload}.`))).not.toBe('accepted');

    const hs512 = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));
    expect(await reasonOf(verifyJwt(secret, hs512))).toBe('invalid_algorithm');

    const noExp = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(secret));
    expect(await reasonOf(verifyJwt(secret, noExp))).toBe('invalid_claims');

    expect(await reasonOf(verifyJwt(secret, 'not-a-token'))).toBe('malformed');
    expect(await reasonOf(verifyJwt(secret, 'a.b.c'))).not.toBe('accepted');
  });

  it('remembers verified tokens but still refuses them once expired, and never remembers a refusal', async () => {
    const secret = 'c'.repeat(64);
    const verify = cachedJwtVerifier(secret);
    const token = await signJwt(secret, { role: 'authenticated', sub: 'u1' }, { expiresIn: 60 });
    expect(await verify(token)).toMatchObject({ role: 'authenticated', sub: 'u1' });
    const again = await verify(token);
    again.role = 'service_role';
    expect((await verify(token)).role).toBe('authenticated');

    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect(await reasonOf(verify(forged))).toBe('invalid_signature');
    expect(await reasonOf(verify(forged))).toBe('invalid_signature');

    vi.useFakeTimers({ now: Date.now() + 120_000 });
    try {
      expect(await reasonOf(verify(token))).toBe('expired');
    } finally {
      vi.useRealTimers();
    }
  });
});
