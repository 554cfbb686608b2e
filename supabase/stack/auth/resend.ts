// POST /resend: the sign-up confirmation or the e-mail change confirmation again (supabase-js
// `auth.resend`). As GoTrue: an unknown address, a confirmed one (signup) or no pending change
// (email_change) answers 200 and sends nothing; the e-mail limits and max_frequency apply.
import { sendJson } from '../http.ts';
import { badRequest, tooManyRequests } from './errors.ts';
import { checkEmailChangeAllowed, startEmailChange } from './email-change.ts';
import { validatePkce } from './pkce.ts';
import { resolveRedirect } from './redirects.ts';
import { readBodyObject, stringField, validateEmail } from './request.ts';
import type { AuthRoute } from './service.ts';
import { sendConfirmation } from './signup.ts';
import { findUserByEmail } from './users.ts';

export const resend: AuthRoute = async (service, req, res, url) => {
  const { settings, ctx } = service;
  const body = await readBodyObject(req);
  const type = stringField(body, 'type');
  if (type !== 'signup' && type !== 'email_change') {
    if (type === 'sms' || type === 'phone_change') {
      throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    }
    throw badRequest(
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  const method = validatePkce(
    stringField(body, 'code_challenge_method'),
    stringField(body, 'code_challenge'),
  );
  const pkce = method ? { method, challenge: stringField(body, 'code_challenge') ?? '' } : undefined;
  const rawEmail = stringField(body, 'email');
  if (stringField(body, 'phone')) {
    if (rawEmail) {
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
    }
    throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  }
  if (rawEmail === undefined || rawEmail.trim() === '') {
    throw badRequest(
      'validation_failed',
      type === 'signup' ? 'Type provided requires an email address' : 'Missing email address or phone number',
    );
  }
  const email = validateEmail(rawEmail).toLowerCase();
  // supabase-js sends `options.emailRedirectTo` as the query's redirect_to, as for signUp.
  const redirectTo = resolveRedirect(url.searchParams.get('redirect_to'), settings);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return sendJson(res, 200, {});

  if (type === 'signup') {
    if (user.email_confirmed_at !== null) return sendJson(res, 200, {});
    const { rows } = await ctx.db.query<{ sent_at: Date | string | null }>(
      `select confirmation_sent_at as sent_at from auth.users where id = $1`,
      [user.id],
    );
    const sentAt = rows[0]?.sent_at ?? null;
    if (sentAt !== null && settings.emailMaxFrequency > 0) {
      const wait = Math.ceil(
        (new Date(sentAt).getTime() + settings.emailMaxFrequency * 1000 - Date.now()) / 1000,
      );
      if (wait > 0) {
        throw tooManyRequests(
          'over_email_send_rate_limit',
          `For security purposes, you can only request this after ${wait} seconds.`,
        );
      }
    }
    service.limitEmail(req, email);
    await ctx.db.transaction((tx) => sendConfirmation(service, tx, { user, email, redirectTo, pkce }));
    return sendJson(res, 200, {});
  }

  const pending = (user.email_change ?? '').trim();
  if (pending === '') return sendJson(res, 200, {});
  const request = { user, newEmail: pending, redirectTo, pkce };
  checkEmailChangeAllowed(service, req, request);
  await ctx.db.transaction((tx) => startEmailChange(service, tx, request));
  sendJson(res, 200, {});
};
