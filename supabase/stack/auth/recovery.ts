// POST /recover sends the reset e-mail; GET/POST /verify turns its link or code into a session
// (implicit: tokens in the redirect's fragment; PKCE: ?code= for /token?grant_type=pkce).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Queryable } from '../context.ts';
import { sendJson } from '../http.ts';
import { AuthError, badRequest, forbidden, tooManyRequests } from './errors.ts';
import {
  deliverMail,
  generateOtp,
  isTokenHash,
  pkcePrefix,
  recoveryMail,
  tokenHash,
  verifyLink,
} from './mail.ts';
import { confirmEmailChange, singleConfirmationAccepted } from './email-change.ts';
import { validatePkce } from './pkce.ts';
import { resolveRedirect } from './redirects.ts';
import { readBodyObject, stringField, validateEmail } from './request.ts';
import type { AuthRoute, AuthService } from './service.ts';
import { issueSession, type AccessTokenResponse } from './sessions.ts';
import { findUserByEmail, isBanned, type UserRow } from './users.ts';

function secondsLeft(sentAt: Date | string | null, frequencySeconds: number): number {
  if (sentAt === null || frequencySeconds <= 0) return 0;
  const until = new Date(sentAt).getTime() + frequencySeconds * 1000;
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

export const recover: AuthRoute = async (service, req, res, url) => {
  const { settings, ctx } = service;
  const body = await readBodyObject(req);
  const rawEmail = stringField(body, 'email');
  if (rawEmail === undefined || rawEmail.trim() === '') {
    throw badRequest('validation_failed', 'Password recovery requires an email');
  }
  const email = validateEmail(rawEmail);
  const method = validatePkce(
    stringField(body, 'code_challenge_method'),
    stringField(body, 'code_challenge'),
  );
  const challenge = stringField(body, 'code_challenge') ?? '';
  const redirectTo = resolveRedirect(url.searchParams.get('redirect_to'), settings);

  const user = await findUserByEmail(ctx.db, email);
  // GoTrue answers 200 for unknown addresses so the endpoint cannot be used to discover accounts.
  if (!user) {
    sendJson(res, 200, {});
    return;
  }
  const wait = secondsLeft(user.recovery_sent_at, settings.emailMaxFrequency);
  if (wait > 0) {
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
  }
  service.limitEmail(req, email);
  const otp = generateOtp(settings.otpLength);
  const hash = tokenHash(email, otp);
  const link = verifyLink(ctx.publicUrl, 'recovery', hash, method !== undefined, redirectTo);
  await ctx.db.transaction(async (tx) => {
    if (method) {
      await tx.query(
        `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
           created_at, updated_at, authentication_method)
         values ($1, $2, $3, $4::auth.code_challenge_method, $5, 'recovery', now(), now(), 'recovery')`,
        [randomUUID(), user.id, randomUUID(), method, challenge],
      );
    }
    await tx.query(
      `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`,
      [user.id, hash],
    );
    await tx.query(
      `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
       values ($1, $2, 'recovery_token', $3, $4, now(), now())
       on conflict (user_id, token_type) do update set token_hash = excluded.token_hash,
         relates_to = excluded.relates_to, updated_at = now()`,
      [randomUUID(), user.id, hash, email],
    );
    await deliverMail(tx, recoveryMail(email, link, otp));
  });
  sendJson(res, 200, {});
};

type VerifyType = 'recovery' | 'signup' | 'invite' | 'magiclink' | 'email' | 'email_change';
const verifyTypes: readonly string[] = ['recovery', 'signup', 'invite', 'magiclink', 'email', 'email_change'];

function parseType(raw: string | undefined): VerifyType {
  if (!raw) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!verifyTypes.includes(raw)) throw badRequest('validation_failed', 'Unsupported verification type');
  return raw as VerifyType;
}

const linkExpired = (): AuthError => forbidden('otp_expired', 'Email link is invalid or has expired');

