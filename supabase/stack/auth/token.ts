// POST /token: the password, refresh_token and pkce grants.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { badRequest, invalidLoginMessage, notFound, unprocessable } from './errors.ts';
import { verifyPassword } from './passwords.ts';
import { readBodyObject, stringField } from './request.ts';
import type { AuthService } from './service.ts';
import { issueSession, refreshSession, type AuthMethod } from './sessions.ts';
import { findUserByEmail, findUserById, isBanned, type UserRow } from './users.ts';

/** How long an issued PKCE auth code may be exchanged (GoTrue's flow state lifetime). */
const flowStateLifetimeSeconds = 300;

export async function token(
  service: AuthService,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const grantType = url.searchParams.get('grant_type');
  switch (grantType) {
    case 'password':
      service.limit(service.signInLimiter, req);
      return passwordGrant(service, req, res);
    case 'refresh_token':
      service.limit(service.refreshLimiter, req);
      return refreshTokenGrant(service, req, res);
    case 'pkce':
      service.limit(service.signInLimiter, req);
      return pkceGrant(service, req, res);
    default:
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
}

async function findByPhone(service: AuthService, phone: string): Promise<UserRow | undefined> {
  const { rows } = await service.ctx.db.query<{ id: string }>(
    `select id from auth.users where phone = $1 and deleted_at is null`,
    [phone.replace(/[^\d]/g, '')],
  );
  return rows[0] ? findUserById(service.ctx.db, rows[0].id) : undefined;
}

async function passwordGrant(service: AuthService, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBodyObject(req);
  const email = stringField(body, 'email')?.trim() ?? '';
  const phone = stringField(body, 'phone')?.trim() ?? '';
  const password = stringField(body, 'password') ?? '';
  if (email !== '' && phone !== '') {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  if (email === '' && phone === '') throw badRequest('validation_failed', 'missing email or phone');
  const user =
    email !== '' ? await findUserByEmail(service.ctx.db, email) : await findByPhone(service, phone);
  if (!user) throw badRequest('invalid_credentials', invalidLoginMessage);
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!(await verifyPassword(password, user.encrypted_password))) {
    throw badRequest('invalid_credentials', invalidLoginMessage);
  }
  if (email !== '' && user.email_confirmed_at === null)
    throw badRequest('email_not_confirmed', 'Email not confirmed');
  const session = await service.ctx.db.transaction((tx) =>
    issueSession(service.issuer, tx, user.id, 'password', service.clientInfo(req)),
  );
  sendJson(res, 200, session);
}

async function refreshTokenGrant(
  service: AuthService,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const body = await readBodyObject(req);
  const refreshToken = stringField(body, 'refresh_token') ?? '';
  if (refreshToken === '') throw badRequest('validation_failed', 'refresh_token required');
  const outcome = await service.ctx.db.transaction((tx) =>
    refreshSession(service.issuer, tx, refreshToken, {
      rotation: service.settings.refreshTokenRotation,
      reuseIntervalSeconds: service.settings.refreshTokenReuseInterval,
    }),
  );
  if (outcome.kind === 'reused') {
    throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  sendJson(res, 200, outcome.session);
}

interface FlowStateRow {
  id: string;
  user_id: string | null;
  code_challenge_method: string;
  code_challenge: string;
  authentication_method: string;
  auth_code_issued_at: Date | string | null;
  created_at: Date | string | null;
}

export function challengeMatches(method: string, challenge: string, verifier: string): boolean {
  if (method === 'plain') return challenge === verifier;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}

const sessionMethods: Record<string, AuthMethod> = { recovery: 'recovery', 'email/signup': 'email/signup' };

async function pkceGrant(service: AuthService, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBodyObject(req);
  const authCode = stringField(body, 'auth_code') ?? '';
  const verifier = stringField(body, 'code_verifier') ?? '';
  if (authCode === '' || verifier === '') {
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const session = await service.ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<FlowStateRow>(
      `select id, user_id, code_challenge_method::text as code_challenge_method, code_challenge,
              authentication_method, auth_code_issued_at, created_at
       from auth.flow_state where auth_code = $1`,
      [authCode],
    );
    const flow = rows[0];
    if (!flow || !flow.user_id) {
      throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    }
    const issuedAt = new Date(flow.auth_code_issued_at ?? flow.created_at ?? 0).getTime();
    if (Date.now() > issuedAt + flowStateLifetimeSeconds * 1000) {
      throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
    }
    if (!challengeMatches(flow.code_challenge_method, flow.code_challenge, verifier)) {
      throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
    }
    const user = await findUserById(tx, flow.user_id);
    if (!user) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
    await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
    const method = sessionMethods[flow.authentication_method] ?? 'pkce';
    return issueSession(service.issuer, tx, user.id, method, service.clientInfo(req));
  });
  sendJson(res, 200, session);
}
