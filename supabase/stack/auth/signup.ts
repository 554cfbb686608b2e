// POST /signup: creates an e-mail user. With confirmations off (autoconfirm) the answer is user and
// session; with confirmations on, a confirmation e-mail goes to the mailbox and only the user comes back.
// Neither e-mail nor phone: an anonymous sign-in (signupAnonymously).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../context.ts';
import { sendJson } from '../http.ts';
import { badRequest, unprocessable } from './errors.ts';
import { confirmationMail, deliverMail, generateOtp, tokenHash, verifyLink } from './mail.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { validatePkce } from './pkce.ts';
import { resolveRedirect } from './redirects.ts';
import { objectField, readBodyObject, stringField, validateEmail } from './request.ts';
import type { AuthRoute, AuthService } from './service.ts';
import { issueSession } from './sessions.ts';
import {
  findUserByEmail,
  insertAnonymousUser,
  insertEmailUser,
  loadUserJson,
  type UserRow,
} from './users.ts';

const userExists = () => unprocessable('user_already_exists', 'User already registered');

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * What GoTrue answers for a repeated sign-up of a confirmed address when confirmations are on: a
 * user-shaped object that reveals nothing about the real account.
 */
function obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export interface ConfirmationRequest {
  user: Pick<UserRow, 'id'>;
  email: string;
  redirectTo: string;
  pkce?: { method: 's256' | 'plain'; challenge: string };
}

export async function sendConfirmation(
  service: AuthService,
  tx: Queryable,
  request: ConfirmationRequest,
): Promise<void> {
  const otp = generateOtp(service.settings.otpLength);
  const hash = tokenHash(request.email, otp);
  if (request.pkce) {
    await tx.query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
         created_at, updated_at, authentication_method)
       values ($1, $2, $3, $4::auth.code_challenge_method, $5, 'email', now(), now(), 'email/signup')`,
      [randomUUID(), request.user.id, randomUUID(), request.pkce.method, request.pkce.challenge],
    );
  }
  await tx.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1`,
    [request.user.id, hash],
  );
  const link = verifyLink(
    service.ctx.publicUrl,
    'signup',
    hash,
    request.pkce !== undefined,
    request.redirectTo,
  );
  await deliverMail(tx, confirmationMail(request.email, link, otp));
}

/**
 * GoTrue's anonymous sign-in (supabase-js signInAnonymously): /signup with neither e-mail nor phone.
 * Refused unless `[auth] enable_anonymous_sign_ins`, limited by `[auth.rate_limit] anonymous_users` per
 * hour per IP (not by sign_in_sign_ups), and answers a session for a new user with `is_anonymous`.
 */
async function signupAnonymously(
  service: AuthService,
  req: Parameters<AuthRoute>[1],
  res: Parameters<AuthRoute>[2],
  data: Record<string, unknown>,
): Promise<void> {
  const { settings, ctx } = service;
  if (!settings.enableAnonymousSignIns) {
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  service.limit(service.anonymousLimiter, req);
  if (!settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const session = await ctx.db.transaction(async (tx) => {
    const userId = await insertAnonymousUser(tx, data);
    return issueSession(service.issuer, tx, userId, 'anonymous', service.clientInfo(req));
  });
  sendJson(res, 200, session);
}

export const signup: AuthRoute = async (service, req, res, url) => {
  const { settings, ctx } = service;
  const body = await readBodyObject(req);
  const password = stringField(body, 'password') ?? '';
  const rawEmail = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const data = objectField(body, 'data') ?? {};
  if (!rawEmail && !phone) return signupAnonymously(service, req, res, data);
  if (!settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  service.limit(service.signInLimiter, req);
  if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
  if (rawEmail && phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  }
  if (!rawEmail && phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  const email = validateEmail(rawEmail);
  const problem = passwordProblem(password, settings);
  if (problem) throw problem;
  const autoconfirm = !settings.enableConfirmations;
  const method = validatePkce(
    stringField(body, 'code_challenge_method'),
    stringField(body, 'code_challenge'),
  );
  const pkce =
    method && !autoconfirm ? { method, challenge: stringField(body, 'code_challenge') ?? '' } : undefined;
  const redirectTo = resolveRedirect(url.searchParams.get('redirect_to'), settings);

  const existing = await findUserByEmail(ctx.db, email);
  if (existing && (autoconfirm || existing.email_confirmed_at !== null)) {
    if (autoconfirm) throw userExists();
    sendJson(res, 200, obfuscatedUser(email, data));
    return;
  }
  if (!autoconfirm) service.limitEmail(req, email);
  if (existing) {
    // An unconfirmed account: send the confirmation again, but never change its password.
    const answer = await ctx.db.transaction(async (tx) => {
      await sendConfirmation(service, tx, { user: existing, email, redirectTo, pkce });
      return loadUserJson(tx, existing.id);
    });
    sendJson(res, 200, answer);
    return;
  }

  const passwordHash = await hashPassword(password);
  try {
    const answer = await ctx.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw userExists();
      const userId = await insertEmailUser(tx, {
        email,
        passwordHash,
        userMetadata: data,
        emailConfirmed: autoconfirm,
      });
      if (autoconfirm) return issueSession(service.issuer, tx, userId, 'password', service.clientInfo(req));
      await sendConfirmation(service, tx, { user: { id: userId }, email, redirectTo, pkce });
      return loadUserJson(tx, userId);
    });
    sendJson(res, 200, answer);
  } catch (error) {
    if (isUniqueViolation(error)) throw userExists();
    throw error;
  }
};
