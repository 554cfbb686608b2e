// Starting and stopping the benchmarks' throwaway stack (bench/serve-stack.ts) in a child process, so the
// load generator does not share the stack's event loop. Used by catalog-bench.ts and scale-bench.ts.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface StackChild {
  child: ChildProcess;
  url: string;
  anonKey: string;
}

/**
 * Forks serve-stack.ts with `env` added (BENCH_POSTGRES_SERVER_URL, BENCH_SCALE_*) and resolves once it
 * reports its URL and anon key. `stdout`: whether the stack's own output shows (its errors always do).
 */
export function startStackChild(
  env: Record<string, string>,
  stdout: 'inherit' | 'ignore',
): Promise<StackChild> {
  const child = fork(fileURLToPath(new URL('./serve-stack.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', stdout, 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { url?: string; anonKey?: string; error?: string }) => {
      if (message.url && message.anonKey) resolve({ child, url: message.url, anonKey: message.anonKey });
      else reject(new Error(message.error ?? 'the stack did not start'));
    });
    child.once('exit', (code) => reject(new Error(`the stack process exited (${code})`)));
  });
}

/** Restarts the child's stack on the same data and port (empty caches) and resolves once it answers again. */
export function restartStackChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the stack process exited (${code})`));
    const onMessage = (message: { restarted?: boolean }) => {
      if (!message.restarted) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve();
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send({ restart: true });
  });
}

/** Disconnects from the stack (it stops, dropping its scratch database) and waits until it has exited. */
export function stopStackChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.disconnect();
  });
}
