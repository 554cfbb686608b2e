// PKCE parameters as GoTrue validates them on /recover and /signup.
import { badRequest } from './errors.ts';

/** GoTrue's PKCE parameter rules: both or neither, method s256 or plain, challenge 43-128 characters. */
export function validatePkce(
  method: string | undefined,
  challenge: string | undefined,
): 's256' | 'plain' | undefined {
  const hasMethod = method !== undefined && method !== '';
  const hasChallenge = challenge !== undefined && challenge !== '';
  if (!hasMethod && !hasChallenge) return undefined;
  if (!hasMethod || !hasChallenge) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') {
    throw badRequest('validation_failed', `Unsupported PKCE code challenge method: ${method}`);
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  return normalized;
}
