/**
 * The long-lived child processes of `npm start` / `npm run dev` (the stack, the dev servers, the size
 * report): tagged output, and stopping each with everything it spawned.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const workspaceRoot = join(import.meta.dirname, '..', '..');

const COLORS: Record<string, number> = {
  shell: 36,
  catalog: 32,
  cart: 33,
  search: 35,
  account: 34,
  admin: 31,
  supabase: 90,
  serve: 1,
};

let quiet = false;

/** Prints `message` line by line with a (coloured) `[source]` tag. */
export function say(source: string, message: string | Buffer): void {
  const tag = process.stdout.isTTY ? `\x1b[${COLORS[source] ?? 0}m[${source}]\x1b[0m` : `[${source}]`;
  for (const line of String(message).split('\n')) {
    if (!line.trim()) continue;
    // Children that already tag their lines ('[supabase] ...') keep their own tag.
    console.log(line.startsWith(`[${source}]`) ? line : `${tag} ${line}`);
  }
}

/** The bootstrapped pnpm of run.mjs, or the one running us, or the one on PATH. */
export function pnpmCommand(): string {
  const local = join(workspaceRoot, '.tools', 'pnpm', 'node_modules', '.bin', 'pnpm');
  if (existsSync(local)) return local;
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(execPath)) return execPath;
  return 'pnpm';
}

const children = new Set<ChildProcess>();

/** Runs a long-lived child in its own process group (so it can be stopped with everything it spawned). */
export function startChild(
  source: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): ChildProcess {
  const child = spawn(command, args, {
    cwd: workspaceRoot,
    env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.add(child);
  // While shutting down, pnpm's complaints about the interrupt it forwarded are noise.
  child.stdout?.on('data', (chunk: Buffer) => quiet || say(source, chunk));
  child.stderr?.on('data', (chunk: Buffer) => quiet || say(source, chunk));
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!quiet && (code !== 0 || signal)) say(source, `exited (${signal ?? `code ${code}`})`);
  });
  return child;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolveStop) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolveStop();
    const group = -child.pid;
    const timer = setTimeout(() => {
      try {
        process.kill(group, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 8000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    try {
      process.kill(group, 'SIGINT');
    } catch {
      clearTimeout(timer);
      resolveStop();
    }
  });
}

/** Stops every child started here (their output is no longer shown). */
export async function stopChildren(): Promise<void> {
  quiet = true;
  await Promise.all([...children].map(stopChild));
}
