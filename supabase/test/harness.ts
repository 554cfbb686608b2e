// Starts a throwaway stack for integration tests: a fresh temporary data directory, a free port
// (unless one is given), migrations and seed applied, and helpers that build supabase-js clients.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { startStack, type StackHandle, type StartStackOptions } from '../stack/index.ts';
import { signJwt } from '../stack/keys.ts';

export interface TestStackOptions {
  /** Fixed port (e2e uses 54331); default: a free one. */
  port?: number;
  /** Apply seed.sql (default true). */
  seed?: boolean;
  /** Supabase project folder (default this package); an empty folder gives a bare database. */
  projectDir?: string;
  corsOrigins?: readonly string[];
  /** Keep the data directory after stop() (default false). */
  keepDataDir?: boolean;
  /** Reuse a data directory (persistence tests); default: a new temporary one. */
  dataDir?: string;
  /** A real PostgreSQL instead of PGlite (default: env STACK_TEST_DATABASE_URL, else PGlite). */
  databaseUrl?: string;
}

export interface TestStack extends StackHandle {
  /** A supabase-js client with the anon key (no session). */
  anonClient(): SupabaseClient;
  /** A supabase-js client with the service_role key (bypasses RLS). */
  serviceClient(): SupabaseClient;
  /** Signs in through /auth/v1 with email and password; throws when sign-in fails. */
  signedInClient(email: string, password: string): Promise<SupabaseClient>;
  /** A client whose requests carry a JWT for `userId` signed with the stack's secret (no /auth/v1 involved). */
  clientForUser(userId: string, claims?: Record<string, unknown>): Promise<SupabaseClient>;
  /** An access token as GoTrue would issue it for `userId` (role authenticated). */
  tokenForUser(userId: string, claims?: Record<string, unknown>): Promise<string>;
}

/** Node 20 has no global WebSocket, which supabase-js's realtime client insists on; the stack has no realtime. */
class NoRealtimeWebSocket {
  constructor() {
    throw new Error('Realtime is not served by the local stack');
  }
}

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

const clientOptions: SupabaseClientOptions<'public'> = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  ...('WebSocket' in globalThis
    ? {}
    : { realtime: { transport: NoRealtimeWebSocket as unknown as RealtimeTransport } }),
};

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'prepper-stack-'));
  const startOptions: StartStackOptions = {
    port: options.port ?? 0,
    dataDir,
    seed: options.seed ?? true,
    ...(options.projectDir ? { projectDir: options.projectDir } : {}),
    ...(options.corsOrigins ? { corsOrigins: options.corsOrigins } : {}),
  };
  const databaseUrl = options.databaseUrl ?? process.env.STACK_TEST_DATABASE_URL;
  if (databaseUrl) startOptions.databaseUrl = databaseUrl;
  let handle: StackHandle;
  try {
    handle = await startStack(startOptions);
  } catch (error) {
    if (!options.dataDir && !options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const tokenForUser = (userId: string, claims: Record<string, unknown> = {}) =>
    signJwt(handle.jwtSecret, {
      sub: userId,
      role: 'authenticated',
      aud: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      ...claims,
    });

  return {
    ...handle,
    anonClient: () => createClient(handle.url, handle.anonKey, clientOptions),
    serviceClient: () => createClient(handle.url, handle.serviceRoleKey, clientOptions),
    async signedInClient(email: string, password: string) {
      const client = createClient(handle.url, handle.anonKey, clientOptions);
      const { error } = await client.auth.signInWithPassword({ email, password });
      if (error) throw new Error(`Sign-in as ${email} failed: ${error.message}`);
      return client;
    },
    async clientForUser(userId: string, claims?: Record<string, unknown>) {
      const token = await tokenForUser(userId, claims);
      return createClient(handle.url, handle.anonKey, {
        ...clientOptions,
        global: { headers: { Authorization: `Bearer ${token}` } },
      });
    },
    tokenForUser,
    async stop() {
      await handle.stop();
      if (!options.keepDataDir && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
