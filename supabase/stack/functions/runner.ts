// The local Edge Functions runtime: serves /functions/v1/<name> by running
// supabase/functions/<name>/index.ts on Deno (the `deno` package of npm, whose binary installs with
// node_modules: nothing is downloaded at run time), answering as Supabase's hosted edge runtime does:
//
// - a function is found under <functionsDir>/<name>/ (config.toml `[functions.<name>]` may set
//   `entrypoint`, `import_map`, `enabled = false`, `verify_jwt = false`);
// - with verify_jwt (the default) a request needs `Authorization: Bearer <a JWT of this project>`
//   (the anon key will do, as on a hosted project); OPTIONS (CORS preflights) pass without one;
// - errors are the hosted ones, JSON `{ code, message }` with an `sb-error-code` header: 401 missing or
//   invalid JWT, 404 NOT_FOUND, 405 for a method the runtime does not serve, 500 WORKER_ERROR (the
//   handler threw, or the worker died), 503 BOOT_ERROR (the entrypoint failed to load), 504 IDLE_TIMEOUT
//   (no answer within `requestTimeoutMs`, after which the worker is restarted);
// - the function sees SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_DB_URL (when
//   the database has a port), the secrets of <functionsDir>/.env (as `supabase functions serve` reads
//   them) and whatever `env` the stack adds, and nothing else of this process's environment;
// - the request path it sees is /<name>/..., as on a hosted project.
//
// One Deno process per function, started on its first request and kept (./deno-worker.mjs); it is
// started again after it exits. Nothing here is specific to the shop: any function folder works.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';

/** A function's settings from config.toml's `[functions.<name>]` (paths relative to the project folder). */
export interface FunctionSettings {
  enabled?: boolean;
  verify_jwt?: boolean;
  import_map?: string;
  entrypoint?: string;
}

export interface FunctionsRunnerOptions {
  /** The Supabase project folder (config.toml's relative paths start here). */
  projectDir: string;
  /** Where the functions are (default <projectDir>/functions). */
  functionsDir?: string;
  /** config.toml's `[functions]` table: settings by function name. */
  settings?: Record<string, FunctionSettings>;
  /** Checks a bearer token (throws when it is not a valid JWT of this project). */
  verifyJwt(token: string): Promise<unknown>;
  /** Variables every function sees (SUPABASE_URL, keys, ...), before the secrets of functions/.env. */
  env: Record<string, string>;
  /** Time a function has to start answering (default 150 s, the hosted request idle timeout). */
  requestTimeoutMs?: number;
  /** The Deno executable (default: the `deno` package's binary). */
  denoPath?: string;
  log?: (message: string) => void;
}

const workerScript = join(dirname(fileURLToPath(import.meta.url)), 'deno-worker.mjs');
const servedMethods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Exit codes of deno-worker.mjs for an entrypoint that failed to load or never served. */
const bootFailures = new Set([70, 71]);
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'host',
  'te',
  'trailer',
]);

/**
 * The binary of the `deno` npm package: its own install API finds the platform's optional package
 * (@deno/linux-x64-glibc, ...) that the package manager installed, with no download.
 */
export function denoExecutable(): string {
  const require = createRequire(import.meta.url);
  const api = require('deno/install_api.cjs') as { runInstall(): string };
  return api.runInstall();
}

/** A hosted-shaped error answer. */
export function sendFunctionError(
  res: ServerResponse,
  status: number,
  code: string | number,
  message: string,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ code, message });
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    'sb-error-code': String(code),
  });
  res.end(body);
}

interface Worker {
  child: ChildProcess;
  /** The loopback port the function serves on, or the reason it did not boot. */
  ready: Promise<number>;
  exited: Promise<number | null>;
}

class BootError extends Error {}

export class FunctionsRunner {
  private readonly workers = new Map<string, Worker>();
  private readonly functionsDir: string;
  private readonly denoPath: string;
  private readonly log: (message: string) => void;
  private stopped = false;

