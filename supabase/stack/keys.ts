// The stack's JWT secret and the anon / service_role API keys signed with it (HS256, like Supabase).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { DbRole, JwtClaims, StackKeys } from './context.ts';

/** Why a token was refused; `reason` is stable for tests and logs. */
export class JwtError extends Error {
  constructor(
    readonly reason: 'malformed' | 'expired' | 'invalid_signature' | 'invalid_algorithm' | 'invalid_claims',
    message: string,
  ) {
    super(message);
    this.name = 'JwtError';
  }
}

const issuer = 'supabase-demo';
/** API keys live about ten years, as the Supabase CLI's demo keys do. */
const apiKeyLifetimeSeconds = 10 * 365 * 24 * 3600;

function secretBytes(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signJwt(
  secret: string,
  claims: JwtClaims,
  options: { expiresIn?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const exp = options.expiresIn !== undefined ? now + options.expiresIn : (claims.exp ?? now + 3600);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(claims.iat ?? now)
    .setExpirationTime(exp)
    .sign(secretBytes(secret));
}

export async function verifyJwt(secret: string, token: string): Promise<JwtClaims> {
  if (typeof token !== 'string' || token.split('.').length !== 3) {
    throw new JwtError('malformed', 'invalid JWT: token contains an invalid number of segments');
  }
  try {
    const { payload } = await jwtVerify(token, secretBytes(secret), { algorithms: ['HS256'] });
    if (payload.exp === undefined) throw new JwtError('invalid_claims', 'invalid JWT: token has no expiry');
    return payload as JwtClaims;
  } catch (error) {
    if (error instanceof JwtError) throw error;
    if (error instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired');
    if (error instanceof errors.JOSEAlgNotAllowed) {
      throw new JwtError('invalid_algorithm', 'invalid JWT: signing method not allowed');
    }
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      throw new JwtError('invalid_signature', 'invalid JWT: signature is invalid');
    }
    if (error instanceof errors.JWTClaimValidationFailed) {
      throw new JwtError('invalid_claims', `invalid JWT: ${error.message}`);
    }
    throw new JwtError('malformed', 'invalid JWT: unable to parse or verify signature');
  }
}

/** Verified tokens seen lately (a request carries the same API key and session token again and again). */
const maxCachedTokens = 5_000;

/**
 * verifyJwt with a memory of tokens already verified: the same string is the same signature, so only
 * the expiry is checked again. Refused tokens are not remembered (each is verified and refused anew).
 */
export function cachedJwtVerifier(secret: string): (token: string) => Promise<JwtClaims> {
  const verified = new Map<string, JwtClaims>();
  return async (token) => {
    const hit = verified.get(token);
    if (hit) {
      if (typeof hit.exp === 'number' && hit.exp * 1000 > Date.now()) return { ...hit };
      verified.delete(token);
    }
    const claims = await verifyJwt(secret, token);
    if (verified.size >= maxCachedTokens) verified.clear();
    verified.set(token, claims);
    return { ...claims };
  };
}

function signApiKey(secret: string, role: DbRole): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(secret, { iss: issuer, role, iat: now, exp: now + apiKeyLifetimeSeconds });
}

/** Reads `<dataDir>/jwt-secret` or creates it (a random 64-character hex string) on first start. */
export function loadOrCreateJwtSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Builds the key set: the secret from disk, API keys signed with it (stable per secret and role). */
export async function createKeys(dataDir: string): Promise<StackKeys> {
  const jwtSecret = loadOrCreateJwtSecret(dataDir);
  const keysFile = join(dataDir, 'api-keys.json');
  let stored: { anonKey?: string; serviceRoleKey?: string } = {};
  if (existsSync(keysFile)) {
    try {
      stored = JSON.parse(readFileSync(keysFile, 'utf8')) as typeof stored;
    } catch {
      stored = {};
    }
  }
  const reuse = async (key: string | undefined, role: DbRole): Promise<string> => {
    if (key) {
      try {
        if ((await verifyJwt(jwtSecret, key)).role === role) return key;
      } catch {
        // Signed with an older secret or expired: sign a new one below.
      }
    }
    return signApiKey(jwtSecret, role);
  };
  const anonKey = await reuse(stored.anonKey, 'anon');
  const serviceRoleKey = await reuse(stored.serviceRoleKey, 'service_role');
  writeFileSync(keysFile, `${JSON.stringify({ anonKey, serviceRoleKey }, null, 2)}\n`, { mode: 0o600 });
  return {
    jwtSecret,
    anonKey,
    serviceRoleKey,
    signJwt: (claims, options) => signJwt(jwtSecret, claims, options),
    verifyJwt: cachedJwtVerifier(jwtSecret),
  };
}
