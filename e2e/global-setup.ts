// Starts what the browser tests drive: an ISOLATED local Supabase stack (port 54331, a fresh seeded
// database in a temp dir, test-friendly auth rate limits) and the already-built production dists on
// 4000-4005 with /config.json pointing at that stack. It builds nothing: `pnpm build:all` comes first.
// The returned function is the global teardown.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startStack, type StackHandle } from '@prepper/supabase';
import { serveStatic, warmUpServerRendering } from '@prepper/tools/serve';
import { APPS, REMOTE_NAMES } from '../shared/src/apps.ts';
import {
  ENV,
  REMOTE_PORTS,
  SHOP_PORT,
  SHOP_URL,
  STACK_PORT,
  remoteOrigin,
  type RemoteName,
} from './harness.ts';
import { formatSizeTable, measurePageSizes, overBudget } from './size-report.ts';

const root = resolve(import.meta.dirname, '..');

type Served = Awaited<ReturnType<typeof serveStatic>>;

/** Auth limits high enough for a suite that signs in many times from one IP (overridable from outside). */
const TEST_AUTH_LIMITS: Record<string, string> = {
  SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '10000',
  SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH: '10000',
  SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '10000',
  SUPABASE_AUTH_RATE_LIMIT_EMAIL_SENT: '1000',
  SUPABASE_AUTH_RATE_LIMIT_ANONYMOUS_USERS: '10000',
};

function log(message: string): void {
  console.log(`[e2e] ${message}`);
}

async function serveRemote(name: RemoteName): Promise<Served> {
  return serveStatic({ dir: join(root, APPS[name].dir, 'dist'), port: REMOTE_PORTS[name] });
}

/** The manifest URL of each remote in the shell's /config.json (a spec may point one elsewhere). */
function defaultManifests(): Record<RemoteName, string> {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, `${remoteOrigin(name)}/mf-manifest.json`]),
  ) as Record<RemoteName, string>;
}

/** Points a remote's entry in /config.json at another manifest URL (PUT, the URL as body), or back (DELETE). */
async function configRoute(
  method: string | undefined,
  name: RemoteName,
  body: () => Promise<string>,
  manifests: Record<RemoteName, string>,
): Promise<void> {
  if (method === 'DELETE') manifests[name] = defaultManifests()[name];
  else manifests[name] = new URL(await body()).href;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => resolveBody(text.trim()));
    req.on('error', reject);
  });
}

/**
 * A tiny loopback endpoint the test workers call to take a remote's server down and up again
 * (POST /remotes/<name>/stop|start) and to point /config.json at another deploy of a remote
 * (PUT|DELETE /config/remotes/<name>).
 */
function startControl(
  remotes: Map<RemoteName, Served | null>,
  manifests: Record<RemoteName, string>,
): Promise<Server> {
  const server = createServer((req, res) => {
    const configMatch = /^\/config\/remotes\/(\w+)$/.exec(req.url ?? '');
    if (configMatch && (req.method === 'PUT' || req.method === 'DELETE') && configMatch[1]! in REMOTE_PORTS) {
      configRoute(req.method, configMatch[1] as RemoteName, () => readBody(req), manifests).then(
        () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(manifests)),
        (error: unknown) => res.writeHead(400).end(String(error)),
      );
      return;
    }
    const match = /^\/remotes\/(\w+)\/(stop|start)$/.exec(req.url ?? '');
    const name = match?.[1] as RemoteName | undefined;
    if (req.method !== 'POST' || !match || !name || !(name in REMOTE_PORTS)) {
      res.writeHead(404).end();
      return;
    }
    const action = async () => {
      const current = remotes.get(name) ?? null;
      if (match[2] === 'stop' && current) {
        await current.close();
        remotes.set(name, null);
      }
      if (match[2] === 'start' && !current) remotes.set(name, await serveRemote(name));
    };
    action().then(
      () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: true })),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  return new Promise((resolveListen) => server.listen(0, '127.0.0.1', () => resolveListen(server)));
}

function portBusy(port: number): Promise<boolean> {
  return new Promise((resolveBusy) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolveBusy(true);
    });
    socket.once('error', () => resolveBusy(false));
  });
}

/** Several people (or agents) may run the suite on one machine: wait for a running copy to finish. */
async function waitForFreePorts(ports: number[], timeoutMs = 15 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let told = false;
  for (;;) {
    const busy = (
      await Promise.all(ports.map(async (port) => ((await portBusy(port)) ? port : null)))
    ).filter((port): port is number => port !== null);
    if (busy.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `Ports ${busy.join(', ')} stay in use: stop the other shop or test run (or set E2E_PORT_BASE)`,
      );
    }
    if (!told)
      log(`ports ${busy.join(', ')} are in use (another test run?); waiting for them to free up ...`);
    told = true;
    await new Promise((resolveWait) => setTimeout(resolveWait, 2000));
  }
}

