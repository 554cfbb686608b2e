// The stack's Edge Functions runtime answers as a hosted project's does: functions run on Deno (the
// `deno` npm package, offline), supabase.functions.invoke works, verify_jwt and config.toml's
// per-function settings hold, and failures get the hosted status codes and `{ code, message }` bodies
// with an sb-error-code header: 401, 404, 405, 500 WORKER_ERROR, 503 BOOT_ERROR, 504 IDLE_TIMEOUT.
// The functions are test fixtures (test/functions/).
import { join } from 'node:path';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';

let stack: TestStack;
const fixtures = join(import.meta.dirname, '..', 'functions');

interface Echo {
  method: string;
  path: string;
  search: string;
  authorization: boolean;
  body: string | null;
  supabaseUrl: string | null;
  hasServiceKey: boolean;
  envNames: string[];
  runtime: string;
}

const call = (path: string, init: RequestInit = {}) => fetch(`${stack.url}/functions/v1/${path}`, init);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function expectError(response: Response, status: number, code: string | number, message?: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('sb-error-code')).toBe(String(code));
  const body = (await response.json()) as { code: unknown; message: string };
  expect(body.code).toBe(code);
  if (message) expect(body.message).toBe(message);
}

beforeAll(async () => {
  stack = await startTestStack({
    functions: {
      dir: fixtures,
      settings: { 'default-export': { verify_jwt: false }, 'boot-failure': {}, disabled: { enabled: false } },
      timeoutMs: 1500,
    },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

describe('a function runs on Deno', () => {
  it('supabase.functions.invoke reaches it with the caller’s JWT, the body and the hosted path', async () => {
    const { data, error } = await stack
      .anonClient()
      .functions.invoke<Echo>('echo', { body: { hello: 'world' } });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo',
      authorization: true,
      body: '{"hello":"world"}',
      supabaseUrl: stack.url,
      hasServiceKey: true,
      runtime: 'object',
    });
  });

  it('sees the platform variables and not the environment of the stack’s process', async () => {
    process.env.STACK_PROCESS_ONLY_SECRET = 'x';
    stack.functions.kill('echo');
    const { data } = await stack.anonClient().functions.invoke<Echo>('echo', { method: 'GET' });
    expect(data!.envNames).toEqual(
      expect.arrayContaining(['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY']),
    );
    expect(data!.envNames).not.toContain('STACK_PROCESS_ONLY_SECRET');
    delete process.env.STACK_PROCESS_ONLY_SECRET;
  });

  it('keeps the sub-path and query, and the function’s own status and headers', async () => {
    const response = await call('echo/orders/7?x=1', { headers: bearer(stack.anonKey) });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-echo')).toBe('yes');
    expect(await response.json()).toMatchObject({ method: 'GET', path: '/echo/orders/7', search: '?x=1' });
  });

  it('serves the `export default { fetch }` form', async () => {
    const response = await call('default-export', { method: 'POST' });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('default export saw /default-export');
  });
});

describe('verify_jwt', () => {
  it('is on by default: no Authorization header is a 401', async () => {
    await expectError(await call('echo'), 401, 401, 'Missing authorization header');
  });

  it('a token that is not a JWT of this project is a 401, also with a valid apikey', async () => {
    await expectError(
      await call('echo', { headers: { ...bearer('not-a-jwt'), apikey: stack.anonKey } }),
      401,
      401,
      'Invalid JWT',
    );
    const forged = `${stack.anonKey.slice(0, -4)}AAAA`;
    await expectError(await call('echo', { headers: bearer(forged) }), 401, 401, 'Invalid JWT');
    await expectError(
      await call('echo', { headers: { Authorization: stack.anonKey } }),
      401,
      401,
      'Invalid JWT',
    );
  });

  it('a signed-in user’s access token passes', async () => {
    const token = await stack.tokenForUser('00000000-0000-4000-8000-000000000001');
    const response = await call('echo', { method: 'POST', headers: bearer(token), body: 'x' });
    expect(response.status).toBe(200);
  });

  it('verify_jwt = false in the function’s settings lets anyone call it', async () => {
    expect((await call('default-export')).status).toBe(201);
  });

  it('a CORS preflight needs no JWT', async () => {
    const response = await call('echo', {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  });
});

describe('errors as a hosted project gives them', () => {
  it('an unknown, disabled or badly named function is 404 NOT_FOUND', async () => {
    for (const name of ['nope', 'disabled', '..%2Fecho', '_shared']) {
      await expectError(
        await call(name, { headers: bearer(stack.anonKey) }),
        404,
        'NOT_FOUND',
        'Requested function was not found',
      );
    }
  });

  it('supabase-js reports a failing function as FunctionsHttpError with the answer in context', async () => {
    const { data, error } = await stack.anonClient().functions.invoke('nope');
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(((error as FunctionsHttpError).context as Response).status).toBe(404);
  });

  it('a method the runtime does not serve is 405', async () => {
    await expectError(
      await call('echo', { method: 'PROPFIND', headers: bearer(stack.anonKey) }),
      405,
      'METHOD_NOT_ALLOWED',
    );
  });

  it('an uncaught error in the handler is 500 WORKER_ERROR, and the function keeps serving', async () => {
    await expectError(
      await call('echo?throw=1', { headers: bearer(stack.anonKey) }),
      500,
      'WORKER_ERROR',
      'Function exited due to an error (please check logs)',
    );
    expect((await call('echo', { headers: bearer(stack.anonKey) })).status).toBe(200);
  });

  it('a worker that dies mid-request is 500 WORKER_ERROR, and the next request starts it again', async () => {
    await expectError(await call('echo?exit=1', { headers: bearer(stack.anonKey) }), 500, 'WORKER_ERROR');
    expect((await call('echo', { headers: bearer(stack.anonKey) })).status).toBe(200);
  });

  it('boot() starts a function before its first request, which that process then serves', async () => {
    stack.functions.kill('echo');
    expect(stack.functions.pid('echo')).toBeNull();
    await stack.functions.boot('echo');
    const pid = stack.functions.pid('echo');
    expect(pid).toEqual(expect.any(Number));
    await stack.functions.boot('echo');
    expect(stack.functions.pid('echo')).toBe(pid);
    const { data } = await stack.anonClient().functions.invoke<Echo>('echo', { method: 'GET' });
    expect(data!.method).toBe('GET');
    expect(stack.functions.pid('echo')).toBe(pid);
    await expect(stack.functions.boot('no-such-function')).rejects.toThrow(/no function/);
    await expect(stack.functions.boot('boot-failure')).rejects.toThrow(/failed to load|exited/);
  });

  it('a function that fails to load is 503 BOOT_ERROR', async () => {
    await expectError(
      await call('boot-failure', { headers: bearer(stack.anonKey) }),
      503,
      'BOOT_ERROR',
      'Function failed to start (please check logs)',
    );
  });

  it('a function that does not answer in time is 504 IDLE_TIMEOUT, and is restarted', async () => {
    await expectError(await call('echo?sleep=5000', { headers: bearer(stack.anonKey) }), 504, 'IDLE_TIMEOUT');
    expect((await call('echo?sleep=10', { headers: bearer(stack.anonKey) })).status).toBe(200);
  });
});
