import * as v from 'valibot';
import { REMOTE_NAMES, type RemoteName } from './apps';
import { configureSupabase } from './supabase/client';

const MUST_BE_URL = 'must be an http(s) URL';

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** An absolute http(s) URL. */
const HttpUrlSchema = v.pipe(v.string(MUST_BE_URL), v.check(isHttpUrl, MUST_BE_URL));

/**
 * The deployment's runtime configuration, served as /config.json next to the shell (and each remote):
 * the Supabase URL and anon key, and the manifest URL per remote (`.../mf-manifest.json`; a standalone
 * remote may list none). Unknown keys and unknown remotes are left out.
 */
const RuntimeConfigSchema = v.object(
  {
    supabaseUrl: HttpUrlSchema,
    supabaseAnonKey: v.pipe(v.string('is missing'), v.nonEmpty('is missing')),
    remotes: v.optional(
      v.partial(
        v.object(
          Object.fromEntries(REMOTE_NAMES.map((name) => [name, HttpUrlSchema])) as Record<
            RemoteName,
            typeof HttpUrlSchema
          >,
        ),
      ),
      {},
    ),
  },
  // A required key that is not there, or no object at all.
  (issue) =>
    !issue.path ? 'is not an object' : issue.expected === '"supabaseAnonKey"' ? 'is missing' : MUST_BE_URL,
);

export type RuntimeConfig = v.InferOutput<typeof RuntimeConfigSchema>;

/** Validates untrusted JSON into a RuntimeConfig, with a message saying what is wrong and where. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const result = v.safeParse(RuntimeConfigSchema, value);
  if (result.success) return result.output;
  const [issue] = result.issues;
  const path = v.getDotPath(issue);
  throw new Error(
    path ? `Runtime configuration: ${path} ${issue.message}` : `Runtime configuration ${issue.message}`,
  );
}

/**
 * Fetches and validates /config.json, then configures the one Supabase client. The server answers it
 * `no-cache` (revalidated every time), and its default cache mode lets the fetch take the response the
 * page's `<link rel="preload">` started beside the shell's script (tools/serve/page-hints.ts).
 */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load ${url} (HTTP ${response.status})`);
  const config = parseRuntimeConfig(await response.json());
  configureSupabase({ url: config.supabaseUrl, anonKey: config.supabaseAnonKey });
  return config;
}
