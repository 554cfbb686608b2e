/**
 * The local Supabase stack for `npm start` / `npm run dev`: used when one already answers, otherwise
 * started as a child (`pnpm --filter @prepper/supabase start`).
 */
import type { ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pnpmCommand, say, startChild, workspaceRoot } from './processes.ts';

// The same variables the stack's own CLI reads (supabase/stack/cli.ts).
export const STACK_PORT = Number(process.env.SUPABASE_PORT || 54321);
export const STACK_DATA_DIR = resolve(
  process.env.SUPABASE_DATA_DIR || join(workspaceRoot, 'supabase', '.local', 'db'),
);

async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/auth/v1/health`, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function waitForStack(url: string, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isHealthy(url)) return;
    if (child.exitCode !== null) throw new Error('The Supabase stack exited before it became ready');
    await new Promise((resolveWait) => setTimeout(resolveWait, 500));
  }
  throw new Error(`The Supabase stack did not answer ${url}/auth/v1/health within ${timeoutMs / 1000}s`);
}

/**
 * Starts the local stack unless one already answers on its port (or SUPABASE_URL points elsewhere).
 * `shopOrigins`: the origins the shop is served from when they are not the stack's defaults (a moved
 * SHOP_PORT_BASE), so the stack answers their CORS requests; SUPABASE_CORS_ORIGINS, when set, wins.
 */
export async function ensureStack(shopOrigins: readonly string[] = []): Promise<void> {
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
  const cors =
    shopOrigins.length > 0 && !process.env.SUPABASE_CORS_ORIGINS
      ? { SUPABASE_CORS_ORIGINS: shopOrigins.join(',') }
      : undefined;
  const child = startChild('supabase', pnpmCommand(), ['--filter', '@prepper/supabase', 'start'], cors);
  await waitForStack(url, child);
}
