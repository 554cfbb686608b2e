#!/usr/bin/env node
// Serves the composed shop. `node serve.mjs` (npm start): the local Supabase stack plus the production
// builds, the shell on 3000 and each remote on its own origin (3001-3005) with CORS, compression and
// caching. `node serve.mjs --dev` (npm run dev): the stack plus every app's `rsbuild dev` (hot reload).
// `serveStatic` is exported for the browser-test harness (e2e/global-setup.ts). It runs under tsx
// (package.json's serve:all / dev:all) because the apps, their folders and ports come from the
// TypeScript app registry, shared/src/apps.ts.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { APP_NAMES, APPS as APP_REGISTRY, REMOTE_NAMES, appPackage, appPort } from './shared/src/apps.ts';

const root = dirname(fileURLToPath(import.meta.url));

/** The apps with their folders and fixed ports (README "Ports"), from the app registry. */
const APPS = APP_NAMES.map((name) => ({ name, dir: APP_REGISTRY[name].dir, port: appPort(name) }));
const SHOP_URL = `http://localhost:${appPort('shell')}`;
// The same variables the stack's own CLI reads (supabase/stack/cli.ts).
const STACK_PORT = Number(process.env.SUPABASE_PORT || 54321);
const STACK_DATA_DIR = resolve(process.env.SUPABASE_DATA_DIR || join(root, 'supabase', '.local', 'db'));

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.txt', '.svg']);
/** Entry points a deploy replaces in place: always revalidated. Hashed files under static/ never change. */
const ALWAYS_REVALIDATE =
  /(^|\/)(index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js|config\.json)$/;

