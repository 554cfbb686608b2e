// Where the stack finds its files and how it is configured (options > environment > defaults).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { appOrigins } from '../../shared/src/app-origins.ts';
import { DEV_PORT_BASE } from '../../shared/src/apps.ts';
import type { AuthConfig, StackConfig } from './context.ts';

/** The Supabase project folder (`supabase/`): config.toml, migrations/, seed.sql, storage/. */
export const projectDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const stackDir = join(projectDir, 'stack');
export const defaultDataDir = join(projectDir, '.local', 'db');
export const defaultPort = 54321;
export const defaultDbPort = 54322;

/** The browser tests' default port base (e2e/harness.ts): the shell on 4000, the remotes after it. */
const E2E_PORT_BASE = 4000;
/** The shop's apps' origins (dev 3000-3005, browser tests 4000-4005) on localhost and 127.0.0.1. */
export const defaultCorsOrigins: readonly string[] = [
  ...appOrigins(DEV_PORT_BASE),
  ...appOrigins(E2E_PORT_BASE),
];

export function corsOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const list = env.SUPABASE_CORS_ORIGINS?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return list && list.length > 0 ? list : [...defaultCorsOrigins];
}

export function portFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SUPABASE_PORT;
  if (!raw) return defaultPort;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid SUPABASE_PORT "${raw}"`);
  return port;
}

/** SUPABASE_DB_PORT: the Postgres port for psql / pg_dump (default 54322 like the Supabase CLI; `off`: none). */
export function dbPortFromEnv(env: NodeJS.ProcessEnv = process.env): number | null {
  const raw = env.SUPABASE_DB_PORT;
  if (!raw) return defaultDbPort;
  if (raw === 'off') return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`Invalid SUPABASE_DB_PORT "${raw}"`);
  return port;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The schemas /rest/v1 exposes: config.toml's [api] schemas that exist as names (graphql_public, which
 * the stack does not serve, is left out), public when the list is missing or empty.
 */
export function exposedSchemas(config: StackConfig): string[] {
  const api = isRecord(config.raw.api) ? config.raw.api : {};
  const list = Array.isArray(api.schemas)
    ? api.schemas.filter(
        (name): name is string => typeof name === 'string' && name !== 'graphql_public' && name !== '',
      )
    : [];
  return list.length > 0 ? list : ['public'];
}

/** Parses config.toml's [auth] (with [auth.rate_limit]); a missing file gives Supabase's defaults. */
export function loadStackConfig(file: string = join(projectDir, 'config.toml')): StackConfig {
  const raw: Record<string, unknown> = existsSync(file) ? parse(readFileSync(file, 'utf8')) : {};
  const authRaw = isRecord(raw.auth) ? raw.auth : {};
  const rateLimit = isRecord(authRaw.rate_limit) ? authRaw.rate_limit : {};
  const auth: AuthConfig = {
    site_url: 'http://127.0.0.1:3000',
    additional_redirect_urls: [],
    jwt_expiry: 3600,
    enable_refresh_token_rotation: true,
    refresh_token_reuse_interval: 10,
    enable_signup: true,
    minimum_password_length: 6,
    ...authRaw,
    rate_limit: {
      email_sent: 2,
      sms_sent: 30,
      anonymous_users: 30,
      token_refresh: 150,
      sign_in_sign_ups: 30,
      token_verifications: 30,
      ...rateLimit,
    },
  };
  return { auth, raw };
}
