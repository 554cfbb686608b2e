// Serves the composed shop. `pnpm serve:all` (npm start): the local Supabase stack plus the production
// builds, the shell on 3000 and each remote on its own origin (3001-3005; SHOP_PORT_BASE=4000 moves them
// all). `pnpm dev:all` (`--dev`, npm run dev): the stack plus every app's `rsbuild dev` (hot reload).
// `--verbose` logs every request.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { appOrigins } from '@prepper/shared/app-origins';
import { APP_NAMES, APPS, DEV_PORT_BASE, appPort } from '@prepper/shared/apps';
import { appPackage } from '@prepper/shared/apps-build';
import { remoteManifests, runtimeConfigFrom } from './runtime-config.ts';
import { pnpmCommand, say, startChild, stopChildren, workspaceRoot } from './processes.ts';
import { ensureStack, STACK_DATA_DIR } from './stack.ts';
import { warmUp } from './ssr.ts';
import { serveStatic, type ServedApp } from './static-app.ts';

const PORT_BASE = Number(process.env.SHOP_PORT_BASE) || DEV_PORT_BASE;
const SHOP_URL = `http://localhost:${appPort('shell', PORT_BASE)}`;
/** The moved shop's origins for the stack's CORS (the stack's defaults cover the usual ports). */
const SHOP_ORIGINS = PORT_BASE === DEV_PORT_BASE ? [] : appOrigins(PORT_BASE);
const servers: ServedApp[] = [];
let shuttingDown = false;

async function shutdown(code = 0): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  say('serve', 'Stopping ...');
  await Promise.all(servers.map((server) => server.close()));
  await stopChildren();
  say('serve', 'Stopped.');
  process.exit(code);
}

async function startProduction(): Promise<void> {
  for (const name of APP_NAMES) {
    const entry = name === 'shell' ? 'index.html' : 'mf-manifest.json';
    if (!existsSync(join(workspaceRoot, APPS[name].dir, 'dist', entry))) {
      throw new Error(
        `${APPS[name].dir}/dist is missing: run \`pnpm build:all\` (npm start does it for you)`,
      );
    }
  }
  await ensureStack(SHOP_ORIGINS);
  const stackRuntimeFile = join(STACK_DATA_DIR, 'runtime.json');
  const remotes = remoteManifests(process.env, (name) => appPort(name, PORT_BASE));
  const config = () => runtimeConfigFrom({ stackRuntimeFile, remotes });
  // Fail early with a clear message when the configuration cannot be built.
  config();
  const verbose = process.argv.includes('--verbose');
  for (const name of APP_NAMES) {
    const shell = name === 'shell';
    const server = await serveStatic({
      dir: join(workspaceRoot, APPS[name].dir, 'dist'),
      port: appPort(name, PORT_BASE),
      spa: shell,
      config: shell ? config : undefined,
      log: verbose ? (line) => say(name, line) : undefined,
    });
    servers.push(server);
    say('serve', `${name.padEnd(8)} ${server.url}${shell ? '' : '/mf-manifest.json'}`);
  }
  // The remotes' server builds load once, before the first visitor (a first load exceeds a slot's budget).
  await warmUp(join(workspaceRoot, APPS.shell.dir, 'dist'), SHOP_URL, config);
  console.log('');
  say('serve', `ReadyStock is running at ${SHOP_URL}`);
  say('serve', `Admin: ${SHOP_URL}/admin (admin@example.com / admin1234). Press Ctrl+C to stop.`);
  if (process.env.SIZE_REPORT !== '0') {
    startChild('size', pnpmCommand(), ['--filter', '@prepper/e2e', 'size', '--', '--no-fail'], {
      SIZE_REPORT_URL: SHOP_URL,
    });
  }
}

async function startDev(): Promise<void> {
  await ensureStack(SHOP_ORIGINS);
  for (const name of APP_NAMES) startChild(name, pnpmCommand(), ['--filter', appPackage(name), 'dev']);
  say('serve', `Dev servers starting with hot reload; the shop will be at ${SHOP_URL}`);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
const run = process.argv.includes('--dev') ? startDev : startProduction;
run().catch((error: unknown) => {
  say('serve', `Could not start: ${error instanceof Error ? error.message : String(error)}`);
  void shutdown(1);
});
