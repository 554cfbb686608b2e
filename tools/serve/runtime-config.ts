/**
 * The runtime configuration the shell reads as /config.json: where Supabase is (URL and anon key, never
 * the service role key) and each remote's manifest.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { REMOTE_NAMES, appPort, type RemoteName } from '@prepper/shared/apps';

/** What /config.json holds when no SHOP_CONFIG_FILE replaces it. */
export interface ShopConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  remotes: Record<RemoteName, string>;
  /** Where catalogue images come from besides Supabase (SHOP_IMAGE_ORIGINS): the pages' policy allows them. */
  imageOrigins?: string[];
}

type Env = Record<string, string | undefined>;

/** Remote manifest URLs: REMOTE_<NAME>_URL (e.g. REMOTE_CATALOG_URL) wins over the local default. */
export function remoteManifests(
  env: Env = process.env,
  portOf: (name: RemoteName) => number = (name) => appPort(name),
): Record<RemoteName, string> {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      name,
      env[`REMOTE_${name.toUpperCase()}_URL`] || `http://localhost:${portOf(name)}/mf-manifest.json`,
    ]),
  ) as Record<RemoteName, string>;
}

/** The part of the stack's runtime.json (written by `pnpm --filter @prepper/supabase start`) we read. */
interface StackRuntime {
  url?: string;
  anonKey?: string;
}

export interface RuntimeConfigSources {
  /** The local stack's runtime.json, when there is one. */
  stackRuntimeFile?: string;
  env?: Env;
  remotes?: Record<RemoteName, string>;
}

/**
 * The /config.json body. SHOP_CONFIG_FILE replaces it wholesale (re-read on every request, so a
 * deployment edits it without restarting); otherwise it is the stack's URL and anon key
 * (SUPABASE_URL / SUPABASE_ANON_KEY override), the remotes' manifests and, when SHOP_IMAGE_ORIGINS
 * lists any (comma- or space-separated), the origins catalogue images come from besides Supabase.
 */
export function runtimeConfigFrom({
  stackRuntimeFile,
  env = process.env,
  remotes = remoteManifests(env),
}: RuntimeConfigSources): unknown {
  if (env.SHOP_CONFIG_FILE) return JSON.parse(readFileSync(resolve(env.SHOP_CONFIG_FILE), 'utf8'));
  const stack: StackRuntime =
    stackRuntimeFile && existsSync(stackRuntimeFile)
      ? (JSON.parse(readFileSync(stackRuntimeFile, 'utf8')) as StackRuntime)
      : {};
  const supabaseUrl = env.SUPABASE_URL || stack.url;
  const supabaseAnonKey = env.SUPABASE_ANON_KEY || stack.anonKey;
  if (!supabaseUrl || !supabaseAnonKey)
    throw new Error(`No Supabase URL/anon key (looked in ${stackRuntimeFile})`);
  // Only the public values: the service role key never reaches a browser.
  const config: ShopConfig = { supabaseUrl, supabaseAnonKey, remotes };
  const imageOrigins = env.SHOP_IMAGE_ORIGINS?.split(/[\s,]+/).filter(Boolean);
  if (imageOrigins?.length) config.imageOrigins = imageOrigins;
  return config;
}

/**
 * Answers GET/HEAD /config.json with `config()` (never cached: a deployment changes it in place).
 * Returns false for any other path.
 */
export function answerConfigJson(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  config: () => unknown,
): boolean {
  if (pathname !== '/config.json') return false;
  let body: string;
  try {
    body = `${JSON.stringify(config(), null, 2)}\n`;
  } catch (error) {
    console.error(`[serve] /config.json: ${error instanceof Error ? error.message : String(error)}`);
    res
      .writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' })
      .end('Runtime configuration unavailable');
    return true;
  }
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
