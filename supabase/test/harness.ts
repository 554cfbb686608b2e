// Starts a throwaway stack for integration tests: a fresh temporary data directory, a free port
// (unless one is given), migrations and seed applied, and helpers that build supabase-js clients.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { projectDir, stackDir } from '../stack/config.ts';
import { startStack, type StackHandle, type StartStackOptions } from '../stack/index.ts';
import { signJwt } from '../stack/keys.ts';
import { createScratchDatabase } from '../stack/scratch-database.ts';

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
  /**
   * A real PostgreSQL server instead of PGlite (default: env STACK_TEST_DATABASE_URL, else PGlite). Each
   * stack gets a fresh database of its own on that server (kept with its data directory for restarts),
   * dropped by stop() or at the end of the test run.
   */
  databaseUrl?: string;
  /** Postgres port for psql (default 0: a free one; null: none). */
  dbPort?: number | null;
  /** Run the stack's outbox sender (default false: tests that need it drive or start it). */
  outboxSender?: StartStackOptions['outboxSender'];
  /** The local Stripe stand-in for card payments (default false: card payments off). */
  stripe?: StartStackOptions['stripe'];
  /** The Edge Functions runtime's folder, settings and timeout (default: supabase/functions, config.toml). */
  functions?: StartStackOptions['functions'];
  /** Run the stack's scheduler (default false: tests call scheduled_jobs_run with their own clock). */
  scheduler?: StartStackOptions['scheduler'];
  /** The storefront address in e-mailed links (default http://localhost:3000). */
  shopUrl?: string;
  /** Start as `npm start` does (PGlite: optimized and warmed up before serving; default false). */
  warmUp?: boolean;
  /** The stack's log (default: none). */
  log?: (message: string) => void;
}

/** The stack's own database on `serverUrl`: created once per data directory, found again on a restart. */
async function databaseForDataDir(serverUrl: string, dataDir: string) {
  const file = join(dataDir, 'scratch-database-url');
  if (existsSync(file)) return { url: readFileSync(file, 'utf8').trim(), drop: () => Promise.resolve() };
  const database = await createScratchDatabase(serverUrl);
  writeFileSync(file, database.url);
  return database;
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

export const clientOptions: SupabaseClientOptions<'public'> = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  ...('WebSocket' in globalThis
    ? {}
    : { realtime: { transport: NoRealtimeWebSocket as unknown as RealtimeTransport } }),
};

/** Where migrated PGlite databases are kept between test files (and runs), one per migrations version. */
const templatesDir = join(tmpdir(), 'prepper-test-templates');

let key: string | undefined;

/**
 * What a migrated database is made of: the bootstrap, the migrations, the migrator and PGlite's version
 * (read once per test file).
 */
function templateKey(): string {
  key ??= computeTemplateKey();
  return key;
}

function computeTemplateKey(): string {
  const hash = createHash('sha256');
  // PGlite's entry file, resolved through pnpm's store, names its version.
  hash.update(`${realpathSync(createRequire(import.meta.url).resolve('@electric-sql/pglite'))}\n`);
  hash.update(readFileSync(join(stackDir, 'migrate.ts')));
  for (const [label, dir] of [
    ['bootstrap', join(stackDir, 'bootstrap')],
    ['migrations', join(projectDir, 'migrations')],
  ] as const) {
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith('.sql')) continue;
      hash.update(`${label}/${name}\n`).update(readFileSync(join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A PGlite database with every migration applied and no seed (its image addresses name the stack's own
 * port), built once and copied for each stack: applying the 80-odd migrations is most of a stack's start.
 * The copy is the database a fresh start would have migrated, and the seed still runs on it. Built in a
 * directory of its own and renamed into place, so a half-built template is never used.
 */
async function migratedTemplate(): Promise<string> {
  const template = join(templatesDir, templateKey());
  if (existsSync(join(template, 'complete'))) return join(template, 'pgdata');
  mkdirSync(templatesDir, { recursive: true });
  const building = mkdtempSync(join(templatesDir, 'building-'));
  const handle = await startStack({ port: 0, dbPort: null, dataDir: building, seed: false });
  await handle.stop();
  writeFileSync(join(building, 'complete'), new Date().toISOString());
  // Templates of other migrations are kept for a day (another checkout on this machine may be copying
  // one right now), then removed.
  for (const name of readdirSync(templatesDir)) {
    const marker = join(templatesDir, name, 'complete');
    if (existsSync(marker) && Date.now() - statSync(marker).mtimeMs > 86_400_000) {
      rmSync(join(templatesDir, name), { recursive: true, force: true });
    }
  }
  try {
    renameSync(building, template);
  } catch {
    // Another process put the same template in place first.
    rmSync(building, { recursive: true, force: true });
  }
  return join(template, 'pgdata');
}

/**
 * Whether a stack starts from the migrated template: a new PGlite database of this package's project.
 * (On PostgreSQL the migrations take a few seconds, about what creating a database from a template saves.)
 */
function usesTemplate(options: TestStackOptions, serverUrl: string | undefined): boolean {
  return !serverUrl && !options.dataDir && !options.projectDir && process.env.PREPPER_TEST_TEMPLATE !== '0';
}

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'prepper-stack-'));
  const serverUrl = options.databaseUrl ?? process.env.STACK_TEST_DATABASE_URL;
  if (usesTemplate(options, serverUrl))
    cpSync(await migratedTemplate(), join(dataDir, 'pgdata'), { recursive: true });
  const startOptions: StartStackOptions = {
    port: options.port ?? 0,
    dbPort: options.dbPort === undefined ? 0 : options.dbPort,
    dataDir,
    seed: options.seed ?? true,
    ...(options.projectDir ? { projectDir: options.projectDir } : {}),
    ...(options.corsOrigins ? { corsOrigins: options.corsOrigins } : {}),
    outboxSender: options.outboxSender ?? false,
    stripe: options.stripe ?? false,
    scheduler: options.scheduler ?? false,
    ...(options.functions ? { functions: options.functions } : {}),
    shopUrl: options.shopUrl ?? 'http://localhost:3000',
    ...(options.warmUp ? { warmUp: true } : {}),
    ...(options.log ? { log: options.log } : {}),
  };
  const ownsDataDir = !options.dataDir && !options.keepDataDir;
  const database = serverUrl ? await databaseForDataDir(serverUrl, dataDir) : null;
  if (database) startOptions.databaseUrl = database.url;
  let handle: StackHandle;
  try {
    handle = await startStack(startOptions);
  } catch (error) {
    if (ownsDataDir) {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
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
      if (ownsDataDir) {
        await database?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
