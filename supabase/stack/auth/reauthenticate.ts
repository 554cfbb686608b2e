// GET /reauthenticate sends the signed-in user a one-time code (the nonce) by e-mail; PUT /user takes it
// as `nonce` for a password change when `[auth.email] secure_password_change` asks for one. As GoTrue:
// an unconfirmed address is refused, the code lives `otp_expiry` seconds and is used up once.
import type { Queryable } from '../context.ts';
import { sendJson } from '../http.ts';
import { badRequest, tooManyRequests, unprocessable, type AuthError } from './errors.ts';
import { deliverMail, generateOtp, tokenHash, type OutgoingMail } from './mail.ts';
import type { AuthRoute, AuthService } from './service.ts';
import type { UserRow } from './users.ts';

export const invalidNonceMessage = 'Nonce has expired or is invalid';

export function reauthenticationMail(to: string, otp: string): OutgoingMail {
  return {
    to,
    subject: 'Confirm Reauthentication',
    text: `Confirm reauthentication\n\nEnter the code: ${otp}\n`,
    html: `<h2>Confirm reauthentication</h2>\n<p>Enter the code: ${otp}</p>\n`,
    links: [],
  };
}

export const reauthenticate: AuthRoute = async (service, req, res) => {
  const caller = await service.caller(req);
  const { user } = caller;
  const email = user.email ?? '';
  if (email === '') {
    throw badRequest(
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  }
  if (user.email_confirmed_at === null) {
    throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  }
  const { rows } = await service.ctx.db.query<{ sent_at: Date | string | null }>(
    `select reauthentication_sent_at as sent_at from auth.users where id = $1`,
    [user.id],
  );
  const sentAt = rows[0]?.sent_at ?? null;
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
  service.limitEmail(req, email);
  const otp = generateOtp(service.settings.otpLength);
  await service.ctx.db.transaction(async (tx) => {
    await tx.query(
      `update auth.users set reauthentication_token = $2, reauthentication_sent_at = now(), updated_at = now()
       where id = $1`,
      [user.id, tokenHash(email, otp)],
    );
    await deliverMail(tx, reauthenticationMail(email, otp));
  });
  sendJson(res, 200, {});
};

/** Checks and uses up a reauthentication nonce (GoTrue's verifyReauthentication). */
export async function consumeNonce(
  service: AuthService,
  tx: Queryable,
  user: UserRow,
  nonce: string,
): Promise<void> {
  const invalid = (): AuthError => unprocessable('reauthentication_not_valid', invalidNonceMessage);
  const { rows } = await tx.query<{ token: string | null; sent_at: Date | string | null }>(
    `select reauthentication_token as token, reauthentication_sent_at as sent_at from auth.users
     where id = $1 for update`,
    [user.id],
  );
  const row = rows[0];
  if (!row?.token || row.sent_at === null) throw invalid();
  const expired = Date.now() > new Date(row.sent_at).getTime() + service.settings.otpExpiry * 1000;
  if (expired || row.token !== tokenHash(user.email ?? '', nonce)) throw invalid();
  await tx.query(
    `update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`,
    [user.id],
  );
}
