// POST /signup: creates an e-mail user; with confirmations off (autoconfirm) answers user and session.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { AuthError, badRequest, tooManyRequests, unprocessable } from './errors.ts';
import { confirmationMail, deliverMail, generateOtp, tokenHash } from './mail.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { resolveRedirect } from './redirects.ts';
import { objectField, readBodyObject, stringField, validateEmail } from './request.ts';
import type { AuthService } from './service.ts';
import { issueSession } from './sessions.ts';
import { findUserByEmail, insertEmailUser, loadUserJson } from './users.ts';

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export async function signup(
  service: AuthService,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const { settings, ctx } = service;
  const body = await readBodyObject(req);
  if (!settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  service.limit(service.signInLimiter, req);
  const password = stringField(body, 'password') ?? '';
  const rawEmail = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const data = objectField(body, 'data') ?? {};
  if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
  if (rawEmail && phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  }
  if (!rawEmail && phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  const email = validateEmail(rawEmail);
  const problem = passwordProblem(password, settings.minimumPasswordLength);
  if (problem) throw problem;

  const existing = await findUserByEmail(ctx.db, email);
  if (existing) throw unprocessable('user_already_exists', 'User already registered');

  const autoconfirm = !settings.enableConfirmations;
  if (!autoconfirm && !service.emailLimiter.take('email')) {
    throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
  }
  const passwordHash = await hashPassword(password);
  const redirectTo = resolveRedirect(url.searchParams.get('redirect_to'), settings);
  try {
    const answer = await ctx.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email))
        throw unprocessable('user_already_exists', 'User already registered');
      const userId = await insertEmailUser(tx, {
        email,
        passwordHash,
        userMetadata: data,
        emailConfirmed: autoconfirm,
      });
      if (autoconfirm) return issueSession(service.issuer, tx, userId, 'password', service.clientInfo(req));
      const otp = generateOtp(settings.otpLength);
      const hash = tokenHash(email, otp);
      await tx.query(
        `update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1`,
        [userId, hash],
      );
      const link = `${ctx.publicUrl}/auth/v1/verify?token=${hash}&type=signup&redirect_to=${encodeURIComponent(redirectTo)}`;
      await deliverMail(tx, confirmationMail(email, link, otp));
      return loadUserJson(tx, userId);
    });
    sendJson(res, 200, answer);
  } catch (error) {
    if (isUniqueViolation(error)) throw unprocessable('user_already_exists', 'User already registered');
    if (error instanceof AuthError) throw error;
    throw error;
  }
}
