import { texts } from '../../../texts';
import type { AuthFailure } from '../api/sign-in';

export const MIN_PASSWORD_LENGTH = 6;

/** Both fields required. Returns the message to show, or null when the form may be sent. */
export function validateLogin(email: string, password: string): string | null {
  return email.trim() && password ? null : texts.login.fillInAllFields;
}

/** Bad credentials get the fixed text, other provider messages are shown as they are. */
export function signInErrorMessage(error: AuthFailure): string {
  if (error.code === 'invalid_credentials' || /invalid login credentials/i.test(error.message)) {
    return texts.login.invalidCredentials;
  }
  return error.message || texts.login.failed;
}

/** The login refusal for an account's admin record: none, deactivated (0), or null when it may enter. */
export function adminRefusal(active: number | null): string | null {
  if (active === null) return texts.login.accessDenied;
  if (active !== 1) return texts.login.deactivated;
  return null;
}

/** The login's fixed messages, from GoTrue's error codes and status. */
export function resetErrorMessage(error: AuthFailure): string {
  if (error.code === 'over_email_send_rate_limit') return texts.reset.rateLimited;
  if (error.status === 429) return texts.reset.tooManyAttempts;
  if (error.code === 'user_not_found') return texts.reset.notFound;
  return texts.reset.failed(error.message);
}
