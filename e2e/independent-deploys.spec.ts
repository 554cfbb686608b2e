// Independent deploys that cannot silently break: a remote rebuilt and deployed to a new
// origin is used through config.json alone (the shell is not rebuilt), and a remote whose
// @prepper/shared range the shell's copy does not satisfy is refused by the federation runtime: only its
// slot falls back, and `pnpm check:compat` fails on its manifest.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { serveStatic } from '@prepper/tools/serve';
import { APPS } from '../shared/src/apps.ts';
import {
  expect,
  remoteOrigin,
  resetRemoteManifest,
  setRemoteManifest,
  SHOP_URL,
  startRemote,
  stopRemote,
  test,
} from './fixtures.ts';
import { SHOP_PORT } from './harness.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const NEW_ORIGIN_PORT = SHOP_PORT + 10;
/** The contract version this checkout builds, and the next major a future remote would need. */
const CONTRACT = (
  JSON.parse(readFileSync(join(root, 'shared', 'package.json'), 'utf8')) as { version: string }
).version;
const CONTRACT_MAJOR = Number(CONTRACT.split('.')[0]);
const FUTURE_RANGE = `^${CONTRACT_MAJOR + 1}.0.0`;
const INCOMPATIBLE_PORT = SHOP_PORT + 11;

type Served = Awaited<ReturnType<typeof serveStatic>>;

/** What a remote built against a future, incompatible contract declares: the next major of @prepper/shared. */
function requireNextContract(dist: string): void {
  const jsDir = join(dist, 'static', 'js');
  let patched = 0;
  const files = readdirSync(jsDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.js'),
  );
  for (const file of files) {
    const path = join(jsDir, file);
    const source = readFileSync(path, 'utf8');
    const next = source.replace(
      /(shareKey:"@prepper\/shared",import:"@prepper\/shared",requiredVersion:)"[^"]*"/g,
      (_match, declaration: string) => {
        patched += 1;
        return `${declaration}"${FUTURE_RANGE}"`;
      },
    );
    if (next !== source) writeFileSync(path, next);
  }
  expect(patched, 'the remote entry declares its @prepper/shared range').toBeGreaterThan(0);
  const manifestFile = join(dist, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    shared: { name: string; requiredVersion: string }[];
  };
  const entry = manifest.shared.find((shared) => shared.name === '@prepper/shared');
  expect(entry?.requiredVersion).toBe(`^${CONTRACT_MAJOR}.0.0`);
  entry!.requiredVersion = FUTURE_RANGE;
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
}

async function checkCompat(manifestUrl: string): Promise<{ code: number; stdout: string }> {
  const tsx = join(root, 'node_modules', '.bin', 'tsx');
  const args = [
    join(root, 'tools', 'compat', 'cli.ts'),
    '--shell',
    `${SHOP_URL}/mf-manifest.json`,
    manifestUrl,
  ];
  return run(tsx, args).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
}

async function openSearch(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
}

test.describe.serial('independent deploys', () => {
  let workDir = '';
  let rebuilt = '';
  const served: Served[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    workDir = mkdtempSync(join(tmpdir(), 'readystock-deploy-'));
    rebuilt = join(workDir, 'search-v2');
    // A new build of the search remote, into a folder of its own (the deployed one keeps serving).
    const remoteDir = join(root, APPS.search.dir);
    await run(join(remoteDir, 'node_modules', '.bin', 'rsbuild'), ['build'], {
      cwd: remoteDir,
      env: { ...process.env, NODE_ENV: 'production', DIST_DIR: rebuilt },
    });
  });

  test.afterAll(async () => {
    await resetRemoteManifest('search');
    await Promise.all(served.map((server) => server.close()));
    rmSync(workDir, { recursive: true, force: true });
  });

  test('a rebuilt remote on a new origin is used through config.json, without rebuilding the shell', async ({
    page,
  }) => {
    const server = await serveStatic({ dir: rebuilt, port: NEW_ORIGIN_PORT });
    served.push(server);
    const manifest = `${server.url}/mf-manifest.json`;
    expect((await checkCompat(manifest)).code).toBe(0);

    await setRemoteManifest('search', manifest);
    await stopRemote('search'); // the old origin is gone: only the new deploy can answer
    const urls: URL[] = [];
    page.on('request', (request) => urls.push(new URL(request.url())));

    await page.goto('/');
    await openSearch(page);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('radio');
    await expect(page.getByRole('heading', { name: /^Search Results \(\d+\)$/ })).toBeVisible();

    const fromNew = urls.filter((url) => url.origin === server.url).map((url) => url.pathname);
    expect(fromNew).toContain('/mf-manifest.json');
    expect(fromNew.some((path) => path.endsWith('.js'))).toBe(true);
    expect(urls.filter((url) => url.origin === remoteOrigin('search'))).toEqual([]);
    await startRemote('search');
  });

  test('a remote whose contract range the shell does not satisfy falls back in its slot only', async ({
    page,
  }) => {
    const dist = join(workDir, 'search-needs-next-contract');
    cpSync(rebuilt, dist, { recursive: true });
    requireNextContract(dist);
    const server = await serveStatic({ dir: dist, port: INCOMPATIBLE_PORT });
    served.push(server);
    const manifest = `${server.url}/mf-manifest.json`;

    const check = await checkCompat(manifest);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(
      `@prepper/shared: the shell provides ${CONTRACT}, the remote needs ${FUTURE_RANGE}`,
    );

    await setRemoteManifest('search', manifest);
    const federationErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') federationErrors.push(message.text());
    });

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Shop by Category' })).toBeVisible();
    await openSearch(page);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('alert')).toHaveText(/Search is temporarily unavailable\./);
    await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(federationErrors.join('\n')).toContain(
      `does not satisfy the requirement of search which needs ${FUTURE_RANGE}`,
    );
    await page.keyboard.press('Escape');

    // The rest of the shop keeps working: the catalogue page, its navigation and the cart.
    await expect(page.getByRole('heading', { name: 'Shop by Category' })).toBeVisible();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Cart, / })
      .click();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  });
});
