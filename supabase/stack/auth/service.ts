// The state and shared steps of the auth service: settings, limiters, token issuing, and who is calling.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JwtClaims, StackContext } from '../context.ts';
import { header } from '../http.ts';
import { AuthError, forbidden, tooManyRequests } from './errors.ts';
import { SlidingWindowLimiter } from './rate-limit.ts';
import { bearerToken, clientIp } from './request.ts';
import { sessionExists, type ClientInfo, type SessionIssuer } from './sessions.ts';
import { resolveAuthSettings, type AuthSettings } from './settings.ts';
import { findUserById, isBanned, isUuid, type UserRow } from './users.ts';

const fiveMinutes = 5 * 60 * 1000;
const oneHour = 60 * 60 * 1000;

/** A route of /auth/v1 that reads the request (and its query) and writes the answer. */
export type AuthRoute = (
  service: AuthService,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) => Promise<void>;

export interface Caller {
  claims: JwtClaims;
  user: UserRow;
  sessionId: string | undefined;
}

export class AuthService {
  readonly settings: AuthSettings;
  readonly signInLimiter: SlidingWindowLimiter;
  readonly refreshLimiter: SlidingWindowLimiter;
  readonly verifyLimiter: SlidingWindowLimiter;
  /** Anonymous sign-ins per hour per client (IP address). */
  readonly anonymousLimiter: SlidingWindowLimiter;
  /** E-mails per hour to one address. */
  readonly emailAddressLimiter: SlidingWindowLimiter;
  /** E-mails per hour asked for by one client (IP address). */
  readonly emailClientLimiter: SlidingWindowLimiter;

  constructor(
    readonly ctx: StackContext,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.settings = resolveAuthSettings(ctx, env);
    const limits = this.settings.rateLimits;
    this.signInLimiter = new SlidingWindowLimiter(limits.signInSignUps, fiveMinutes);
    this.refreshLimiter = new SlidingWindowLimiter(limits.tokenRefresh, fiveMinutes);
    this.verifyLimiter = new SlidingWindowLimiter(limits.tokenVerifications, fiveMinutes);
    this.anonymousLimiter = new SlidingWindowLimiter(limits.anonymousUsers, oneHour);
    this.emailAddressLimiter = new SlidingWindowLimiter(limits.emailSent, oneHour);
    this.emailClientLimiter = new SlidingWindowLimiter(limits.emailSent, oneHour);
  }

  /** Read per use: the server may learn its public URL (a port chosen at listen time) after creating handlers. */
  get issuer(): SessionIssuer {
    return {
      keys: this.ctx.keys,
      issuer: `${this.ctx.publicUrl}/auth/v1`,
      jwtExpiry: this.settings.jwtExpiry,
    };
  }

  limit(limiter: SlidingWindowLimiter, req: IncomingMessage): void {
    if (!limiter.take(clientIp(req)))
      throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  }

  /**
   * Counts one e-mail to `email` asked for by this request's client: `[auth.rate_limit] email_sent` per
   * hour per address and per client, so a flood of one address from one client blocks neither another
   * user's address nor another client (one global counter would let anyone stop every reset).
   */
  limitEmail(req: IncomingMessage, email: string): void {
    const client = clientIp(req);
    const address = email.toLowerCase();
    if (!this.emailClientLimiter.allows(client) || !this.emailAddressLimiter.allows(address)) {
      throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
    }
    this.emailClientLimiter.take(client);
    this.emailAddressLimiter.take(address);
  }

  clientInfo(req: IncomingMessage): ClientInfo {
    return { ip: clientIp(req), userAgent: header(req, 'user-agent') };
  }

  /** Verifies the bearer JWT with GoTrue's answers for a missing, malformed, forged or expired token. */
  async claims(req: IncomingMessage): Promise<JwtClaims> {
    const token = bearerToken(req);
    if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    try {
      return await this.ctx.keys.verifyJwt(token);
    } catch (error) {
      const detail = error instanceof Error ? error.message : 'invalid token';
      throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
    }
  }

  /** The signed-in user behind the bearer token; the token's session must still exist. */
  async caller(req: IncomingMessage): Promise<Caller> {
    const claims = await this.claims(req);
    const sub = claims.sub;
    if (typeof sub !== 'string' || sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
    if (!isUuid(sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    const user = await findUserById(this.ctx.db, sub);
    if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : undefined;
    if (sessionId !== undefined) {
      if (!isUuid(sessionId)) {
        throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
      }
      if (!(await sessionExists(this.ctx.db, sessionId))) {
        throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
      }
    }
    if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
    return { claims, user, sessionId };
  }

  /** Admin endpoints need a service_role (or supabase_admin) JWT. */
  async requireAdmin(req: IncomingMessage): Promise<void> {
    const claims = await this.claims(req);
    if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
      throw forbidden('not_admin', 'User not allowed');
    }
  }
}
