// The local Supabase-compatible stack: database, migrations, keys and the HTTP gateway in one call.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import {
  defaultCorsOrigins,
  defaultDataDir,
  exposedSchemas,
  loadStackConfig,
  projectDir,
  stackDir,
} from './config.ts';
import type { Db, StackContext } from './context.ts';
import { openDb } from './db.ts';
import { type DbPort, serveDbPort } from './db-port.ts';
import { createKeys } from './keys.ts';
import { otherHolder, takeLock } from './lock.ts';
import { type FunctionSettings, FunctionsRunner, functionSettings } from './functions/index.ts';
import { startSmtpStandIn, type SmtpStandIn } from './mailbox/smtp.ts';
import { dropEverything, migrate } from './migrate.ts';
import { type OutboxSchedule, startOutboxSchedule } from './outbox.ts';
import { type Scheduler, startScheduler } from './scheduler.ts';
import { createRestHandler } from './rest/handler.ts';
import { createHttpServer, createStackListener } from './server.ts';
import { syncBuckets } from './storage/buckets.ts';
import { type StatisticsKeeper, startStatisticsKeeper } from './statistics.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-standin/index.ts';
import { warmUp } from './warm-up.ts';

export type { StackContext } from './context.ts';

export interface StartStackOptions {
  /** TCP port (default 54321; 0 picks a free one). */
  port?: number;
  /** Data directory (default supabase/.local/db): PGlite files in pgdata/, jwt-secret, runtime.json. */
  dataDir?: string;
  /** Use this Postgres instead of PGlite. */
  databaseUrl?: string;
  /**
   * Postgres port for psql / pg_dump (`pnpm start` uses 54322 like the Supabase CLI; 0 picks a free one;
   * default null: none). A port already in use is reported in the log and skipped.
   */
  dbPort?: number | null;
  /** Origins allowed by CORS (default: the shop's dev and test origins). */
  corsOrigins?: readonly string[];
  /** Apply seed.sql on a brand-new database (default true). */
  seed?: boolean;
  /** Base URL clients use (default http://localhost:<port>). */
  publicUrl?: string;
  /** Supabase project folder with migrations/, seed.sql, config.toml (default: this package). */
  projectDir?: string;
  /**
   * Where uploaded Storage objects are kept (`<storageDir>/<bucket>/...`). Default: config.toml's
   * objects_path of each bucket for the default data directory, `<dataDir>/storage` for any other (tests).
   */
  storageDir?: string;
  /**
   * The storefront's public address for links in e-mails the outbox sender delivers (default: env
   * SHOP_URL, else config.toml's [auth] site_url).
   */
  shopUrl?: string;
  /**
   * The outbox sender: the Edge Function supabase/functions/outbox-sender, called every `intervalMs`
   * (default 1000) as the hosted pg_cron job calls it, delivering over SMTP to the local relay stand-in
   * (mailbox/smtp.ts) and so into the mailbox; false: not called (tests call it themselves).
   */
  outboxSender?: false | { intervalMs?: number };
  /**
   * The Edge Functions runtime: `dir` holds the functions (default <projectDir>/functions), `settings`
   * overrides config.toml's `[functions.<name>]`, `timeoutMs` is how long a function may take to start
   * answering (default 150 s, as hosted).
   */
  functions?: { dir?: string; settings?: Record<string, FunctionSettings>; timeoutMs?: number };
  /**
   * The scheduler standing in for pg_cron (stack/scheduler.ts: public.scheduled_jobs_run(), which
   * expires unpaid orders and releases back-in-stock holds): runs every `intervalMs` (default 60 s);
   * false: not started (tests that call the jobs with their own clock).
   */
  scheduler?: false | { intervalMs?: number };
  /**
   * PGlite only: how often the stack looks for tables whose statistics went stale and vacuums and
   * analyzes them (stack/statistics.ts; default 30 s). PostgreSQL has autovacuum.
   */
  statisticsIntervalMs?: number;
  /**
   * Card payments against the local Stripe stand-in (stripe-standin/): started on `port` (default: the
   * stack's port + 10000, so parallel stacks never collide; a port in use falls back to a free one), its
   * keys given to the Edge Functions as STRIPE_* secrets and its webhooks sent to
   * /functions/v1/stripe-webhook. Default false: no keys, so the shop offers no card payment (unless
   * functions/.env sets real ones).
   */
  stripe?: false | { port?: number; retryDelaysMs?: readonly number[] };
  /**
   * PGlite only (stack/warm-up.ts): answer the storefront's and the back office's first pages before
   * serving, so the first visit after a restart is as fast as a later one. Default false (tests);
   * `npm start` sets it. Costs a few seconds of start-up at scale (docs/performance.md).
   */
  warmUp?: boolean;
  log?: (message: string) => void;
}

