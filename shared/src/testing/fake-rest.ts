import { vi } from 'vitest';

/** One request the page made to the backend, answered by the test (the network is the boundary). */
export interface RestCall {
  method: string;
  path: string;
  body: unknown;
  respond: (status: number, body: unknown, headers?: Record<string, string>) => void;
  fail: () => void;
}

/**
 * Replaces fetch for supabase-js: every request is recorded, and `answer` (when set) may respond at
 * once; otherwise the test responds later (to see the page while a request runs).
 */
export function fakeRest() {
  const calls: RestCall[] = [];
  let answer: ((call: RestCall) => void) | null = null;
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return new Promise<Response>((resolve, reject) => {
      const call: RestCall = {
        method: init?.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : null,
        respond: (status, body, headers = {}) =>
          resolve(
            new Response(JSON.stringify(body), {
              status,
              headers: { 'Content-Type': 'application/json', ...headers },
            }),
          ),
        fail: () => reject(new TypeError('Failed to fetch')),
      };
      calls.push(call);
      answer?.(call);
    });
  });
  return {
    fetch,
    calls,
    to: (path: string) => calls.filter((call) => call.path.startsWith(path)),
    answerWith: (next: ((call: RestCall) => void) | null) => {
      answer = next;
    },
  };
}
