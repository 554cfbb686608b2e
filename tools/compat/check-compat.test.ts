import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCompat, loadManifest, type FederationManifest } from './check-compat.ts';

const shell: FederationManifest = {
  name: 'shell',
  shared: [
    { name: '@prepper/shared', version: '1.4.2', singleton: true, requiredVersion: '^1.0.0' },
    { name: 'react', version: '19.2.0', singleton: true, requiredVersion: '^19.2.0' },
    { name: 'react-router-dom', version: '7.9.4', singleton: true, requiredVersion: '^7.9.0' },
  ],
  exposes: [],
};

function search(shared: FederationManifest['shared'], exposes = ['SearchOverlay']): FederationManifest {
  return { name: 'search', shared, exposes: exposes.map((name) => ({ name })) };
}

const fitting = search([
  { name: '@prepper/shared', version: '1.4.0', singleton: true, requiredVersion: '^1.2.0' },
  { name: 'react', version: '19.2.0', singleton: true, requiredVersion: '^19.0.0' },
]);

describe('checkCompat', () => {
  it('accepts a remote whose every singleton range the shell satisfies', () => {
    expect(checkCompat(shell, fitting)).toEqual([]);
  });

  it('fails a remote built against a newer contract than the shell provides', () => {
    const newer = search([
      { name: '@prepper/shared', version: '2.0.0', singleton: true, requiredVersion: '^2.0.0' },
    ]);
    expect(checkCompat(shell, newer)).toEqual([
      {
        level: 'error',
        remote: 'search',
        message: '@prepper/shared: the shell provides 1.4.2, the remote needs ^2.0.0',
      },
    ]);
  });

  it('fails a remote that needs a newer react-router than the shell has', () => {
    const problems = checkCompat(
      shell,
      search([{ name: 'react-router-dom', version: '7.12.0', singleton: true, requiredVersion: '^7.12.0' }]),
    );
    expect(problems.map((problem) => problem.message)).toEqual([
      'react-router-dom: the shell provides 7.9.4, the remote needs ^7.12.0',
    ]);
  });

  it('fails a singleton the shell does not share, and a range that is not semver', () => {
    const problems = checkCompat(
      shell,
      search([
        { name: 'nanostores', version: '1.0.1', singleton: true, requiredVersion: '^1.0.0' },
        { name: 'react', version: '19.2.0', singleton: true, requiredVersion: 'latest-and-greatest' },
      ]),
    );
    expect(problems.map((problem) => [problem.level, problem.message])).toEqual([
      ['error', 'nanostores: the shell does not share it, so the remote would load a second copy'],
      ['error', 'react: the remote\'s requiredVersion "latest-and-greatest" is not a semver range'],
    ]);
  });

  it('only warns about a singleton shared without a range', () => {
    const problems = checkCompat(
      shell,
      search([{ name: 'react', version: '19.2.0', singleton: true, requiredVersion: false }]),
    );
    expect(problems).toEqual([
      {
        level: 'warning',
        remote: 'search',
        message: 'react: the remote accepts any version (no requiredVersion)',
      },
    ]);
  });

  it('fails a remote that lost an expose the shell mounts, or that the shop does not know', () => {
    expect(checkCompat(shell, search([], ['SearchPanel'])).map((problem) => problem.message)).toEqual([
      'expose SearchOverlay: the shell mounts it, the remote no longer has it',
    ]);
    expect(checkCompat(shell, { name: 'checkout', shared: [] })[0]?.message).toMatch(
      /^"checkout" is not a remote of this shop/,
    );
  });
});

describe('loadManifest and the command', () => {
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'check-compat-'));
    writeFileSync(join(dir, 'shell.json'), JSON.stringify(shell));
    const bodies: Record<string, string> = {
      '/ok/mf-manifest.json': JSON.stringify(fitting),
      '/newer/mf-manifest.json': JSON.stringify(
        search([{ name: '@prepper/shared', version: '2.1.0', singleton: true, requiredVersion: '^2.1.0' }]),
      ),
      '/broken/mf-manifest.json': '<html>not json</html>',
    };
    server = createServer((req, res) => {
      const body = bodies[req.url ?? ''];
      if (body === undefined) res.writeHead(404).end();
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((done) => server.close(done));
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads manifests from URLs and files, and says what is wrong with a bad one', async () => {
    expect((await loadManifest(`${base}/ok/mf-manifest.json`)).name).toBe('search');
    expect((await loadManifest(join(dir, 'shell.json'))).name).toBe('shell');
    await expect(loadManifest(`${base}/missing/mf-manifest.json`)).rejects.toThrow('HTTP 404');
    await expect(loadManifest(`${base}/broken/mf-manifest.json`)).rejects.toThrow('is not JSON');
  });

  const run = promisify(execFile);
  const cli = resolve(import.meta.dirname, 'cli.ts');
  const tsx = resolve(import.meta.dirname, '..', 'node_modules', '.bin', 'tsx');

  it('exits 0 when every remote fits and 1 naming the remote and range that does not', async () => {
    const ok = await run(tsx, [cli, '--shell', join(dir, 'shell.json'), `${base}/ok/mf-manifest.json`]);
    expect(ok.stdout).toContain('ok   search');

    const failed = await run(tsx, [
      cli,
      '--shell',
      join(dir, 'shell.json'),
      `${base}/ok/mf-manifest.json`,
      `${base}/newer/mf-manifest.json`,
    ]).catch((error: { code: number; stdout: string }) => error);
    expect('code' in failed && failed.code).toBe(1);
    expect(failed.stdout).toContain('FAIL search');
    expect(failed.stdout).toContain('@prepper/shared: the shell provides 1.4.2, the remote needs ^2.1.0');
  }, 30_000);
});
