// The auth service's settings: config.toml's [auth], [auth.email] and [auth.rate_limit], with
// SUPABASE_AUTH_* environment overrides so the test harness can loosen or tighten limits.
import type { StackContext } from '../context.ts';
import { requiredCharacterSets } from './passwords.ts';

export interface RateLimits {
  /** E-mails sent per hour, per address and per client (GoTrue's email_sent). */
  emailSent: number;
  /** Sign-ins and sign-ups per 5 minutes per IP. */
  signInSignUps: number;
  /** Token refreshes per 5 minutes per IP. */
  tokenRefresh: number;
  /** OTP / link verifications per 5 minutes per IP. */
  tokenVerifications: number;
  /** Anonymous sign-ins per hour per IP (GoTrue's anonymous_users). */
  anonymousUsers: number;
}

export interface AuthSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  refreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  enableSignup: boolean;
  /** [auth] enable_anonymous_sign_ins: POST /signup with neither e-mail nor phone makes an anonymous user. */
  enableAnonymousSignIns: boolean;
  minimumPasswordLength: number;
  /** [auth] password_requirements as character sets (GoTrue's GOTRUE_PASSWORD_REQUIRED_CHARACTERS). */
  passwordRequiredCharacters: string[];
  enableConfirmations: boolean;
  /**
   * [auth.email] secure_password_change: a password change from a session older than 24 hours needs
   * the nonce of /reauthenticate (GoTrue's update_password_require_reauthentication).
   */
  securePasswordChange: boolean;
  /**
   * [auth] update_password_require_current_password: a password change outside a recovery session
   * needs the current password (GoTrue's security setting of that name).
   */
  requireCurrentPassword: boolean;
  /** [auth.email] double_confirm_changes: an e-mail change needs both the old and the new address to confirm. */
  doubleConfirmChanges: boolean;
  /** Seconds a user must wait between two e-mails of the same kind. */
  emailMaxFrequency: number;
  /** Seconds an e-mailed link or OTP stays valid. */
  otpExpiry: number;
  otpLength: number;
  rateLimits: RateLimits;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Parses Go-style durations as the Supabase CLI writes them ("1s", "60s", "1m30s", "1h"). */
export function parseDurationSeconds(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return fallback;
  const units: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };
  let total = 0;
  let matched = '';
  for (const match of value.trim().matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(match[1]) * (units[match[2] ?? 's'] ?? 1);
    matched += match[0];
  }
  return matched === value.trim() ? total : fallback;
}

function envNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

export function resolveAuthSettings(
  ctx: Pick<StackContext, 'config'>,
  env: NodeJS.ProcessEnv = process.env,
): AuthSettings {
  const auth = ctx.config.auth;
  const email = isRecord(auth.email) ? auth.email : {};
  const limits = auth.rate_limit;
  return {
    siteUrl: typeof auth.site_url === 'string' ? auth.site_url : 'http://localhost:3000',
    additionalRedirectUrls: Array.isArray(auth.additional_redirect_urls)
      ? auth.additional_redirect_urls.filter((entry): entry is string => typeof entry === 'string')
      : [],
    jwtExpiry: envNumber(env, 'SUPABASE_AUTH_JWT_EXPIRY') ?? num(auth.jwt_expiry, 3600),
    refreshTokenRotation: bool(auth.enable_refresh_token_rotation, true),
    refreshTokenReuseInterval:
      envNumber(env, 'SUPABASE_AUTH_REFRESH_TOKEN_REUSE_INTERVAL') ??
      num(auth.refresh_token_reuse_interval, 10),
    enableSignup: bool(auth.enable_signup, true) && bool(email.enable_signup, true),
    enableAnonymousSignIns: bool(auth.enable_anonymous_sign_ins, false),
    minimumPasswordLength: Math.max(6, num(auth.minimum_password_length, 6)),
    passwordRequiredCharacters: requiredCharacterSets(
      typeof auth.password_requirements === 'string' ? auth.password_requirements : '',
    ),
    enableConfirmations: bool(email.enable_confirmations, false),
    securePasswordChange: bool(email.secure_password_change, false),
    requireCurrentPassword: bool(auth.update_password_require_current_password, false),
    doubleConfirmChanges: bool(email.double_confirm_changes, true),
    emailMaxFrequency:
      envNumber(env, 'SUPABASE_AUTH_EMAIL_MAX_FREQUENCY') ?? parseDurationSeconds(email.max_frequency, 60),
    otpExpiry: num(email.otp_expiry, 3600),
    otpLength: Math.min(10, Math.max(6, num(email.otp_length, 6))),
    rateLimits: {
      emailSent: envNumber(env, 'SUPABASE_AUTH_RATE_LIMIT_EMAIL_SENT') ?? num(limits.email_sent, 2),
      signInSignUps:
        envNumber(env, 'SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS') ?? num(limits.sign_in_sign_ups, 30),
      tokenRefresh:
        envNumber(env, 'SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH') ?? num(limits.token_refresh, 150),
      tokenVerifications:
        envNumber(env, 'SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS') ?? num(limits.token_verifications, 30),
      anonymousUsers:
        envNumber(env, 'SUPABASE_AUTH_RATE_LIMIT_ANONYMOUS_USERS') ?? num(limits.anonymous_users, 30),
    },
  };
}