  constructor(private readonly options: FunctionsRunnerOptions) {
    this.functionsDir = options.functionsDir ?? join(options.projectDir, 'functions');
    this.denoPath = options.denoPath ?? denoExecutable();
    this.log = options.log ?? (() => undefined);
  }

  /** The entrypoint of `name`, or null when there is no such (enabled) function. */
  entrypoint(name: string): string | null {
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(name)) return null;
    const settings = this.options.settings?.[name] ?? {};
    if (settings.enabled === false) return null;
    const file = settings.entrypoint
      ? resolve(this.options.projectDir, settings.entrypoint)
      : join(this.functionsDir, name, 'index.ts');
    return existsSync(file) ? file : null;
  }

  /** Serves one request for `/functions/v1/<name><rest>`; `url` is the request's URL. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const match = /^\/functions\/v1\/([^/]+)(\/.*)?$/.exec(url.pathname);
    const name = match ? decodeURIComponent(match[1]!) : '';
    const entry = name ? this.entrypoint(name) : null;
    if (!entry) {
      req.resume();
      sendFunctionError(res, 404, 'NOT_FOUND', 'Requested function was not found');
      return;
    }
    const method = req.method ?? 'GET';
    if (!servedMethods.has(method)) {
      req.resume();
      sendFunctionError(res, 405, 'METHOD_NOT_ALLOWED', `Method ${method} is not allowed`);
      return;
    }
    const settings = this.options.settings?.[name] ?? {};
    if (settings.verify_jwt !== false && method !== 'OPTIONS') {
      const authorization = req.headers.authorization;
      const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
      if (!authorization) {
        req.resume();
        sendFunctionError(res, 401, 401, 'Missing authorization header');
        return;
      }
      let valid = token !== undefined;
      if (token) {
        try {
          await this.options.verifyJwt(token);
        } catch {
          valid = false;
        }
      }
      if (!valid) {
        req.resume();
        sendFunctionError(res, 401, 401, 'Invalid JWT');
        return;
      }
    }
    let port: number;
    try {
      port = await this.worker(name, entry).ready;
    } catch (error) {
      req.resume();
      this.log(`[functions] ${name} failed to boot: ${error instanceof Error ? error.message : error}`);
      sendFunctionError(res, 503, 'BOOT_ERROR', 'Function failed to start (please check logs)');
      return;
    }
    await this.proxy(name, port, req, res, `/${name}${match?.[2] ?? ''}${url.search}`);
  }

  /**
   * Starts the Deno process of `name` now, without a request, and resolves once it serves (at once when it
   * already runs); rejects when there is no such function or it fails to boot. The stack boots the outbox
   * sender this way while it warms up, so that Deno's start does not compete with the first visitor.
   */
  async boot(name: string): Promise<void> {
    const entry = this.entrypoint(name);
    if (!entry) throw new BootError(`no function ${name}`);
    await this.worker(name, entry).ready;
  }

  /** The process id of the Deno process serving `name`, or null when none runs. */
  pid(name: string): number | null {
    const worker = this.workers.get(name);
    return worker && worker.child.exitCode === null ? (worker.child.pid ?? null) : null;
  }

  /** Stops the worker of `name` (as a crash would: a request in flight gets WORKER_ERROR). */
  kill(name: string): void {
    const worker = this.workers.get(name);
    if (!worker) return;
    this.workers.delete(name);
    worker.child.kill('SIGKILL');
  }

  /** Stops every worker and waits for them to exit. */
  async stop(): Promise<void> {
    this.stopped = true;
    const workers = [...this.workers.values()];
    this.workers.clear();
    for (const worker of workers) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((worker) => worker.exited));
  }

  private secrets(): Record<string, string> {
    const file = join(this.functionsDir, '.env');
    if (!existsSync(file)) return {};
    return Object.fromEntries(
      Object.entries(parseEnv(readFileSync(file, 'utf8'))).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  }

  private worker(name: string, entry: string): Worker {
    const existing = this.workers.get(name);
    if (existing && existing.child.exitCode === null && existing.child.signalCode === null) return existing;
    if (this.stopped) throw new BootError('The functions runner has stopped');
    const settings = this.options.settings?.[name] ?? {};
    const denoConfig = join(dirname(entry), 'deno.json');
    const configArgs = existsSync(denoConfig)
      ? ['--config', denoConfig]
      : settings.import_map
        ? ['--import-map', resolve(this.options.projectDir, settings.import_map)]
        : ['--no-config'];
    const args = [
      'run',
      '--quiet',
      '--no-prompt',
      // Offline: npm packages come from the project's node_modules, nothing is fetched.
      '--cached-only',
      '--node-modules-dir=manual',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-sys',
      ...configArgs,
      workerScript,
      pathToFileURL(entry).href,
    ];
    const child = spawn(this.denoPath, args, {
      cwd: this.options.projectDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...(process.env.DENO_DIR ? { DENO_DIR: process.env.DENO_DIR } : {}),
        NO_COLOR: '1',
        DENO_NO_UPDATE_CHECK: '1',
        ...this.options.env,
        ...this.secrets(),
      },
    });
    const exited = new Promise<number | null>((resolveExit) => {
      child.once('exit', (code) => resolveExit(code));
      child.once('error', () => resolveExit(null));
    });
    const ready = new Promise<number>((resolveReady, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (line) => {
        const port = /^\{"ready":(\d+)\}$/.exec(line.trim())?.[1];
        if (port) resolveReady(Number(port));
        else this.log(`[functions:${name}] ${line}`);
      });
      createInterface({ input: child.stderr! }).on('line', (line) => this.log(`[functions:${name}] ${line}`));
      child.once('error', (error) => reject(new BootError(`could not run Deno (${error.message})`)));
      void exited.then((code) =>
        reject(
          new BootError(
            bootFailures.has(code ?? -1) ? 'the entrypoint failed to load' : `Deno exited with code ${code}`,
          ),
        ),
      );
    });
    ready.catch(() => undefined);
    const worker: Worker = { child, ready, exited };
    this.workers.set(name, worker);
    void exited.then(() => {
      if (this.workers.get(name) === worker) this.workers.delete(name);
    });
    return worker;
  }

  private proxy(
    name: string,
    port: number,
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
  ): Promise<void> {
    const timeoutMs = this.options.requestTimeoutMs ?? 150_000;
    return new Promise<void>((done) => {
      const headers: Record<string, string | string[]> = {};
      for (const [key, value] of Object.entries(req.headers)) {
        if (value !== undefined && !hopByHop.has(key)) headers[key] = value;
      }
      headers.host = `127.0.0.1:${port}`;
      let settled = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        done();
      };
      const upstream = httpRequest(
        { host: '127.0.0.1', port, method: req.method, path, headers },
        (answer) => {
          clearTimeout(timer);
          const out: Record<string, string | string[]> = {};
          for (const [key, value] of Object.entries(answer.headers)) {
            if (value !== undefined && !hopByHop.has(key)) out[key] = value;
          }
          res.writeHead(answer.statusCode ?? 500, out);
          answer.pipe(res);
          answer.once('end', finish);
          answer.once('error', () => {
            res.destroy();
            finish();
          });
        },
      );
      const timer = setTimeout(() => {
        if (settled) return;
        this.log(`[functions] ${name} did not answer within ${timeoutMs} ms; restarting it`);
        upstream.destroy();
        this.kill(name);
        sendFunctionError(res, 504, 'IDLE_TIMEOUT', 'Function did not respond in time (please check logs)');
        finish();
      }, timeoutMs);
      upstream.once('error', () => {
        if (settled) return;
        // The worker went away while the request was in flight (it crashed or was killed): the next
        // request starts a new one.
        this.kill(name);
        sendFunctionError(res, 500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)');
        finish();
      });
      req.pipe(upstream);
    });
  }
}
