// /auth/v1: a GoTrue-compatible auth service for what @supabase/supabase-js uses. The server has
// already checked the apikey and answered CORS; this routes by method and path.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HandlerFactory, RouteHandler, StackContext } from '../context.ts';
import { sendJson } from '../http.ts';
import { createUser, deleteUserById, getUserById, listUsers, updateUserById } from './admin.ts';
import { AuthError, sendAuthError } from './errors.ts';
import { reauthenticate } from './reauthenticate.ts';
import { recover, verifyGet, verifyPost } from './recovery.ts';
import { resend } from './resend.ts';
import { AuthService } from './service.ts';
import { signup } from './signup.ts';
import { token } from './token.ts';
import { getUser, logout, updateUser } from './user.ts';

export const authPrefix = '/auth/v1';

const methodNotAllowed = (): AuthError => new AuthError(405, 'method_not_allowed', 'Method Not Allowed');

function settingsBody(service: AuthService): Record<string, unknown> {
  const { settings } = service;
  const providers = [
    'anonymous_users',
    'apple',
    'azure',
    'bitbucket',
    'discord',
    'facebook',
    'figma',
    'fly',
    'github',
    'gitlab',
    'google',
    'keycloak',
    'kakao',
    'linkedin',
    'linkedin_oidc',
    'notion',
    'spotify',
    'slack',
    'slack_oidc',
    'workos',
    'twitch',
    'twitter',
    'x',
    'zoom',
    'phone',
  ];
  const external: Record<string, boolean> = Object.fromEntries(providers.map((name) => [name, false]));
  external.email = true;
  external.anonymous_users = settings.enableAnonymousSignIns;
  return {
    external,
    disable_signup: !settings.enableSignup,
    mailer_autoconfirm: !settings.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

async function route(
  service: AuthService,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const path = url.pathname.slice(authPrefix.length).replace(/\/+$/, '') || '/';
  const method = req.method ?? 'GET';
  const is = (m: string): boolean => method === m || (m === 'GET' && method === 'HEAD');

  switch (path) {
    case '/health':
      if (!is('GET')) throw methodNotAllowed();
      return sendJson(res, 200, {
        version: 'local',
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API',
      });
    case '/settings':
      if (!is('GET')) throw methodNotAllowed();
      return sendJson(res, 200, settingsBody(service));
    case '/signup':
      if (!is('POST')) throw methodNotAllowed();
      return signup(service, req, res, url);
    case '/token':
      if (!is('POST')) throw methodNotAllowed();
      return token(service, req, res, url);
    case '/logout':
      if (!is('POST')) throw methodNotAllowed();
      return logout(service, req, res, url);
    case '/user':
      if (is('GET')) return getUser(service, req, res);
      if (is('PUT')) return updateUser(service, req, res, url);
      throw methodNotAllowed();
    case '/recover':
      if (!is('POST')) throw methodNotAllowed();
      return recover(service, req, res, url);
    case '/resend':
      if (!is('POST')) throw methodNotAllowed();
      return resend(service, req, res, url);
    case '/reauthenticate':
      if (!is('GET')) throw methodNotAllowed();
      return reauthenticate(service, req, res, url);
    case '/verify':
      // A HEAD (link scanners, prefetchers) must not use up the one-time link.
      if (method === 'HEAD') return sendJson(res, 200, {});
      if (is('GET')) return verifyGet(service, req, res, url);
      if (is('POST')) return verifyPost(service, req, res);
      throw methodNotAllowed();
    case '/admin/users':
      await service.requireAdmin(req);
      if (is('GET')) return listUsers(service, req, res, url);
      if (is('POST')) return createUser(service, req, res);
      throw methodNotAllowed();
    default: {
      const match = /^\/admin\/users\/([^/]+)$/.exec(path);
      if (match) {
        await service.requireAdmin(req);
        const id = decodeURIComponent(match[1] ?? '');
        if (is('GET')) return getUserById(service, res, id);
        if (is('PUT')) return updateUserById(service, req, res, id);
        if (is('DELETE')) return deleteUserById(service, req, res, id);
        throw methodNotAllowed();
      }
      throw new AuthError(404, 'not_found', 'Not Found');
    }
  }
}

/** The handler with settings read from `env` (tests pass their own limits). */
export function createAuthHandlerWithEnv(ctx: StackContext, env: NodeJS.ProcessEnv): RouteHandler {
  const service = new AuthService(ctx, env);
  return async (req, res, url) => {
    try {
      await route(service, req, res, url);
    } catch (error) {
      if (error instanceof AuthError) {
        sendAuthError(req, res, error);
        return;
      }
      const sqlState =
        typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
      if (typeof sqlState === 'string' && sqlState.startsWith('22')) {
        // Data Postgres cannot store (e.g. \u0000 in metadata) is the client's mistake, not a crash.
        sendAuthError(req, res, new AuthError(400, 'validation_failed', 'Invalid input'));
        return;
      }
      console.error('[auth] unexpected error', error);
      sendAuthError(
        req,
        res,
        new AuthError(
          500,
          'unexpected_failure',
          'Unexpected failure, please check server logs for more information',
        ),
      );
    }
  };
}

export const createAuthHandler: HandlerFactory = (ctx) => createAuthHandlerWithEnv(ctx, process.env);