function cacheControlFor(urlPath) {
  if (ALWAYS_REVALIDATE.test(urlPath)) return 'no-cache';
  if (urlPath.startsWith('/static/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}

function pickEncoding(acceptEncoding = '') {
  const accepted = acceptEncoding.split(',').map((part) => part.trim().split(';')[0].trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

function compress(buffer, encoding) {
  if (encoding === 'br') {
    return brotliCompressSync(buffer, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      },
    });
  }
  return gzipSync(buffer, { level: 9 });
}

/**
 * A static file server for one built app.
 * @param {object} options
 * @param {string} options.dir the dist folder
 * @param {number} options.port
 * @param {string} [options.host] default: loopback only (127.0.0.1 and ::1, both reachable as 'localhost')
 * @param {boolean} [options.spa] answer unknown paths without a file extension with index.html
 * @param {() => unknown | Promise<unknown>} [options.config] when set, GET /config.json answers this JSON
 * @param {(line: string) => void} [options.log] request log
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function serveStatic({ dir, port, host, spa = false, config, log }) {
  const base = resolve(dir);
  if (!existsSync(join(base, spa ? 'index.html' : ''))) {
    throw new Error(`Nothing to serve in ${base}: build it first (pnpm build:all)`);
  }
  /** Compressed bodies by path + mtime + encoding, so each file is compressed once. */
  const compressed = new Map();

  async function resolveFile(urlPath) {
    const relative = normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, '');
    const file = join(base, relative);
    if (file !== base && !file.startsWith(base + sep)) return null;
    try {
      const info = await stat(file);
      if (info.isFile()) return { file, info };
      if (info.isDirectory()) {
        const index = join(file, 'index.html');
        const indexInfo = await stat(index);
        return { file: index, info: indexInfo };
      }
    } catch {
      // fall through: not there
    }
    if (spa && extname(relative) === '') {
      const index = join(base, 'index.html');
      return { file: index, info: await stat(index) };
    }
    return null;
  }

  function send(req, res, status, headers, body) {
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function handle(req, res) {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://localhost');
    const common = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
      'Access-Control-Allow-Headers': '*',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
    };
    const done = (status) => log?.(`${req.method} ${url.pathname} ${status} ${Date.now() - started}ms`);

    if (req.method === 'OPTIONS') {
      send(req, res, 204, { ...common, 'Access-Control-Max-Age': '86400' });
      return done(204);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(req, res, 405, { ...common, Allow: 'GET, HEAD, OPTIONS' }, 'Method Not Allowed');
      return done(405);
    }

    if (config && url.pathname === '/config.json') {
      try {
        const body = Buffer.from(`${JSON.stringify(await config(), null, 2)}\n`);
        send(
          req,
          res,
          200,
          { ...common, 'Content-Type': CONTENT_TYPES['.json'], 'Cache-Control': 'no-cache' },
          body,
        );
        return done(200);
      } catch (error) {
        console.error(`[serve] /config.json: ${error instanceof Error ? error.message : error}`);
        send(req, res, 500, { ...common, 'Content-Type': 'text/plain' }, 'Runtime configuration unavailable');
        return done(500);
      }
    }

    let found;
    try {
      found = await resolveFile(url.pathname);
    } catch {
      found = null;
    }
    if (!found) {
      send(
        req,
        res,
        404,
        { ...common, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' },
        'Not Found',
      );
      return done(404);
    }

    const { file, info } = found;
    const extension = extname(file).toLowerCase();
    const servedPath = file === join(base, 'index.html') ? '/index.html' : url.pathname;
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const headers = {
      ...common,
      'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'Cache-Control': cacheControlFor(servedPath),
      ETag: etag,
      'Last-Modified': info.mtime.toUTCString(),
    };
    if (req.headers['if-none-match'] === etag) {
      send(req, res, 304, headers);
      return done(304);
    }

    const encoding =
      COMPRESSIBLE.has(extension) && info.size > 256 ? pickEncoding(req.headers['accept-encoding']) : null;
    if (!encoding) {
      const body = await readFile(file);
      send(req, res, 200, { ...headers, 'Content-Length': String(body.length) }, body);
      return done(200);
    }
    const key = `${file}:${info.mtimeMs}:${encoding}`;
    let body = compressed.get(key);
    if (!body) {
      body = compress(await readFile(file), encoding);
      compressed.set(key, body);
    }
    send(
      req,
      res,
      200,
      { ...headers, 'Content-Encoding': encoding, 'Content-Length': String(body.length) },
      body,
    );
    return done(200);
  }

  const onRequest = (req, res) => {
    handle(req, res).catch((error) => {
      console.error(`[serve] ${req.url}: ${error instanceof Error ? error.stack : error}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal Server Error');
    });
  };
  const listening = [];
  const listen = (address) =>
    new Promise((resolveListen, reject) => {
      const server = createServer(onRequest);
      server.once('error', (error) => {
        reject(
          error.code === 'EADDRINUSE'
            ? new Error(
                `Port ${port} is already in use: stop whatever runs there (or the previous shop) first`,
              )
            : error,
        );
      });
      server.listen(port, address, () => {
        listening.push(server);
        resolveListen();
      });
    });
  if (host) {
    await listen(host);
  } else {
    await listen('127.0.0.1');
    // 'localhost' may resolve to ::1 first; answer there too when the machine has IPv6 loopback.
    await listen('::1').catch((error) => {
      if (!/EADDRNOTAVAIL|EAFNOSUPPORT/.test(String(error.code ?? error.message))) throw error;
    });
  }
  return {
    url: `http://localhost:${port}`,
    port,
    close: () =>
      Promise.all(
        listening.map(
          (server) =>
            new Promise((resolveClose) => {
              server.close(() => resolveClose());
              server.closeAllConnections();
            }),
        ),
      ).then(() => undefined),
  };
}

/** Remote manifest URLs: REMOTE_<NAME>_URL (e.g. REMOTE_CATALOG_URL) wins over the local default. */
export function remoteManifests(env = process.env, portOf = (name) => appPort(name)) {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      name,
      env[`REMOTE_${name.toUpperCase()}_URL`] || `http://localhost:${portOf(name)}/mf-manifest.json`,
    ]),
  );
}

/**
 * The runtime configuration the shell reads as /config.json. SHOP_CONFIG_FILE replaces it wholesale
 * (re-read on every request, so a deployment edits it without restarting); otherwise it is the stack's
 * URL and anon key (SUPABASE_URL / SUPABASE_ANON_KEY override) and the remotes' manifests.
 */
export function runtimeConfigFrom({ stackRuntimeFile, env = process.env, remotes = remoteManifests(env) }) {
  if (env.SHOP_CONFIG_FILE) return JSON.parse(readFileSync(resolve(env.SHOP_CONFIG_FILE), 'utf8'));
  const stack =
    stackRuntimeFile && existsSync(stackRuntimeFile)
      ? JSON.parse(readFileSync(stackRuntimeFile, 'utf8'))
      : {};
  const supabaseUrl = env.SUPABASE_URL || stack.url;
  const supabaseAnonKey = env.SUPABASE_ANON_KEY || stack.anonKey;
  if (!supabaseUrl || !supabaseAnonKey)
    throw new Error(`No Supabase URL/anon key (looked in ${stackRuntimeFile})`);
  // Only the public values: the service role key never reaches a browser.
  return { supabaseUrl, supabaseAnonKey, remotes };
}

// ---------------------------------------------------------------------------------------------------
// The `npm start` / `npm run dev` runner.

const colors = {
  shell: 36,
  catalog: 32,
  cart: 33,
  search: 35,
  account: 34,
  admin: 31,
  supabase: 90,
  serve: 1,
};
function say(source, message) {
  const tag = process.stdout.isTTY ? `\x1b[${colors[source] ?? 0}m[${source}]\x1b[0m` : `[${source}]`;
  for (const line of String(message).split('\n')) {
    if (!line.trim()) continue;
    // Children that already tag their lines ('[supabase] ...') keep their own tag.
    console.log(line.startsWith(`[${source}]`) ? line : `${tag} ${line}`);
  }
}

function pnpmCommand() {
  const local = join(root, '.tools', 'pnpm', 'node_modules', '.bin', 'pnpm');
  if (existsSync(local)) return local;
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(execPath)) return execPath;
  return 'pnpm';
}

const children = new Set();

/** Runs a long-lived child in its own process group (so it can be stopped with everything it spawned). */
function startChild(source, command, args, env = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.add(child);
  // While shutting down, pnpm's complaints about the interrupt it forwarded are noise.
  child.stdout.on('data', (chunk) => shuttingDown || say(source, chunk));
  child.stderr.on('data', (chunk) => shuttingDown || say(source, chunk));
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!shuttingDown && (code !== 0 || signal)) say(source, `exited (${signal ?? `code ${code}`})`);
  });
  return child;
}

