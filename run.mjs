#!/usr/bin/env node
// The one entry behind the README's commands (`npm start`, `npm test`, `npm run dev`, `npm run build`).
// A fresh machine has only Node and npm: this bootstraps pnpm 10 from the npm registry into
// .tools/ (corepack cannot verify downloads here), installs the workspace, then runs the command.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const PNPM_VERSION = '10.34.8';
const pnpmBinDir = join(root, '.tools', 'pnpm', 'node_modules', '.bin');
const pnpmBin = join(pnpmBinDir, 'pnpm');
// Scripts run by pnpm call `pnpm` themselves: put the bootstrapped one on their PATH.
process.env.PATH = `${pnpmBinDir}${delimiter}${process.env.PATH ?? ''}`;

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function pnpm(...args) {
  run(pnpmBin, args);
}

function ensurePnpm() {
  if (existsSync(pnpmBin)) return;
  console.log(`Installing pnpm ${PNPM_VERSION} into .tools/pnpm ...`);
  run('npm', [
    'install',
    '--prefix',
    join(root, '.tools', 'pnpm'),
    '--no-audit',
    '--no-fund',
    `pnpm@${PNPM_VERSION}`,
  ]);
}

function install() {
  ensurePnpm();
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  pnpm('install', '--prefer-offline', ...frozen);
}

/** Browser tests drive Debian's Chromium; install it when missing and we are allowed to. */
function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) return;
  if (process.getuid?.() === 0) {
    console.log('Installing Debian chromium for the browser tests ...');
    // A fresh machine's package lists may be empty or stale (as .ci/postgres.sh does for PostgreSQL).
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update'], { env });
    run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env });
  } else {
    console.error(`Chromium not found at ${chromium}. Install it with: sudo apt-get install -y chromium`);
    process.exit(1);
  }
}

/**
 * The backend integration suites run twice, on PGlite and on PostgreSQL 15 (STACK_TEST_DATABASE_URL, a
 * server whose role may create databases). When it is not set, .ci/postgres.sh installs and starts
 * Debian's PostgreSQL and prints the URL (as root; otherwise say how).
 */
function ensurePostgres() {
  if (process.env.STACK_TEST_DATABASE_URL) return;
  if (process.getuid?.() !== 0) {
    console.error(
      'The integration tests also run on PostgreSQL 15. Set STACK_TEST_DATABASE_URL to a server whose role may ' +
        'create databases (e.g. postgres://user:pass@127.0.0.1:5432/postgres), or run as root so that ' +
        ".ci/postgres.sh installs and starts Debian's postgresql.",
    );
    process.exit(1);
  }
  const result = spawnSync(join(root, '.ci', 'postgres.sh'), [], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
  process.env.STACK_TEST_DATABASE_URL = result.stdout.trim();
}

const [command = 'start', ...rest] = process.argv.slice(2);

switch (command) {
  case 'start':
    install();
    pnpm('run', 'build:all');
    pnpm('run', 'serve:all', ...rest);
    break;
  case 'dev':
    install();
    pnpm('run', 'dev:all', ...rest);
    break;
  case 'build':
    install();
    pnpm('run', 'build:all');
    break;
  case 'test':
    install();
    ensureChromium();
    ensurePostgres();
    pnpm('run', 'test:all');
    break;
  case 'pnpm':
    install();
    pnpm(...rest);
    break;
  default:
    console.error(`Unknown command "${command}". Use start, dev, build or test.`);
    process.exit(1);
}
