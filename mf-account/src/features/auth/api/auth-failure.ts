/** Why a sign-in or sign-up did not succeed, as the form needs to tell the customer. */
export type AuthFailure =
  | { kind: 'invalid-credentials' }
  | { kind: 'already-registered' }
  | { kind: 'confirm-email' }
  | { kind: 'rejected'; message: string }
  | { kind: 'unavailable' };

export type AuthResult = { ok: true; firstName: string } | { ok: false; failure: AuthFailure };

/** The fields supabase-js puts on every AuthError (status 0 for a request that never got an answer). */
interface AuthErrorLike {
  name?: string;
  message?: string;
  status?: number;
  code?: string;
}

/** An error that means the auth service could not be reached or broke, rather than a refusal. */
export function isServiceFailure(error: AuthErrorLike): boolean {
  if (error.name === 'AuthRetryableFetchError' || error.name === 'AuthUnknownError') return true;
  return typeof error.status !== 'number' || error.status === 0 || error.status >= 500;
}

export function signInFailure(error: AuthErrorLike): AuthFailure {
  if (isServiceFailure(error)) return { kind: 'unavailable' };
  if (error.code === 'email_not_confirmed') return { kind: 'confirm-email' };
  return { kind: 'invalid-credentials' };
}

export function signUpFailure(error: AuthErrorLike): AuthFailure {
  if (isServiceFailure(error)) return { kind: 'unavailable' };
  if (
    error.code === 'user_already_exists' ||
    error.code === 'email_exists' ||
    /already (been )?registered/i.test(error.message ?? '')
  ) {
    return { kind: 'already-registered' };
  }
  return { kind: 'rejected', message: error.message || 'Sign-up was refused.' };
}