function stopChild(child) {
  return new Promise((resolveStop) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 8000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      clearTimeout(timer);
      resolveStop();
    }
  });
}

async function isHealthy(url) {
  try {
    const response = await fetch(`${url}/auth/v1/health`, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function waitForStack(url, child, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isHealthy(url)) return;
    if (child && child.exitCode !== null) throw new Error('The Supabase stack exited before it became ready');
    await new Promise((resolveWait) => setTimeout(resolveWait, 500));
  }
  throw new Error(`The Supabase stack did not answer ${url}/auth/v1/health within ${timeoutMs / 1000}s`);
}

/** Starts the local stack unless one already answers on its port (or SUPABASE_URL points elsewhere). */
async function ensureStack() {
  if (process.env.SUPABASE_URL) {
    say('serve', `Using the Supabase project at ${process.env.SUPABASE_URL}`);
    return;
  }
  const url = `http://localhost:${STACK_PORT}`;
  if (await isHealthy(url)) {
    say('serve', `A Supabase stack already answers at ${url}; using it`);
    return;
  }
  say('serve', `Starting the local Supabase stack on ${url} (data in ${STACK_DATA_DIR}) ...`);
  const child = startChild('supabase', pnpmCommand(), ['--filter', '@prepper/supabase', 'start']);
  await waitForStack(url, child);
}

let shuttingDown = false;
const servers = [];

async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  say('serve', 'Stopping ...');
  await Promise.all(servers.map((server) => server.close()));
  await Promise.all([...children].map(stopChild));
  say('serve', 'Stopped.');
  process.exit(code);
}

async function startProduction() {
  for (const app of APPS) {
    if (!existsSync(join(root, app.dir, 'dist', app.name === 'shell' ? 'index.html' : 'mf-manifest.json'))) {
      throw new Error(`${app.dir}/dist is missing: run \`pnpm build:all\` (npm start does it for you)`);
    }
  }
  await ensureStack();
  const stackRuntimeFile = join(STACK_DATA_DIR, 'runtime.json');
  // Fail early with a clear message when the configuration cannot be built.
  runtimeConfigFrom({ stackRuntimeFile });
  const verbose = process.argv.includes('--verbose');
  for (const app of APPS) {
    const server = await serveStatic({
      dir: join(root, app.dir, 'dist'),
      port: app.port,
      spa: app.name === 'shell',
      config: app.name === 'shell' ? () => runtimeConfigFrom({ stackRuntimeFile }) : undefined,
      log: verbose ? (line) => say(app.name, line) : undefined,
    });
    servers.push(server);
    say('serve', `${app.name.padEnd(8)} ${server.url}${app.name === 'shell' ? '' : '/mf-manifest.json'}`);
  }
  console.log('');
  say('serve', `ReadyStock is running at ${SHOP_URL}`);
  say('serve', `Admin: ${SHOP_URL}/admin (admin@example.com / admin1234). Press Ctrl+C to stop.`);
  if (process.env.SIZE_REPORT !== '0') {
    startChild('size', pnpmCommand(), ['--filter', '@prepper/e2e', 'size', '--', '--no-fail'], {
      SIZE_REPORT_URL: SHOP_URL,
    });
  }
}

async function startDev() {
  await ensureStack();
  for (const app of APPS) {
    startChild(app.name, pnpmCommand(), ['--filter', appPackage(app.name), 'dev']);
  }
  say('serve', `Dev servers starting with hot reload; the shop will be at ${SHOP_URL}`);
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  const run = process.argv.includes('--dev') ? startDev : startProduction;
  run().catch((error) => {
    say('serve', `Could not start: ${error instanceof Error ? error.message : error}`);
    void shutdown(1);
  });
}
