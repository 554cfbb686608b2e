// Sessions, rotating refresh tokens and GoTrue-shaped access tokens.
import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { JwtClaims, Queryable, StackKeys } from '../context.ts';
import { badRequest } from './errors.ts';
import { findIdentities, findUserById, isBanned, userJson, type UserJson, type UserRow } from './users.ts';

export type AuthMethod =
  'password' | 'otp' | 'recovery' | 'pkce' | 'email/signup' | 'token_refresh' | 'anonymous';

export interface SessionIssuer {
  keys: StackKeys;
  issuer: string;
  jwtExpiry: number;
}

export interface AccessTokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean | null;
  parent: string | null;
  session_id: string | null;
  updated_at: Date | string | null;
}

export function newRefreshToken(): string {
  return randomBytes(24).toString('base64url');
}

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

async function accessTokenFor(
  issuer: SessionIssuer,
  db: Queryable,
  user: UserRow,
  sessionId: string,
): Promise<{ token: string; expiresAt: number; json: UserJson }> {
  const identities = await findIdentities(db, user.id);
  const json = userJson(user, identities);
  const { rows: amrRows } = await db.query<{ authentication_method: string; created_at: Date | string }>(
    `select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1 order by created_at`,
    [sessionId],
  );
  const amr = amrRows.map((row) => ({
    method: row.authentication_method,
    timestamp: Math.floor(new Date(row.created_at).getTime() / 1000),
  }));
  const now = Math.floor(Date.now() / 1000);
  const claims: JwtClaims = {
    iss: issuer.issuer,
    sub: user.id,
    aud: json.aud,
    exp: now + issuer.jwtExpiry,
    iat: now,
    email: json.email,
    phone: json.phone,
    app_metadata: json.app_metadata,
    user_metadata: json.user_metadata,
    role: json.role,
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: json.is_anonymous,
  };
  const token = await issuer.keys.signJwt(claims, { expiresIn: issuer.jwtExpiry });
  return { token, expiresAt: now + issuer.jwtExpiry, json };
}

function response(
  access: { token: string; expiresAt: number; json: UserJson },
  refreshToken: string,
  expiresIn: number,
): AccessTokenResponse {
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: access.json,
  };
}

/** Starts a session for `userId`: session row, amr claim, first refresh token, last_sign_in_at. */
export async function issueSession(
  issuer: SessionIssuer,
  db: Queryable,
  userId: string,
  method: AuthMethod,
  client: ClientInfo,
): Promise<AccessTokenResponse> {
  const sessionId = randomUUID();
  const ip = client.ip && isIP(client.ip) ? client.ip : null;
  await db.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await db.query(
    `update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`,
    [userId],
  );
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', null, $3, $4::inet)`,
    [sessionId, userId, client.userAgent ?? null, ip],
  );
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)`,
    [sessionId, method, randomUUID()],
  );
  const refreshToken = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), null, $3)`,
    [refreshToken, userId, sessionId],
  );
  const user = await findUserById(db, userId);
  if (!user) throw new Error('user vanished while starting a session');
  return response(await accessTokenFor(issuer, db, user, sessionId), refreshToken, issuer.jwtExpiry);
}

export interface RefreshOptions {
  rotation: boolean;
  reuseIntervalSeconds: number;
}

/** Outcome of a refresh: a new session answer, or reuse detected (the session is already destroyed). */
export type RefreshOutcome = { kind: 'ok'; session: AccessTokenResponse } | { kind: 'reused' };

/**
 * The refresh_token grant with GoTrue's rotation rules: the token is swapped for a new child; a revoked
 * token is still accepted when it is the parent of the session's active token (a client that lost the
 * answer) or within the reuse interval; any other reuse destroys the whole session.
 */
export async function refreshSession(
  issuer: SessionIssuer,
  db: Queryable,
  token: string,
  options: RefreshOptions,
): Promise<RefreshOutcome> {
  const { rows } = await db.query<RefreshTokenRow>(
    `select id::text as id, token, user_id, revoked, parent, session_id, updated_at
     from auth.refresh_tokens where token = $1`,
    [token],
  );
  const row = rows[0];
  if (!row) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const session = row.session_id
    ? (
        await db.query<{ id: string; user_id: string }>(
          `select id, user_id from auth.sessions where id = $1`,
          [row.session_id],
        )
      ).rows[0]
    : undefined;
  if (!session) {
    await db.query(`delete from auth.refresh_tokens where id = $1::bigint`, [row.id]);
    throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  }
  const user = await findUserById(db, session.user_id);
  if (!user) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');

  let issued: string | undefined;
  if (row.revoked) {
    const active = (
      await db.query<RefreshTokenRow>(
        `select id::text as id, token, user_id, revoked, parent, session_id, updated_at from auth.refresh_tokens
         where session_id = $1 and revoked = false order by id desc limit 1`,
        [session.id],
      )
    ).rows[0];
    if (active && active.parent === row.token) {
      issued = active.token;
    } else {
      const revokedAt = row.updated_at ? new Date(row.updated_at).getTime() : 0;
      if (Date.now() > revokedAt + options.reuseIntervalSeconds * 1000) {
        await db.query(`delete from auth.sessions where id = $1`, [session.id]);
        return { kind: 'reused' };
      }
    }
  }
  if (issued === undefined) {
    if (options.rotation) {
      issued = newRefreshToken();
      await db.query(
        `update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint and revoked = false`,
        [row.id],
      );
      await db.query(
        `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
         values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
        [issued, user.id, row.token, session.id],
      );
    } else {
      issued = row.token;
    }
  }
  await db.query(
    `update auth.sessions set refreshed_at = (now() at time zone 'utc'), updated_at = now() where id = $1`,
    [session.id],
  );
  return {
    kind: 'ok',
    session: response(await accessTokenFor(issuer, db, user, session.id), issued, issuer.jwtExpiry),
  };
}

export async function sessionExists(db: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from auth.sessions where id = $1`, [sessionId]);
  return rows.length > 0;
}
