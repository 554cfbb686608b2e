import { REMOTE_NAMES, type RemoteName } from './apps';
import { configureSupabase } from './supabase/client';

/** The deployment's runtime configuration, served as /config.json next to the shell (and each remote). */
export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Manifest URL per remote (`.../mf-manifest.json`); a standalone remote may list none. */
  remotes: Partial<Record<RemoteName, string>>;
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Validates untrusted JSON into a RuntimeConfig, with a message saying what is wrong. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null) throw new Error('Runtime configuration is not an object');
  const record = value as Record<string, unknown>;
  if (!isHttpUrl(record.supabaseUrl))
    throw new Error('Runtime configuration: supabaseUrl must be an http(s) URL');
  if (typeof record.supabaseAnonKey !== 'string' || record.supabaseAnonKey.length === 0) {
    throw new Error('Runtime configuration: supabaseAnonKey is missing');
  }
  const remotes: Partial<Record<RemoteName, string>> = {};
  const rawRemotes = (record.remotes ?? {}) as Record<string, unknown>;
  for (const name of REMOTE_NAMES) {
    const url = rawRemotes[name];
    if (url === undefined) continue;
    if (!isHttpUrl(url)) throw new Error(`Runtime configuration: remotes.${name} must be an http(s) URL`);
    remotes[name] = url;
  }
  return { supabaseUrl: record.supabaseUrl, supabaseAnonKey: record.supabaseAnonKey, remotes };
}

/** Fetches and validates /config.json, then configures the one Supabase client. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Could not load ${url} (HTTP ${response.status})`);
  const config = parseRuntimeConfig(await response.json());
  configureSupabase({ url: config.supabaseUrl, anonKey: config.supabaseAnonKey });
  return config;
}
