// E-mails the auth service sends. There is no SMTP server: they land in the local mailbox table
// (auth.local_mailbox), which /mailbox serves to developers and tests.
import { createHash, randomInt } from 'node:crypto';
import type { OutgoingMail as SenderMail } from '../../functions/_shared/outbox-sender.ts';
import type { Queryable } from '../context.ts';

/** An e-mail as the outbox sender shapes it, without the headers only a real mail server reads. */
export type OutgoingMail = Omit<SenderMail, 'headers'>;

export async function deliverMail(db: Queryable, mail: OutgoingMail): Promise<void> {
  await db.query(
    `insert into auth.local_mailbox (to_email, subject, text_body, html_body, links) values ($1, $2, $3, $4, $5::text[])`,
    [mail.to.toLowerCase(), mail.subject, mail.text, mail.html, mail.links],
  );
}

/** A numeric one-time code of `length` digits. */
export function generateOtp(length: number): string {
  let otp = '';
  for (let i = 0; i < length; i += 1) otp += String(randomInt(10));
  return otp;
}

/** GoTrue's token hash: hex sha224 of e-mail and OTP; it is what links carry and what the user row keeps. */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email.toLowerCase() + otp)
    .digest('hex');
}

/** Whether `value` has the shape of a token hash (56 lower-case hex digits). */
export function isTokenHash(value: string): boolean {
  return /^[0-9a-f]{56}$/.test(value);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What a PKCE flow's token hash starts with in links and /verify. */
export const pkcePrefix = 'pkce_';

/** The link of a recovery or signup e-mail: /verify with the token hash (`pkce_` first for a PKCE flow). */
export function verifyLink(
  publicUrl: string,
  type: 'recovery' | 'signup',
  hash: string,
  pkce: boolean,
  redirectTo: string,
): string {
  const linkToken = pkce ? `${pkcePrefix}${hash}` : hash;
  return (
    `${publicUrl}/auth/v1/verify?token=${encodeURIComponent(linkToken)}&type=${type}` +
    `&redirect_to=${encodeURIComponent(redirectTo)}`
  );
}

export function recoveryMail(to: string, link: string, otp: string): OutgoingMail {
  return {
    to,
    subject: 'Reset Your Password',
    text: `Reset Password\n\nFollow this link to reset the password for your user:\n${link}\n\nAlternatively, enter the code: ${otp}\n`,
    html:
      `<h2>Reset Password</h2>\n<p>Follow this link to reset the password for your user:</p>\n` +
      `<p><a href="${escapeHtml(link)}">Reset Password</a></p>\n<p>Alternatively, enter the code: ${otp}</p>\n`,
    links: [link],
  };
}

export function confirmationMail(to: string, link: string, otp: string): OutgoingMail {
  return {
    to,
    subject: 'Confirm Your Signup',
    text: `Confirm your signup\n\nFollow this link to confirm your user:\n${link}\n\nAlternatively, enter the code: ${otp}\n`,
    html:
      `<h2>Confirm your signup</h2>\n<p>Follow this link to confirm your user:</p>\n` +
      `<p><a href="${escapeHtml(link)}">Confirm your mail</a></p>\n<p>Alternatively, enter the code: ${otp}</p>\n`,
    links: [link],
  };
}
