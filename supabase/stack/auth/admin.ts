// The admin user endpoints (service_role only): list, create, read, update and delete users.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { parseDurationSeconds } from './settings.ts';
import {
  booleanField,
  objectField,
  readBodyObject,
  stringField,
  validateEmail,
  type JsonObject,
} from './request.ts';
import type { AuthService } from './service.ts';
import {
  findIdentities,
  findUserByEmail,
  findUserById,
  insertEmailUser,
  isUuid,
  loadUserJson,
  userJson,
  type UserRow,
} from './users.ts';
import { mergeMetadata } from './user.ts';

const userNotFound = () => notFound('user_not_found', 'User not found');
const emailExists = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');

function positiveInt(raw: string | null, fallback: number, max: number): number {
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw badRequest('validation_failed', 'Bad Pagination Parameters');
  return Math.min(value, max);
}

/** ban_duration: "none" lifts a ban, a Go duration ("24h", "876000h") bans for that long. */
function banSeconds(body: JsonObject): number | 'none' | undefined {
  const raw = stringField(body, 'ban_duration');
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'none') return 'none';
  const seconds = parseDurationSeconds(raw, Number.NaN);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw badRequest('validation_failed', 'invalid format for ban duration');
  return seconds;
}

async function requireUser(service: AuthService, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound('user_not_found', 'User not found');
  const user = await findUserById(service.ctx.db, id);
  if (!user) throw userNotFound();
  return user;
}

export async function listUsers(
  service: AuthService,
  _req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const page = positiveInt(url.searchParams.get('page'), 1, 1_000_000);
  const perPage = positiveInt(url.searchParams.get('per_page'), 50, 1000);
  const filter = url.searchParams.get('filter') ?? '';
  const like = `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { db } = service.ctx;
  const where = `deleted_at is null and ($1 = '' or email ilike $2 or raw_user_meta_data->>'full_name' ilike $2)`;
  const total = Number(
    (
      await db.query<{ count: string | number }>(`select count(*) as count from auth.users where ${where}`, [
        filter,
        like,
      ])
    ).rows[0]?.count ?? 0,
  );
  const { rows } = await db.query<UserRow>(
    `select * from auth.users where ${where} order by created_at desc nulls last, id limit $3 offset $4`,
    [filter, like, perPage, (page - 1) * perPage],
  );
  const users = [];
  for (const row of rows) users.push(userJson(row, await findIdentities(db, row.id)));
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  sendJson(
    res,
    200,
    { users, aud: 'authenticated' },
    { 'X-Total-Count': String(total), Link: links.join(', ') },
  );
}

export async function createUser(
  service: AuthService,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const body = await readBodyObject(req);
  if (stringField(body, 'phone')) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const email = validateEmail(stringField(body, 'email'));
  const password = stringField(body, 'password');
  const userMetadata = objectField(body, 'user_metadata') ?? objectField(body, 'data') ?? {};
  const appMetadata = objectField(body, 'app_metadata') ?? {};
  const emailConfirm = booleanField(body, 'email_confirm') ?? false;
  const role = stringField(body, 'role');
  const ban = banSeconds(body);
  if (password !== undefined) {
    const problem = passwordProblem(password, service.settings);
    if (problem) throw problem;
  }
  if (await findUserByEmail(service.ctx.db, email)) throw emailExists();
  const passwordHash = password !== undefined ? await hashPassword(password) : '';
  const user = await service.ctx.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw emailExists();
    const id = await insertEmailUser(tx, {
      email,
      passwordHash,
      userMetadata,
      appMetadata,
      emailConfirmed: emailConfirm,
      role,
      banDurationSeconds: typeof ban === 'number' ? ban : 0,
      identityInMetadata: false,
    });
    return loadUserJson(tx, id);
  });
  sendJson(res, 200, user);
}

export async function getUserById(service: AuthService, res: ServerResponse, id: string): Promise<void> {
  await requireUser(service, id);
  sendJson(res, 200, await loadUserJson(service.ctx.db, id));
}

export async function updateUserById(
  service: AuthService,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
): Promise<void> {
  const user = await requireUser(service, id);
  const body = await readBodyObject(req);
  const rawEmail = stringField(body, 'email');
  const password = stringField(body, 'password');
  const userMetadata = objectField(body, 'user_metadata');
  const appMetadata = objectField(body, 'app_metadata');
  const emailConfirm = booleanField(body, 'email_confirm');
  const role = stringField(body, 'role');
  const ban = banSeconds(body);
  let email: string | undefined;
  if (rawEmail !== undefined && rawEmail.trim().toLowerCase() !== (user.email ?? '').toLowerCase()) {
    email = validateEmail(rawEmail);
    const other = await findUserByEmail(service.ctx.db, email);
    if (other && other.id !== id) throw emailExists();
  }
  let passwordHash: string | undefined;
  if (password !== undefined) {
    const problem = passwordProblem(password, service.settings);
    if (problem) throw problem;
    passwordHash = await hashPassword(password);
  }
  await service.ctx.db.transaction(async (tx) => {
    if (email !== undefined) {
      await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [id, email]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
         where user_id = $1 and provider = 'email'`,
        [id, email],
      );
    }
    if (passwordHash !== undefined) {
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [
        id,
        passwordHash,
      ]);
    }
    if (emailConfirm === true) {
      await tx.query(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
        [id],
      );
    }
    if (role !== undefined)
      await tx.query(`update auth.users set role = $2, updated_at = now() where id = $1`, [id, role]);
    if (userMetadata !== undefined) {
      const merged = mergeMetadata(user.raw_user_meta_data ?? {}, userMetadata);
      await tx.query(
        `update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`,
        [id, JSON.stringify(merged)],
      );
    }
    if (appMetadata !== undefined) {
      const merged = mergeMetadata(user.raw_app_meta_data ?? {}, appMetadata);
      await tx.query(
        `update auth.users set raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1`,
        [id, JSON.stringify(merged)],
      );
    }
    if (ban === 'none') {
      await tx.query(`update auth.users set banned_until = null, updated_at = now() where id = $1`, [id]);
    } else if (typeof ban === 'number') {
      await tx.query(
        `update auth.users set banned_until = now() + make_interval(secs => $2::double precision), updated_at = now()
         where id = $1`,
        [id, ban],
      );
      await tx.query(`delete from auth.sessions where user_id = $1`, [id]);
    }
  });
  sendJson(res, 200, await loadUserJson(service.ctx.db, id));
}

export async function deleteUserById(
  service: AuthService,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
): Promise<void> {
  await requireUser(service, id);
  const body = await readBodyObject(req);
  const soft = booleanField(body, 'should_soft_delete') ?? false;
  await service.ctx.db.transaction(async (tx) => {
    if (soft) {
      await tx.query(`delete from auth.sessions where user_id = $1`, [id]);
      await tx.query(`delete from auth.identities where user_id = $1`, [id]);
      await tx.query(
        `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
           raw_user_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
        [id],
      );
    } else {
      await tx.query(`delete from auth.users where id = $1`, [id]);
    }
  });
  sendJson(res, 200, {});
}