export interface StackHandle {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  port: number;
  dataDir: string;
  /** The storefront's address the outbox sender builds links with. */
  shopUrl: string;
  /** The database's connection string on the Postgres port (null when none is served). */
  dbUrl: string | null;
  /** The database (as its owner; bypasses RLS). For tests and tools. */
  db: Db;
  /** PGlite's statistics upkeep (stack/statistics.ts); null on PostgreSQL, which has autovacuum. */
  statistics: StatisticsKeeper | null;
  /** The pg_cron stand-in (stack/scheduler.ts); null when started with `scheduler: false`. */
  scheduler: Scheduler | null;
  /** The Edge Functions runtime behind /functions/v1 (functions/runner.ts). */
  functions: FunctionsRunner;
  /** The SMTP relay stand-in the functions send through (mailbox/smtp.ts). */
  smtp: SmtpStandIn;
  /** The calls of the outbox-sender function; null when started with `outboxSender: false`. */
  outbox: OutboxSchedule | null;
  /** The local Stripe stand-in; null unless started with `stripe`. */
  stripe: StripeStandIn | null;
  /** Re-reads the catalog after DDL that did not go through migrations. */
  reloadSchema(): Promise<void>;
  stop(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolvePort((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolveClose) => {
    server.close(() => resolveClose());
    server.closeAllConnections();
  });
}

export async function startStack(options: StartStackOptions = {}): Promise<StackHandle> {
  const dataDir = resolve(options.dataDir ?? defaultDataDir);
  const project = options.projectDir ?? projectDir;
  const log = options.log ?? (() => undefined);
  mkdirSync(dataDir, { recursive: true });
  // Also with DATABASE_URL: the data directory holds the keys and runtime.json of one stack.
  const releaseLock = takeLock(dataDir);
  let db: Db | null = null;
  let dbPort: DbPort | null = null;
  let smtp: SmtpStandIn | null = null;
  let functions: FunctionsRunner | null = null;
  let stripe: StripeStandIn | null = null;
  const servers: Server[] = [];
  const keepers: (StatisticsKeeper | null)[] = [];
  try {
    const keys = await createKeys(dataDir);
    const config = loadStackConfig(join(project, 'config.toml'));
    db = await openDb({ pgDataDir: join(dataDir, 'pgdata'), databaseUrl: options.databaseUrl, log });

    // Bind first so that the public URL (port 0 = any free port) is known before the seed runs.
    // Until the database is ready, answer 503 so health checks poll instead of hanging.
    const primary = createHttpServer((_req, res) => {
      res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
      res.end('{"message":"The local stack is starting"}');
    });
    const port = await listen(primary, options.port ?? 54321, '127.0.0.1');
    servers.push(primary);
    const publicUrl = (options.publicUrl ?? `http://localhost:${port}`).replace(/\/$/, '');

    const result = await migrate(db, {
      projectDir: project,
      bootstrapDir: join(stackDir, 'bootstrap'),
      publicUrl,
      seed: options.seed,
      log,
    });
    if (result.applied.length > 0) log(`Applied ${result.applied.length} migration(s)`);

    await syncBuckets(db, config);
    const storageDir =
      options.storageDir ?? (dataDir === resolve(defaultDataDir) ? undefined : join(dataDir, 'storage'));
    const keeper =
      db.kind === 'pglite'
        ? startStatisticsKeeper(db, {
            log,
            ...(options.statisticsIntervalMs ? { intervalMs: options.statisticsIntervalMs } : {}),
          })
        : null;
    keepers.push(keeper);
    const ctx: StackContext = { db, keys, config, publicUrl, dataDir, storageDir };
    const rest = createRestHandler(db, exposedSchemas(config));
    await rest.reload();
    const shopUrl = (
      options.shopUrl ??
      process.env.SHOP_URL ??
      config.auth.site_url ??
      'http://localhost:3000'
    )
      .toString()
      .replace(/\/+$/, '');
    smtp = await startSmtpStandIn(db, { log: (message) => console.error(message) });
    if (options.stripe) {
      stripe = await startStripeStandIn({
        port: options.stripe.port ?? (port + 10000 <= 65535 ? port + 10000 : 0),
        webhookUrl: `http://127.0.0.1:${port}/functions/v1/stripe-webhook`,
        ...(options.stripe.retryDelaysMs ? { retryDelaysMs: options.stripe.retryDelaysMs } : {}),
        log: (message) => console.error(message),
      });
      log(`Stripe stand-in on ${stripe.url}`);
    }
    functions = new FunctionsRunner({
      projectDir: project,
      ...(options.functions?.dir ? { functionsDir: options.functions.dir } : {}),
      settings: { ...functionSettings(config), ...options.functions?.settings },
      verifyJwt: (token) => keys.verifyJwt(token),
      ...(options.functions?.timeoutMs !== undefined
        ? { requestTimeoutMs: options.functions.timeoutMs }
        : {}),
      env: {
        SUPABASE_URL: publicUrl,
        SUPABASE_ANON_KEY: keys.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
        // The outbox sender's secrets on a hosted project; here the local relay stand-in.
        SMTP_HOST: smtp.host,
        SMTP_PORT: String(smtp.port),
        SMTP_USER: smtp.user,
        SMTP_PASSWORD: smtp.password,
        SMTP_FROM: 'ReadyStock <shop@readystock.local>',
        SHOP_URL: shopUrl,
        // Card payments: the Stripe stand-in's keys and address (a hosted project sets the real keys).
        ...(stripe
          ? {
              STRIPE_SECRET_KEY: stripe.secretKey,
              STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
              STRIPE_API_HOST: stripe.host,
              STRIPE_API_PORT: String(stripe.port),
              STRIPE_API_PROTOCOL: 'http',
            }
          : {}),
      },
      log: (message) => console.error(message),
    });
    const listener = createStackListener({
      ctx,
      rest,
      corsOrigins: options.corsOrigins ?? defaultCorsOrigins,
      functions,
    });
    // runtime.json first: whoever sees the stack answer can read its keys. (The reset command's
    // short-lived stack writes it too; `start` rewrites it with the port it serves on.)
    writeFileSync(
      join(dataDir, 'runtime.json'),
      `${JSON.stringify({ url: publicUrl, anonKey: keys.anonKey, serviceRoleKey: keys.serviceRoleKey, jwtSecret: keys.jwtSecret }, null, 2)}\n`,
      { mode: 0o600 },
    );
    const wantedDbPort = options.dbPort ?? null;
    if (wantedDbPort !== null) {
      try {
        dbPort = await serveDbPort(db, { port: wantedDbPort, databaseUrl: options.databaseUrl });
        log(`Database on ${dbPort.url}`);
      } catch (error) {
        log(`Database port ${wantedDbPort} not served: ${error instanceof Error ? error.message : error}`);
      }
    }
    const scheduler =
      options.scheduler === false
        ? null
        : startScheduler(db, {
            ...(options.scheduler?.intervalMs !== undefined
              ? { intervalMs: options.scheduler.intervalMs }
              : {}),
            log: (message) => console.error(message),
          });
    if (options.warmUp && db.kind === 'pglite') {
      // The outbox sender (below) calls its Edge Function as soon as the stack serves: Deno's start (half a
      // second of CPU) then competed with the first visitor's requests on a 2-core machine. Started here,
      // on the other core, while PGlite warms up.
      const runner = functions;
      const functionStarted = performance.now();
      const booted =
        options.outboxSender === false
          ? null
          : runner.boot('outbox-sender').then(
              () =>
                log(
                  `Warm-up: started the outbox-sender function in ${((performance.now() - functionStarted) / 1000).toFixed(1)} s`,
                ),
              (error: unknown) =>
                log(
                  `Warm-up: the outbox-sender function did not start: ${error instanceof Error ? error.message : error}`,
                ),
            );
      await warmUp({
        db,
        listener,
        anonKey: keys.anonKey,
        signJwt: (claims, signOptions) => keys.signJwt(claims, signOptions),
        log,
      });
      await booted;
    }
    primary.removeAllListeners('request');
    primary.on('request', listener);
    // localhost may resolve to ::1 first; answer there too when the machine has IPv6 loopback.
    const secondary = createHttpServer(listener);
    try {
      await listen(secondary, port, '::1');
      servers.push(secondary);
    } catch {
      secondary.close();
    }
    const outbox =
      options.outboxSender === false
        ? null
        : startOutboxSchedule({
            url: `http://127.0.0.1:${port}`,
            serviceRoleKey: keys.serviceRoleKey,
            ...(options.outboxSender?.intervalMs !== undefined
              ? { intervalMs: options.outboxSender.intervalMs }
              : {}),
            log: (message) => console.error(message),
          });
    const openSmtp = smtp;
    const openFunctions = functions;
    const openStripe = stripe;

    const openDbHandle = db;
    const openDbPort = dbPort;
    let stopped = false;
    return {
      url: publicUrl,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      jwtSecret: keys.jwtSecret,
      port,
      dataDir,
      shopUrl,
      dbUrl: openDbPort?.url ?? null,
      db: openDbHandle,
      statistics: keeper,
      scheduler,
      functions: openFunctions,
      smtp: openSmtp,
      outbox,
      stripe: openStripe,
      reloadSchema: () => rest.reload(),
      async stop() {
        if (stopped) return;
        stopped = true;
        await outbox?.stop();
        await openStripe?.close();
        await scheduler?.stop();
        await Promise.all(servers.map(closeServer));
        await openFunctions.stop();
        await openSmtp.stop();
        await keeper?.stop();
        await openDbPort?.close();
        await openDbHandle.close();
        releaseLock();
      },
    };
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    await stripe?.close();
    await functions?.stop();
    await smtp?.stop();
    await Promise.all(keepers.map((keeper) => keeper?.stop()));
    await dbPort?.close();
    await db?.close().catch(() => undefined);
    releaseLock();
    throw error;
  }
}

export interface ResetOptions {
  dataDir?: string;
  databaseUrl?: string;
}

/**
 * Wipes the database so the next start rebuilds it from migrations and seed. PGlite: removes the
 * database files (the JWT secret stays, so keys in running frontends stay valid). DATABASE_URL: drops the
 * public, auth, storage and supabase_migrations schemas.
 */
export async function resetStack(options: ResetOptions = {}): Promise<void> {
  const dataDir = resolve(options.dataDir ?? defaultDataDir);
  if (options.databaseUrl) {
    const db = await openDb({ pgDataDir: join(dataDir, 'pgdata'), databaseUrl: options.databaseUrl });
    try {
      await dropEverything(db);
    } finally {
      await db.close();
    }
    return;
  }
  const holder = otherHolder(dataDir);
  if (holder) throw new Error(`A stack (pid ${holder.pid}) is using ${dataDir}. Stop it before resetting.`);
  rmSync(join(dataDir, 'pgdata'), { recursive: true, force: true });
  rmSync(join(dataDir, 'runtime.json'), { force: true });
}
