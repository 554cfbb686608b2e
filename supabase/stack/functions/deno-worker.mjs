// The Deno side of the local Edge Functions runner (./runner.ts): runs one function's entrypoint the way
// Supabase's edge runtime does. The function calls Deno.serve(handler) (or exports default { fetch });
// this worker takes that handler instead of letting the function bind port 8000, serves it on a free
// loopback port and prints {"ready": <port>} on stdout for the runner. A handler that throws answers
// the hosted 500 (WORKER_ERROR); an entrypoint that fails to load, or never serves, exits with code 70
// or 71, which the runner answers as the hosted 503 (BOOT_ERROR).
/* global Deno */

const [entrypoint] = Deno.args;
if (!entrypoint) {
  console.error('usage: deno run deno-worker.mjs <file URL of the entrypoint>');
  Deno.exit(64);
}

let handler = null;
const realServe = Deno.serve.bind(Deno);

/** Deno.serve(handler), Deno.serve(options, handler) or Deno.serve({ handler, ... }). */
function handlerOf(args) {
  if (typeof args[0] === 'function') return args[0];
  if (typeof args[1] === 'function') return args[1];
  if (args[0] && typeof args[0].handler === 'function') return args[0].handler;
  return null;
}

Deno.serve = (...args) => {
  const fn = handlerOf(args);
  if (!fn) throw new TypeError('Deno.serve needs a handler');
  if (handler) throw new Error('An Edge Function serves one handler (Deno.serve was called twice)');
  handler = fn;
  const finished = new Promise(() => undefined);
  return {
    finished,
    addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 },
    shutdown: () => Promise.resolve(),
    ref() {},
    unref() {},
  };
};

try {
  const module = await import(entrypoint);
  if (!handler && module.default && typeof module.default.fetch === 'function') {
    handler = (request, info) => module.default.fetch(request, info);
  }
} catch (error) {
  console.error('[edge-function] boot error:', error);
  Deno.exit(70);
}
if (!handler) {
  console.error('[edge-function] boot error: the function neither called Deno.serve nor exported { fetch }');
  Deno.exit(71);
}

const workerError = (error) => {
  console.error('[edge-function] uncaught error:', error);
  return new Response(
    JSON.stringify({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }),
    { status: 500, headers: { 'Content-Type': 'application/json', 'sb-error-code': 'WORKER_ERROR' } },
  );
};

realServe(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => console.log(JSON.stringify({ ready: port })),
    onError: workerError,
  },
  handler,
);
