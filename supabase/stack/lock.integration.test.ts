// Restarting after kill -9: the dead stack's lock file may name a zombie (killed but not yet reaped by
// its parent) or a pid that now belongs to another process. Neither may keep a new stack out; a live
// stack still does.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resetStack, startStack } from './index.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'prepper-lock-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function procState(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? '';
}

/**
 * A zombie: `sh` starts a short `sleep` in the background, prints its pid and then becomes a long
 * `sleep` itself (exec), which never reaps its child. Once the short sleep ends it stays a zombie.
 */
async function zombiePid(): Promise<number> {
  const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 60'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(parent);
  const pid = await new Promise<number>((resolve) => {
    parent.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  for (let i = 0; i < 50 && procState(pid) !== 'Z'; i += 1) await new Promise((r) => setTimeout(r, 50));
  return pid;
}

describe('the data directory lock after kill -9', () => {
  it('starts over a lock file that names a zombie', async () => {
    const pid = await zombiePid();
    expect(procState(pid)).toBe('Z');
    // The zombie still answers kill(pid, 0), which is what the old check relied on.
    expect(() => process.kill(pid, 0)).not.toThrow();
    for (const content of [`${pid}\n`, `${pid} 12345\n`]) {
      const dataDir = tempDir();
      writeFileSync(join(dataDir, 'stack.pid'), content);
      const stack = await startStack({ port: 0, dataDir, projectDir: tempDir() });
      expect(readFileSync(join(dataDir, 'stack.pid'), 'utf8')).toMatch(
        new RegExp(`^${process.pid} \\d+\\n$`),
      );
      await stack.stop();
    }
  }, 120_000);

  it('starts over a lock file whose pid now belongs to another process, and reset works too', async () => {
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    children.push(other);
    await new Promise((r) => setTimeout(r, 100));
    // Same pid, another start time: the pid was reused after the stack died.
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'stack.pid'), `${other.pid} 1\n`);
    await expect(resetStack({ dataDir })).resolves.toBeUndefined();
    const stack = await startStack({ port: 0, dataDir, projectDir: tempDir() });
    await stack.stop();
    // An older lock file with only the pid, written an hour before that process started.
    const legacyDir = tempDir();
    writeFileSync(join(legacyDir, 'stack.pid'), `${other.pid}\n`);
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(join(legacyDir, 'stack.pid'), anHourAgo, anHourAgo);
    await expect(resetStack({ dataDir: legacyDir })).resolves.toBeUndefined();
    const legacy = await startStack({ port: 0, dataDir: legacyDir, projectDir: tempDir() });
    await legacy.stop();
  }, 120_000);

  it('still refuses while a live stack holds the directory', async () => {
    const dataDir = tempDir();
    const stack = await startStack({ port: 0, dataDir, projectDir: tempDir() });
    try {
      const [pid, start] = readFileSync(join(dataDir, 'stack.pid'), 'utf8').trim().split(' ');
      expect(Number(pid)).toBe(process.pid);
      // As another process would see it: a live holder with the right start time.
      const holder = spawn('sleep', ['60'], { stdio: 'ignore' });
      children.push(holder);
      await new Promise((r) => setTimeout(r, 100));
      const stat = readFileSync(`/proc/${holder.pid}/stat`, 'utf8');
      const holderStart = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      const otherDir = tempDir();
      writeFileSync(join(otherDir, 'stack.pid'), `${holder.pid} ${holderStart}\n`);
      await expect(startStack({ port: 0, dataDir: otherDir, projectDir: tempDir() })).rejects.toThrow(
        `Another stack (pid ${holder.pid})`,
      );
      await expect(resetStack({ dataDir: otherDir })).rejects.toThrow(`pid ${holder.pid}`);
      expect(start).toMatch(/^\d+$/);
    } finally {
      await stack.stop();
    }
  }, 120_000);
});
