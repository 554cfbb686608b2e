import { getSupabase, routes } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';
import { isServiceFailure } from './auth-failure';

/** How a request for an e-mail (reset link, confirmation again) went, as the form tells it. */
export type EmailRequestResult =
  { ok: true } | { ok: false; reason: 'rate-limited' | 'invalid' | 'unavailable'; message?: string };

interface AuthErrorLike {
  name?: string;
  message?: string;
  status?: number;
  code?: string;
}

function emailRequestFailure(error: AuthErrorLike): EmailRequestResult {
  if (isServiceFailure(error)) return { ok: false, reason: 'unavailable' };
  if (error.status === 429) return { ok: false, reason: 'rate-limited', message: error.message };
  return { ok: false, reason: 'invalid', message: error.message };
}

/** Where the reset e-mail's link leads: the reset page of this shop. */
export function resetPasswordUrl(): string {
  return new URL(routes.resetPassword, window.location.origin).toString();
}

/**
 * Sends the password reset e-mail. The auth service answers the same for an unknown address (it tells
 * nobody which addresses have accounts) and limits how often one address and one client may ask.
 */
export async function requestPasswordReset(email: string): Promise<EmailRequestResult> {
  const { error } = await getSupabase().auth.resetPasswordForEmail(email, { redirectTo: resetPasswordUrl() });
  return error ? emailRequestFailure(error) : { ok: true };
}

/** Sends the sign-up confirmation link again; it leads back to the page the customer is on. */
export async function resendConfirmation(email: string): Promise<EmailRequestResult> {
  const { error } = await getSupabase().auth.resend({
    type: 'signup',
    email,
    options: { emailRedirectTo: window.location.href },
  });
  return error ? emailRequestFailure(error) : { ok: true };
}

export const requestPasswordResetMutation = defineMutation('request password reset', requestPasswordReset);
export const resendConfirmationMutation = defineMutation('resend confirmation', resendConfirmation);
