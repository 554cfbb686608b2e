// Sixty anonymous requests at once, each embedding products and categories four levels deep (28 MB
// of JSON apiece), against a stack in its own process (`stack/cli.ts start`), so that its memory can be
// read from /proc. The stack must answer each with the documented 400 (responses are capped at 10 MiB),
// stay far below the gigabytes such a burst used to take, and answer every /health within 1 s meanwhile.
// On PGlite (its worker thread) by default; on a scratch database of STACK_TEST_DATABASE_URL's server
// (the stack's DATABASE_URL) when that is set.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxResponseBytes } from '../../stack/rest/response-limit.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../stack/scratch-database.ts';

const packageDir = join(import.meta.dirname, '..', '..');
let child: ChildProcess;
let dataDir = '';
let url = '';
let anonKey = '';
let database: ScratchDatabase | undefined;

/** Resident memory of the stack's process in MB: now (VmRSS) and at its peak (VmHWM). */
function memory(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** A GET that counts the body's bytes without keeping them (the test process must not balloon either). */
function fetchCounting(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; bytes: number; ms: number; head: string }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    get(`${url}${path}`, { headers }, (res) => {
      let bytes = 0;
      let head = '';
      res.on('data', (chunk: Buffer) => {
        if (head.length < 2000) head += chunk.toString('utf8', 0, Math.min(chunk.length, 2000));
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: Date.now() - started, head }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'prepper-load-'));
  const serverUrl = process.env.STACK_TEST_DATABASE_URL;
  database = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  child = spawn(process.execPath, ['--import', 'tsx', 'stack/cli.ts', 'start'], {
    cwd: packageDir,
    env: {
      ...process.env,
      SUPABASE_PORT: '0',
      SUPABASE_DB_PORT: 'off',
      SUPABASE_DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const runtime = join(dataDir, 'runtime.json');
  for (let i = 0; i < 2400 && !url; i += 1) {
    if (child.exitCode !== null) throw new Error(`the stack exited with ${child.exitCode}`);
    if (existsSync(runtime)) {
      const info = JSON.parse(readFileSync(runtime, 'utf8')) as { url: string; anonKey: string };
      const health = await fetch(`${info.url}/health`).catch(() => null);
      if (health?.status === 200) ({ url, anonKey } = info);
    }
    if (!url) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(url).not.toBe('');
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('sixty deep embeds at once', () => {
  it('answer 400 above the response limit, keep memory bounded and /health answering', async () => {
    const deep = '/rest/v1/products?select=*,categories(*,products(*,categories(*,products(*))))';
    const headers = { apikey: anonKey };
    // Warm up (first query plans, caches) and take the baseline.
    const one = await fetchCounting(deep, headers);
    expect(one.status).toBe(400);
    const before = memory();

    let storming = true;
    const health: number[] = [];
    const light: number[] = [];
    const poll = (async () => {
      while (storming) {
        const h = await fetchCounting('/health');
        expect(h.status).toBe(200);
        health.push(h.ms);
        const read = await fetchCounting('/rest/v1/categories?select=id,name&limit=3', headers);
        expect(read.status).toBe(200);
        light.push(read.ms);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const answers = await Promise.all(Array.from({ length: 60 }, () => fetchCounting(deep, headers)));
    storming = false;
    await poll;
    const after = memory();

    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(60).fill(400));
    const body = JSON.parse(answers[0]!.head) as Record<string, unknown>;
    expect(body.code).toBe('54000');
    expect(String(body.message)).toContain(`at most ${maxResponseBytes} bytes`);
    expect(Math.max(...answers.map((answer) => answer.bytes))).toBeLessThan(2000);

    // The burst used to take the process to 4 GB; now it barely moves the peak or the resident size.
    expect(after.peak - before.peak, JSON.stringify({ before, after })).toBeLessThan(300);
    expect(after.rss - before.rss, JSON.stringify({ before, after })).toBeLessThan(300);
    expect(health.length).toBeGreaterThan(0);
    expect(light.length).toBeGreaterThan(0);
    // The HTTP server never waits on the database (PGlite runs in a worker thread, PostgreSQL in its own
    // processes), so every /health answers within a second while the burst runs; it used to wait 40 s.
    expect(Math.max(...health), JSON.stringify(health)).toBeLessThan(1000);

    // A normal page still answers in full.
    const page = await fetchCounting('/rest/v1/products?select=*,categories(name)&limit=12', headers);
    expect(page.status).toBe(200);
  }, 240_000);
});
