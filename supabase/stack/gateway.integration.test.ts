// The gateway's limits on what a request may carry, against a real stack: a body over the gateway's cap
// is refused with 413 before any route, key or handler sees it (as nginx's client_max_body_size does in
// front of Kong), and a JSON body nested deeper than the stack can re-serialise is a 400, never a 500
// with a stack trace.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../test/harness.ts';
import { maxGatewayBodyBytes } from './http.ts';

let stack: TestStack;

interface Answer {
  status: number;
  body: string;
}

/**
 * One request. `declaredLength` sends that Content-Length but only `body` (the server must answer from
 * the header alone); `chunked` sends the body without a length.
 */
function send(
  method: string,
  path: string,
  options: {
    headers?: Record<string, string>;
    body?: string | Buffer;
    declaredLength?: number;
    chunked?: boolean;
  } = {},
): Promise<Answer> {
  const target = new URL(path, stack.url);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers };
    if (options.declaredLength !== undefined) headers['Content-Length'] = String(options.declaredLength);
    else if (options.chunked) headers['Transfer-Encoding'] = 'chunked';
    else if (options.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(options.body));
    const req = httpRequest(
      { method, host: '127.0.0.1', port: target.port, path: `${target.pathname}${target.search}`, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    // The server may answer and close before a refused body is fully sent.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (options.declaredLength !== undefined) req.write(options.body ?? '');
    else req.end(options.body);
  });
}

const anon = () => ({ apikey: stack.anonKey });

/** `{"p": [[[...]]]}` nested `depth` arrays deep. */
function nested(key: string, depth: number): string {
  return `{"${key}":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('request body cap at the gateway', () => {
  it('refuses a declared length over the cap with 413 before the API key is checked', async () => {
    const answer = await send('POST', '/rest/v1/rpc/checkout_quote', {
      declaredLength: maxGatewayBodyBytes + 1,
      body: '{"p_lines":',
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      message: 'Payload too large',
    });
  });

  it('refuses a chunked body that grows over the cap on every API area', async () => {
    const big = `{"email":"a@example.com","pad":"${'x'.repeat(maxGatewayBodyBytes)}"}`;
    for (const path of [
      '/rest/v1/rpc/checkout_quote',
      '/auth/v1/signup',
      '/storage/v1/object/list/catalog',
    ]) {
      const answer = await send('POST', path, { headers: anon(), body: big, chunked: true });
      expect({ path, status: answer.status }).toEqual({ path, status: 413 });
      // Each service answers in its own error format (PostgREST, GoTrue, storage-api), as JSON.
      expect(JSON.parse(answer.body)).toBeTypeOf('object');
    }
  });

  it('lets a body under the cap through to its handler', async () => {
    const answer = await send('POST', '/rest/v1/rpc/slugify', {
      headers: anon(),
      body: JSON.stringify({ p_value: `Water Filter ${'x'.repeat(1000)}` }),
    });
    expect(answer.status).toBe(200);
  });
});

describe('deeply nested JSON bodies', () => {
  it('answers 400 (not 500) for a body nested 6,000 levels deep, for a call and for a write', async () => {
    for (const [path, body] of [
      ['/rest/v1/rpc/checkout_quote', nested('p_lines', 6000)],
      ['/rest/v1/products', nested('name', 6000)],
    ] as const) {
      const answer = await send('POST', path, { headers: anon(), body });
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      const error = JSON.parse(answer.body) as { code: string; message: string };
      expect(error.code).toBe('PGRST102');
      expect(answer.body).not.toContain('Maximum call stack');
    }
  });

  it('answers 400 for a sign-up whose metadata is nested 6,000 levels deep', async () => {
    const answer = await send('POST', '/auth/v1/signup', {
      headers: anon(),
      body: `{"email":"deep@example.com","password":"secret123","data":${nested('a', 6000)}}`,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain('Maximum call stack');
  });

  it('still serves after the nested bodies', async () => {
    expect((await send('GET', '/health')).status).toBe(200);
  });
});
