// auth.users and auth.identities: reading, creating and serialising users the way GoTrue answers them.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../context.ts';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | string | null;
  invited_at: Date | string | null;
  confirmation_sent_at: Date | string | null;
  recovery_sent_at: Date | string | null;
  email_change_sent_at: Date | string | null;
  /** The address an e-mail change waits to confirm ('' or null when none). */
  email_change: string | null;
  last_sign_in_at: Date | string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
  phone: string | null;
  phone_confirmed_at: Date | string | null;
  confirmed_at: Date | string | null;
  banned_until: Date | string | null;
  deleted_at: Date | string | null;
  is_anonymous: boolean | null;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | string | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
  email: string | null;
}

/** GoTrue's user object as supabase-js reads it. */
export interface UserJson {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at?: string;
  phone: string;
  phone_confirmed_at?: string;
  confirmed_at?: string;
  invited_at?: string;
  confirmation_sent_at?: string;
  recovery_sent_at?: string;
  email_change_sent_at?: string;
  /** The address an e-mail change waits to confirm (GoTrue's new_email). */
  new_email?: string;
  last_sign_in_at?: string;
  banned_until?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: IdentityJson[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
}

export interface IdentityJson {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at?: string;
  created_at?: string;
  updated_at?: string;
  email?: string;
}

export const defaultInstanceId = '00000000-0000-0000-0000-000000000000';

const userColumns = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, confirmation_sent_at,
  recovery_sent_at, email_change_sent_at, email_change, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at,
  updated_at, phone, phone_confirmed_at, confirmed_at, banned_until, deleted_at, is_anonymous`;

export function toIso(value: Date | string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** jsonb may come back parsed (PGlite, pg) or as text; anything but an object becomes {}. */
export function asObject(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return isRecord(parsed) ? parsed : {};
    } catch {
      return {};
    }
  }
  return isRecord(value) ? value : {};
}

export function isBanned(user: UserRow, now = new Date()): boolean {
  if (user.banned_until === null) return false;
  const until = user.banned_until instanceof Date ? user.banned_until : new Date(user.banned_until);
  return until.getTime() > now.getTime();
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<UserRow>(
    `select ${userColumns} from auth.users where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${userColumns} from auth.users where lower(email) = lower($1) and deleted_at is null
     and coalesce(is_sso_user, false) = false`,
    [email],
  );
  return rows[0];
}

export async function findIdentities(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
     from auth.identities where user_id = $1 order by created_at nulls first, id`,
    [userId],
  );
  return rows;
}

export function identityJson(row: IdentityRow): IdentityJson {
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: asObject(row.identity_data),
    provider: row.provider,
    last_sign_in_at: toIso(row.last_sign_in_at),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    email: row.email ?? undefined,
  };
}

export function userJson(user: UserRow, identities: IdentityRow[]): UserJson {
  return {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: toIso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: toIso(user.phone_confirmed_at),
    confirmed_at: toIso(user.confirmed_at),
    invited_at: toIso(user.invited_at),
    confirmation_sent_at: toIso(user.confirmation_sent_at),
    recovery_sent_at: toIso(user.recovery_sent_at),
    email_change_sent_at: toIso(user.email_change_sent_at),
    new_email: user.email_change ? user.email_change : undefined,
    last_sign_in_at: toIso(user.last_sign_in_at),
    banned_until: toIso(user.banned_until),
    app_metadata: asObject(user.raw_app_meta_data),
    user_metadata: asObject(user.raw_user_meta_data),
    identities: identities.map(identityJson),
    created_at: toIso(user.created_at) ?? new Date(0).toISOString(),
    updated_at: toIso(user.updated_at) ?? new Date(0).toISOString(),
    is_anonymous: user.is_anonymous ?? false,
  };
}

export async function loadUserJson(db: Queryable, id: string): Promise<UserJson | undefined> {
  const user = await findUserById(db, id);
  if (!user) return undefined;
  return userJson(user, await findIdentities(db, id));
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export interface NewUser {
  email: string;
  passwordHash: string;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  emailConfirmed: boolean;
  role?: string;
  banDurationSeconds?: number;
  /**
   * Sign-up copies the identity's fields (sub, email, email_verified, phone_verified) into
   * user_metadata as GoTrue does; the admin API keeps user_metadata to what was given (false).
   */
  identityInMetadata?: boolean;
}

/** Inserts an e-mail user and its identity as GoTrue does; the caller checks uniqueness first. */
export async function insertEmailUser(db: Queryable, input: NewUser): Promise<string> {
  const id = randomUUID();
  const email = input.email.toLowerCase();
  const appMetadata = { provider: 'email', providers: ['email'], ...(input.appMetadata ?? {}) };
  const identityData = { sub: id, email, email_verified: input.emailConfirmed, phone_verified: false };
  const userMetadata =
    input.identityInMetadata === false ? input.userMetadata : { ...input.userMetadata, ...identityData };
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at, banned_until, is_anonymous)
     values ($1, $2, 'authenticated', $3, $4, $5, case when $6::boolean then now() else null end,
       '', '', '', '', $7::jsonb, $8::jsonb, now(), now(),
       case when $9::double precision > 0 then now() + make_interval(secs => $9::double precision) else null end, false)`,
    [
      defaultInstanceId,
      id,
      input.role ?? 'authenticated',
      email,
      input.passwordHash,
      input.emailConfirmed,
      JSON.stringify(appMetadata),
      JSON.stringify(userMetadata),
      input.banDurationSeconds ?? 0,
    ],
  );
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, id)
     values ($1, $2, $3::jsonb, 'email', now(), now(), now(), $4)`,
    [id, id, JSON.stringify(identityData), randomUUID()],
  );
  return id;
}

/**
 * Inserts an anonymous user as GoTrue's anonymous sign-in does: no e-mail, phone, password or identity,
 * `is_anonymous` true, app_metadata provider "anonymous", user_metadata exactly the `data` given.
 */
export async function insertAnonymousUser(
  db: Queryable,
  userMetadata: Record<string, unknown>,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, confirmation_token,
       recovery_token, email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data,
       created_at, updated_at, is_anonymous)
     values ($1, $2, 'authenticated', 'authenticated', null, '', '', '', '', '', $3::jsonb, $4::jsonb,
       now(), now(), true)`,
    [
      defaultInstanceId,
      id,
      JSON.stringify({ provider: 'anonymous', providers: ['anonymous'] }),
      JSON.stringify(userMetadata),
    ],
  );
  return id;
}
