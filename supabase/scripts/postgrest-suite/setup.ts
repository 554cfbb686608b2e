// Loaded by vitest before each file of the official postgrest-js suite (see run.ts): points the suite's
// hard-coded `http://localhost:54321` at the stack under test and sends the anon key as supabase-js does.
// The suite is written for jest; vitest's `vi` offers the same `fn()` mocks it uses.
import { vi } from 'vitest';

const target = process.env.POSTGREST_SUITE_URL;
const anonKey = process.env.POSTGREST_SUITE_ANON_KEY;
if (!target || !anonKey) throw new Error('run.ts sets POSTGREST_SUITE_URL and POSTGREST_SUITE_ANON_KEY');

const suiteOrigin = 'http://localhost:54321';
const realFetch = globalThis.fetch;

globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith(suiteOrigin)) return realFetch(input, init);
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  if (!headers.has('apikey')) headers.set('apikey', anonKey);
  const rewritten = target + url.slice(suiteOrigin.length);
  if (input instanceof Request) return realFetch(new Request(rewritten, input), { ...init, headers });
  return realFetch(rewritten, { ...init, headers });
};

(globalThis as unknown as { jest: typeof vi }).jest = vi;
