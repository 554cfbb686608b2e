// E-mail changes as GoTrue makes them for a signed-in user (`PUT /user` with a new `email`): nothing
// changes at once. A confirmation goes to the new address and, with `[auth.email]
// double_confirm_changes` (Supabase's "secure email change", on by default), another to the current
// one; `/verify` with `type: "email_change"` consumes them. The first of two answers "Confirmation link
// accepted…", the last one moves the address and signs the user in.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Queryable } from '../context.ts';
import { AuthError, forbidden, tooManyRequests, unprocessable } from './errors.ts';
import { deliverMail, generateOtp, isTokenHash, tokenHash, type OutgoingMail } from './mail.ts';
import type { AuthService } from './service.ts';
import { isBanned, type UserRow } from './users.ts';

export const singleConfirmationAccepted =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function emailChangeMail(
  to: string,
  from: string,
  next: string,
  link: string,
  otp: string,
): OutgoingMail {
  return {
    to,
    subject: 'Confirm Email Change',
    text:
      `Confirm Change of Email\n\nFollow this link to confirm the update of your email from ${from} to ${next}:\n` +
      `${link}\n\nAlternatively, enter the code: ${otp}\n`,
    html:
      `<h2>Confirm Change of Email</h2>\n<p>Follow this link to confirm the update of your email from ` +
      `${escapeHtml(from)} to ${escapeHtml(next)}:</p>\n<p><a href="${escapeHtml(link)}">Change Email</a></p>\n` +
      `<p>Alternatively, enter the code: ${otp}</p>\n`,
    links: [link],
  };
}

export interface EmailChangeRequest {
  user: UserRow;
  newEmail: string;
  redirectTo: string;
  pkce?: { method: 's256' | 'plain'; challenge: string } | undefined;
}