/** The harness builds nothing: say plainly what is missing instead of failing page by page. */
function assertBuilt(): void {
  const missing = [
    join('shell', 'dist', 'index.html'),
    ...REMOTE_NAMES.map((name) => join(APPS[name].dir, 'dist', 'mf-manifest.json')),
  ].filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0) {
    throw new Error(`Build the apps first (pnpm build:all); missing: ${missing.join(', ')}`);
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  assertBuilt();
  await waitForFreePorts([SHOP_PORT, ...Object.values(REMOTE_PORTS), STACK_PORT]);
  const started = Date.now();
  for (const [key, value] of Object.entries(TEST_AUTH_LIMITS)) process.env[key] ??= value;
  // The shell's server build (loaded in this process) keeps the store's settings 1 s instead of 15 s: the
  // specs save a setting and wait for the storefront to follow (fixtures.reloadUntil).
  process.env.SSR_STORE_INFO_MS ??= '1000';
  const dataDir = mkdtempSync(join(tmpdir(), 'readystock-e2e-'));
  const corsOrigins = [SHOP_PORT, ...Object.values(REMOTE_PORTS)].flatMap((port) => [
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
  ]);

  let stack: StackHandle | null = null;
  const remotes = new Map<RemoteName, Served | null>();
  let shell: Served | null = null;
  let control: Server | null = null;

  const teardown = async () => {
    control?.close();
    await shell?.close();
    await Promise.all([...remotes.values()].map((served) => served?.close()));
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    log(`starting an isolated Supabase stack on ${STACK_PORT} (data in ${dataDir}) ...`);
    // The outbox sender's e-mails link to this shop (the stack's default is config.toml's site_url).
    // No scheduler: its first round would expire the seed's old unpaid orders (and restock their
    // products) in the middle of the specs, which read the seeded figures; the integration tests
    // prove the scheduled jobs with their own clock.
    stack = await startStack({
      port: STACK_PORT,
      dataDir,
      corsOrigins,
      seed: true,
      shopUrl: SHOP_URL,
      scheduler: false,
      // Card payments against the local Stripe stand-in (on the stack's port + 10000); quick retries.
      stripe: { retryDelaysMs: [500, 1000, 2000] },
    });
    log(`stack ready at ${stack.url} in ${((Date.now() - started) / 1000).toFixed(1)}s`);

    for (const name of REMOTE_NAMES) remotes.set(name, await serveRemote(name));
    const config = { supabaseUrl: stack.url, supabaseAnonKey: stack.anonKey, remotes: defaultManifests() };
    shell = await serveStatic({
      dir: join(root, 'shell', 'dist'),
      port: SHOP_PORT,
      spa: true,
      config: () => config,
      // The specs change data and read it back at once: every page is rendered for its request (the
      // page cache is tools/serve's unit tests' business).
      pageCacheMs: 0,
    });
    // The remotes' server builds load before the first spec asks (a first load exceeds a slot's budget).
    await warmUpServerRendering(join(root, 'shell', 'dist'), SHOP_URL, () => config);
    control = await startControl(remotes, config.remotes);

    process.env[ENV.stackUrl] = stack.url;
    process.env[ENV.anonKey] = stack.anonKey;
    process.env[ENV.serviceRoleKey] = stack.serviceRoleKey;
    if (stack.stripe) {
      process.env[ENV.stripeUrl] = stack.stripe.url;
      process.env[ENV.stripeSecretKey] = stack.stripe.secretKey;
    }
    process.env[ENV.control] = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
    log(`shop served at ${SHOP_URL} (remotes on ${Object.values(REMOTE_PORTS).join(', ')})`);
  } catch (error) {
    await teardown();
    throw error;
  }

  return async () => {
    try {
      if (process.env.E2E_SIZE_REPORT !== '0') {
        for (const name of REMOTE_NAMES) {
          if (!remotes.get(name)) remotes.set(name, await serveRemote(name));
        }
        const report = await measurePageSizes({ baseUrl: SHOP_URL });
        console.log(`\n${formatSizeTable(report)}\n`);
        const failures = overBudget(report);
        if (failures.length > 0) throw new Error(`Size budget exceeded:\n${failures.join('\n')}`);
      }
    } finally {
      await teardown();
    }
  };
}
