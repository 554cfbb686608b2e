// GET/PUT /user and POST /logout for the signed-in caller.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, sendText } from '../http.ts';
import { badRequest, unprocessable } from './errors.ts';
import { consumeNonce } from './reauthenticate.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import { objectField, readBodyObject, stringField, validateEmail } from './request.ts';
import type { AuthService } from './service.ts';
import { findUserByEmail, loadUserJson } from './users.ts';
import {
  checkEmailChangeAllowed,
  linkGuestEmail,
  startEmailChange,
  type EmailChangeRequest,
} from './email-change.ts';
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

  // GoTrue: a guest sets a password only together with the e-mail (or phone) that makes it an account.
  if (caller.user.is_anonymous && password && !rawEmail && !stringField(body, 'phone')) {
    throw unprocessable(
      'validation_failed',
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
  }
  let passwordHash: string | undefined;
  let nonce: string | undefined;
  if (password !== undefined) {
    const session = await sessionFacts(service, caller.sessionId);
    // GoTrue's update_password_require_reauthentication ([auth.email] secure_password_change): a session
    // older than 24 hours (or none) needs the nonce /reauthenticate e-mailed.
    if (service.settings.securePasswordChange && (session === null || session.ageSeconds > 24 * 3600)) {
      nonce = stringField(body, 'nonce') ?? '';
      if (nonce === '')
        throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
    }
    // GoTrue's update_password_require_current_password: outside a recovery session, the current password.
    if (service.settings.requireCurrentPassword && password !== '' && caller.user.encrypted_password) {
      if (!session?.recovery) {
        const current = stringField(body, 'current_password') ?? '';
        if (current === '') {
          throw badRequest(
            'current_password_required',
            'Current password required when setting new password.',
          );
        }
        if (!(await verifyPassword(current, caller.user.encrypted_password))) {
          throw badRequest(
            'current_password_invalid',
            'Current password required when setting new password.',
          );
        }
      }
    }
    const problem = passwordProblem(password, service.settings);
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
  // A guest adding an e-mail with confirmations off is confirmed at once, as a sign-up would be.
  const linkAtOnce =
    emailChange !== undefined && caller.user.is_anonymous === true && !service.settings.enableConfirmations;
  if (emailChange && !linkAtOnce) checkEmailChangeAllowed(service, req, emailChange);

  await db.transaction(async (tx) => {
    if (nonce !== undefined) await consumeNonce(service, tx, caller.user, nonce);
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
    if (emailChange && linkAtOnce) await linkGuestEmail(tx, userId, emailChange.newEmail);
    else if (emailChange) await startEmailChange(service, tx, emailChange);
  });
  sendJson(res, 200, await loadUserJson(db, userId));
}

/** The caller's session: how old it is and whether a recovery link started it (GoTrue's IsRecovery). */
async function sessionFacts(
  service: AuthService,
  sessionId: string | undefined,
): Promise<{ ageSeconds: number; recovery: boolean } | null> {
  if (!sessionId) return null;
  const { rows } = await service.ctx.db.query<{ age: number | string; recovery: boolean }>(
    `select extract(epoch from now() - s.created_at) as age,
            exists (select 1 from auth.mfa_amr_claims c where c.session_id = s.id and c.authentication_method = 'recovery') as recovery
     from auth.sessions s where s.id = $1`,
    [sessionId],
  );
  const row = rows[0];
  return row ? { ageSeconds: Number(row.age), recovery: row.recovery } : null;
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
