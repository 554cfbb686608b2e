// A test function for the Edge Functions runner (test/integration/edge-functions.test.ts): answers what
// it saw; ?sleep=<ms> answers late, ?throw=1 throws, ?exit=1 ends the worker mid-request.
declare const Deno: {
  env: { get(name: string): string | undefined; toObject(): Record<string, string> };
  exit(code: number): never;
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

Deno.serve(async (request) => {
  const url = new URL(request.url);
  if (url.searchParams.get('throw') === '1') throw new Error('the echo function was asked to throw');
  if (url.searchParams.get('exit') === '1') Deno.exit(1);
  const sleep = Number(url.searchParams.get('sleep') ?? '0');
  if (sleep > 0) await new Promise((resolve) => setTimeout(resolve, sleep));
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.text();
  return Response.json(
    {
      method: request.method,
      path: url.pathname,
      search: url.search,
      authorization: request.headers.get('authorization') !== null,
      body,
      supabaseUrl: Deno.env.get('SUPABASE_URL') ?? null,
      hasServiceKey: typeof Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') === 'string',
      envNames: Object.keys(Deno.env.toObject()).sort(),
      runtime: typeof (globalThis as { Deno?: unknown }).Deno,
    },
    { headers: { 'x-echo': 'yes' } },
  );
});