/** Checks the per-user frequency and the e-mail limits before anything is written. */
export function checkEmailChangeAllowed(
  service: AuthService,
  req: IncomingMessage,
  request: EmailChangeRequest,
): void {
  const sentAt = request.user.email_change_sent_at;
  const frequency = service.settings.emailMaxFrequency;
  if (sentAt !== null && frequency > 0) {
    const wait = Math.ceil((new Date(sentAt).getTime() + frequency * 1000 - Date.now()) / 1000);
    if (wait > 0) {
      throw tooManyRequests(
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${wait} seconds.`,
      );
    }
  }
  service.limitEmail(req, request.newEmail);
  if (service.settings.doubleConfirmChanges && request.user.email)
    service.limitEmail(req, request.user.email);
}

/** Stores the pending change with its token hashes and mails the confirmation(s), in `tx`. */
export async function startEmailChange(
  service: AuthService,
  tx: Queryable,
  request: EmailChangeRequest,
): Promise<void> {
  const { user, newEmail, redirectTo, pkce } = request;
  const current = user.email ?? '';
  const prefix = pkce ? 'pkce_' : '';
  const link = (hash: string) =>
    `${service.ctx.publicUrl}/auth/v1/verify?token=${encodeURIComponent(prefix + hash)}&type=email_change` +
    `&redirect_to=${encodeURIComponent(redirectTo)}`;
  const otpNew = generateOtp(service.settings.otpLength);
  const hashNew = tokenHash(newEmail, otpNew);
  const double = service.settings.doubleConfirmChanges && current !== '';
  const otpCurrent = double ? generateOtp(service.settings.otpLength) : '';
  const hashCurrent = double ? tokenHash(current, otpCurrent) : '';
  if (pkce) {
    await tx.query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
         created_at, updated_at, authentication_method)
       values ($1, $2, $3, $4::auth.code_challenge_method, $5, 'email_change', now(), now(), 'email_change')`,
      [randomUUID(), user.id, randomUUID(), pkce.method, pkce.challenge],
    );
  }
  await tx.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
       email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now() where id = $1`,
    [user.id, newEmail, hashNew, hashCurrent],
  );
  await tx.query(
    `delete from auth.one_time_tokens where user_id = $1
       and token_type in ('email_change_token_new', 'email_change_token_current')`,
    [user.id],
  );
  const tokens: [string, string, string][] = [['email_change_token_new', hashNew, newEmail]];
  if (double) tokens.push(['email_change_token_current', hashCurrent, current]);
  for (const [type, hash, relatesTo] of tokens) {
    await tx.query(
      `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
       values ($1, $2, $3::auth.one_time_token_type, $4, $5, now(), now())`,
      [randomUUID(), user.id, type, hash, relatesTo],
    );
  }
  await deliverMail(tx, emailChangeMail(newEmail, current, newEmail, link(hashNew), otpNew));
  if (double)
    await deliverMail(tx, emailChangeMail(current, current, newEmail, link(hashCurrent), otpCurrent));
}

export type EmailChangeOutcome = { kind: 'pending' } | { kind: 'changed'; user: UserRow };

/**
 * Consumes an e-mail change token (hash of either address's OTP). While the other address still has
 * to confirm, the outcome is `pending`; otherwise the address changes and the user is returned.
 */
export async function confirmEmailChange(
  service: AuthService,
  tx: Queryable,
  hash: string,
  expired: () => AuthError,
): Promise<EmailChangeOutcome> {
  if (!isTokenHash(hash)) throw expired();
  const { rows } = await tx.query<
    UserRow & { token_new: string | null; token_current: string | null; change: string | null }
  >(
    `select *, email_change_token_new as token_new, email_change_token_current as token_current,
       email_change as change
     from auth.users
     where (email_change_token_new = $1 or email_change_token_current = $1) and deleted_at is null
     for update`,
    [hash],
  );
  const user = rows[0];
  if (!user || !user.change) throw expired();
  const sentAt = user.email_change_sent_at ? new Date(user.email_change_sent_at).getTime() : 0;
  if (Date.now() > sentAt + service.settings.otpExpiry * 1000) throw expired();
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const matched = user.token_new === hash ? 'new' : 'current';
  const other = matched === 'new' ? user.token_current : user.token_new;
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_hash = $2`, [user.id, hash]);
  if (other) {
    await tx.query(
      `update auth.users set ${matched === 'new' ? 'email_change_token_new' : 'email_change_token_current'} = '',
         email_change_confirm_status = 1, updated_at = now() where id = $1`,
      [user.id],
    );
    return { kind: 'pending' };
  }
  const taken = await tx.query<{ id: string }>(
    `select id from auth.users where lower(email) = lower($1) and id <> $2 and deleted_at is null`,
    [user.change, user.id],
  );
  if (taken.rows.length > 0) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  await tx.query(
    `update auth.users set email = email_change, email_change = '', email_change_token_new = '',
       email_change_token_current = '', email_change_confirm_status = 0,
       email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
    [user.id],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text),
       updated_at = now() where user_id = $1 and provider = 'email'`,
    [user.id, user.change.toLowerCase()],
  );
  await finishGuestConversion(tx, user.id, user.change);
  return { kind: 'changed', user: { ...user, email: user.change, is_anonymous: false } };
}

/**
 * A guest (anonymous user) whose e-mail is now confirmed becomes a full user, as GoTrue does it: an
 * e-mail identity is created when there is none, and `is_anonymous` turns false. The same user id, so
 * everything the guest owns (their orders) stays theirs.
 */
async function finishGuestConversion(tx: Queryable, userId: string, email: string): Promise<void> {
  const address = email.toLowerCase();
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, id)
     select $1::text, $1::uuid,
       jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true, 'phone_verified', false),
       'email', now(), now(), now(), $3::uuid
     where not exists (select 1 from auth.identities where user_id = $1::uuid and provider = 'email')`,
    [userId, address, randomUUID()],
  );
  await tx.query(`update auth.users set is_anonymous = false where id = $1 and is_anonymous`, [userId]);
}

/**
 * GoTrue with `[auth.email] enable_confirmations = false`: a guest adding an e-mail gets it at once,
 * confirmed, like a sign-up would (a full account's change always waits for the links).
 */
export async function linkGuestEmail(tx: Queryable, userId: string, email: string): Promise<void> {
  await tx.query(
    `update auth.users set email = $2, email_change = '', email_change_token_new = '',
       email_change_token_current = '', email_change_confirm_status = 0,
       email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
    [userId, email.toLowerCase()],
  );
  await finishGuestConversion(tx, userId, email);
}
