// GET/PUT /user and POST /logout for the signed-in caller.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, sendText } from '../http.ts';
import { badRequest, unprocessable } from './errors.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import { objectField, readBodyObject, stringField, validateEmail } from './request.ts';
import type { AuthService } from './service.ts';
import { findUserByEmail, loadUserJson } from './users.ts';
import { checkEmailChangeAllowed, startEmailChange, type EmailChangeRequest } from './email-change.ts';
import { validatePkce } from './pkce.ts';
import { resolveRedirect } from './redirects.ts';

export async function getUser(
  service: AuthService,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const caller = await service.caller(req);
  sendJson(res, 200, await loadUserJson(service.ctx.db, caller.user.id));
}

/** Merges metadata as GoTrue does: keys are replaced, a null value removes the key. */
export function mergeMetadata(
  current: Record<string, unknown>,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export async function updateUser(
  service: AuthService,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const caller = await service.caller(req);
  const body = await readBodyObject(req);
  const password = stringField(body, 'password');
  const rawEmail = stringField(body, 'email');
  const data = objectField(body, 'data');
  const { db } = service.ctx;
  const userId = caller.user.id;

  let passwordHash: string | undefined;
  if (password !== undefined) {
    const problem = passwordProblem(password, service.settings.minimumPasswordLength);
    if (problem) throw problem;
    if (await verifyPassword(password, caller.user.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(password);
  }
  let emailChange: EmailChangeRequest | undefined;
  if (rawEmail !== undefined && rawEmail.trim().toLowerCase() !== (caller.user.email ?? '').toLowerCase()) {
    const email = validateEmail(rawEmail).toLowerCase();
    const other = await findUserByEmail(db, email);
    if (other && other.id !== userId) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    const method = validatePkce(
      stringField(body, 'code_challenge_method'),
      stringField(body, 'code_challenge'),
    );
    emailChange = {
      user: caller.user,
      newEmail: email,
      redirectTo: resolveRedirect(url.searchParams.get('redirect_to'), service.settings),
      pkce: method ? { method, challenge: stringField(body, 'code_challenge') ?? '' } : undefined,
    };
  }
  if (stringField(body, 'phone')) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (emailChange) checkEmailChangeAllowed(service, req, emailChange);

  await db.transaction(async (tx) => {
    if (data !== undefined) {
      const { rows } = await tx.query<{ raw_user_meta_data: Record<string, unknown> | null }>(
        `select raw_user_meta_data from auth.users where id = $1 for update`,
        [userId],
      );
      const merged = mergeMetadata(rows[0]?.raw_user_meta_data ?? {}, data);
      await tx.query(
        `update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`,
        [userId, JSON.stringify(merged)],
      );
    }
    if (passwordHash !== undefined) {
      await tx.query(
        `update auth.users set encrypted_password = $2, recovery_token = '', updated_at = now() where id = $1`,
        [userId, passwordHash],
      );
      // A new password ends every other session of the user, as GoTrue does.
      if (caller.sessionId) {
        await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [
          userId,
          caller.sessionId,
        ]);
      }
    }
    // The address changes only once the confirmation(s) come back through /verify (email-change.ts).
    if (emailChange) await startEmailChange(service, tx, emailChange);
  });
  sendJson(res, 200, await loadUserJson(db, userId));
}

export async function logout(
  service: AuthService,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const scope = url.searchParams.get('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw badRequest('validation_failed', 'Unsupported logout scope');
  }
  const caller = await service.caller(req);
  const userId = caller.user.id;
  const sessionId = caller.sessionId;
  await service.ctx.db.transaction(async (tx) => {
    if (scope === 'global' || !sessionId) {
      await tx.query(`delete from auth.sessions where user_id = $1`, [userId]);
    } else if (scope === 'local') {
      await tx.query(`delete from auth.sessions where id = $1`, [sessionId]);
    } else {
      await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId]);
    }
  });
  sendText(res, 204, '');
}