/** Finds the user a token hash belongs to, checks expiry and ban, and consumes the token. */
async function consumeToken(
  service: AuthService,
  tx: Queryable,
  type: VerifyType,
  hash: string,
  expired: () => AuthError,
): Promise<UserRow> {
  const columns =
    type === 'recovery'
      ? [['recovery_token', 'recovery_sent_at']]
      : type === 'signup' || type === 'invite'
        ? [['confirmation_token', 'confirmation_sent_at']]
        : [
            ['confirmation_token', 'confirmation_sent_at'],
            ['recovery_token', 'recovery_sent_at'],
          ];
  // Every hash this service hands out is hex sha224. Anything else (an empty string, the bare `pkce_`
  // prefix) must not reach the query: used-up tokens are stored as '' and would match it.
  if (!isTokenHash(hash)) throw expired();
  for (const [tokenColumn, sentColumn] of columns) {
    const { rows } = await tx.query<UserRow & { sent_at: Date | string | null }>(
      `select *, ${sentColumn} as sent_at from auth.users
       where ${tokenColumn} = $1 and ${tokenColumn} <> '' and deleted_at is null`,
      [hash],
    );
    const user = rows[0];
    if (!user) continue;
    const sentAt = user.sent_at ? new Date(user.sent_at).getTime() : 0;
    if (Date.now() > sentAt + service.settings.otpExpiry * 1000) throw expired();
    if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
    await tx.query(
      `update auth.users set ${tokenColumn} = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
         updated_at = now() where id = $1`,
      [user.id],
    );
    await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_hash = $2`, [
      user.id,
      hash,
    ]);
    return user;
  }
  throw expired();
}

/**
 * Consumes the token; null when it was the first of two e-mail change confirmations (nothing to sign
 * in with yet).
 */
async function consume(
  service: AuthService,
  tx: Queryable,
  type: VerifyType,
  hash: string,
  expired: () => AuthError,
): Promise<UserRow | null> {
  if (type !== 'email_change') return consumeToken(service, tx, type, hash, expired);
  const outcome = await confirmEmailChange(service, tx, hash, expired);
  return outcome.kind === 'changed' ? outcome.user : null;
}

function flowMethodFor(type: VerifyType): string {
  return type === 'recovery' ? 'recovery' : type === 'email_change' ? 'email_change' : 'email/signup';
}

function methodFor(type: VerifyType): 'recovery' | 'otp' {
  return type === 'recovery' ? 'recovery' : 'otp';
}

function errorRedirect(target: string, error: AuthError, pkce: boolean): string {
  const url = new URL(target);
  const oauthError =
    error.status === 403 ? 'access_denied' : error.status >= 500 ? 'server_error' : 'invalid_request';
  const fragment = new URLSearchParams({
    error: oauthError,
    error_code: error.code,
    error_description: error.message,
    sb: '',
  });
  if (pkce) {
    url.searchParams.set('error', oauthError);
    url.searchParams.set('error_code', error.code);
    url.searchParams.set('error_description', error.message);
  }
  url.hash = fragment.toString();
  return url.toString();
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, 'Content-Length': '0' });
  res.end();
}

export async function verifyGet(
  service: AuthService,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  service.limit(service.verifyLimiter, req);
  const type = parseType(url.searchParams.get('type') ?? undefined);
  const token = url.searchParams.get('token') ?? '';
  if (token === '') throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const redirectTo = resolveRedirect(url.searchParams.get('redirect_to'), service.settings);
  const pkce = token.startsWith(pkcePrefix);
  const hash = pkce ? token.slice(pkcePrefix.length) : token;
  try {
    const outcome = await service.ctx.db.transaction(async (tx) => {
      const user = await consume(service, tx, type, hash, linkExpired);
      if (!user) return { kind: 'pending' as const };
      if (!pkce) {
        const session = await issueSession(
          service.issuer,
          tx,
          user.id,
          methodFor(type),
          service.clientInfo(req),
        );
        return { kind: 'session' as const, session };
      }
      const { rows } = await tx.query<{ id: string; auth_code: string }>(
        `select id, auth_code from auth.flow_state where user_id = $1 and authentication_method = $2
         order by created_at desc limit 1`,
        [user.id, flowMethodFor(type)],
      );
      const flow = rows[0];
      if (!flow) throw badRequest('flow_state_not_found', 'No associated flow state found.');
      await tx.query(
        `update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1`,
        [flow.id],
      );
      return { kind: 'code' as const, code: flow.auth_code };
    });
    const target = new URL(redirectTo);
    if (outcome.kind === 'pending') {
      if (pkce) target.searchParams.set('message', singleConfirmationAccepted);
      target.hash = new URLSearchParams({ message: singleConfirmationAccepted, sb: '' }).toString();
    } else if (outcome.kind === 'code') {
      target.searchParams.set('code', outcome.code);
    } else {
      target.hash = sessionFragment(outcome.session, type).toString();
    }
    redirect(res, target.toString());
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    redirect(res, errorRedirect(redirectTo, error, pkce));
  }
}

function sessionFragment(session: AccessTokenResponse, type: VerifyType): URLSearchParams {
  return new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
    type,
  });
}

export async function verifyPost(
  service: AuthService,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  service.limit(service.verifyLimiter, req);
  const body = await readBodyObject(req);
  const type = parseType(stringField(body, 'type'));
  const tokenHashParam = stringField(body, 'token_hash') ?? '';
  const otp = stringField(body, 'token') ?? '';
  const rawEmail = stringField(body, 'email');
  if (tokenHashParam === '' && otp === '') {
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  }
  let hash: string;
  if (tokenHashParam !== '') {
    if (rawEmail !== undefined || stringField(body, 'phone') !== undefined) {
      throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
    }
    hash = tokenHashParam.startsWith(pkcePrefix) ? tokenHashParam.slice(pkcePrefix.length) : tokenHashParam;
  } else {
    if (stringField(body, 'phone')) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    hash = tokenHash(validateEmail(rawEmail), otp);
  }
  const expired = (): AuthError => forbidden('otp_expired', 'Token has expired or is invalid');
  const session = await service.ctx.db.transaction(async (tx) => {
    const user = await consume(service, tx, type, hash, expired);
    if (!user) return null;
    return issueSession(service.issuer, tx, user.id, methodFor(type), service.clientInfo(req));
  });
  if (session === null) {
    sendJson(res, 200, { msg: singleConfirmationAccepted, code: 200 });
    return;
  }
  sendJson(res, 200, session);
}
