// Hostile and malformed requests at /rest/v1 and /auth/v1 with raw fetch: SQL fragments in selects,
// filters and orders, unknown tables and columns, broken JSON, wrong content types and profiles, and
// expired, forged, wrongly signed or unsigned JWTs. Every one must get a 4xx with an error body (never
// a 500), and the data must be exactly as before (row counts and a checksum).
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../stack/keys.ts';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts, dataChecksum, rowCounts, tables } from './fixtures.ts';

interface Probe {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

let stack: TestStack;
let adminToken = '';
let before: { counts: Awaited<ReturnType<typeof rowCounts>>; checksum: string };

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/** A JWT signed with HS256 and `secret`, built by hand so that every field can be wrong. */
function handMadeJwt(header: object, payload: object, secret: string | null): string {
  const head = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  if (secret === null) return `${head}.`;
  return `${head}.${base64url(createHmac('sha256', secret).update(head).digest())}`;
}

const now = () => Math.floor(Date.now() / 1000);

async function badTokens(): Promise<[string, string][]> {
  const claims = { sub: accounts.superAdmin.userId, role: 'authenticated', aud: 'authenticated' };
  const valid = await signJwt(stack.jwtSecret, claims);
  const [h, p] = valid.split('.');
  return [
    ['garbage', 'not-a-jwt'],
    ['empty bearer', ''],
    ['two parts', `${h}.${p}`],
    ['expired', await signJwt(stack.jwtSecret, { ...claims, exp: now() - 60, iat: now() - 3600 })],
    ['wrong secret', await signJwt('x'.repeat(64), claims)],
    ['alg none', handMadeJwt({ alg: 'none', typ: 'JWT' }, { ...claims, exp: now() + 600 }, null)],
    [
      'alg HS512 header with HS256 signature',
      handMadeJwt({ alg: 'HS512', typ: 'JWT' }, { ...claims, exp: now() + 600 }, stack.jwtSecret),
    ],
    [
      'tampered payload',
      `${h}.${base64url(JSON.stringify({ ...claims, role: 'service_role', exp: now() + 600 }))}.${valid.split('.')[2]}`,
    ],
    ['signature stripped', `${h}.${p}.`],
    ['role postgres', await signJwt(stack.jwtSecret, { ...claims, role: 'postgres' })],
    ['role supabase_admin', await signJwt(stack.jwtSecret, { ...claims, role: 'supabase_admin' })],
    [
      'role with SQL',
      await signJwt(stack.jwtSecret, { ...claims, role: 'authenticated; drop table products' }),
    ],
    ['not yet valid', await signJwt(stack.jwtSecret, { ...claims, nbf: now() + 3600 })],
    [
      'payload not JSON',
      `${h}.${base64url('{not json')}.${base64url(
        createHmac('sha256', stack.jwtSecret)
          .update(`${h}.${base64url('{not json')}`)
          .digest(),
      )}`,
    ],
  ];
}

const selectFragments = [
  '*;drop table products',
  'id,(select 1)',
  'id)--',
  'pg_sleep(5)',
  'id::text;delete from products',
  'nope',
  '*,nonexistent(*)',
  '*,users(*)',
  'id,name,,',
  '*,categories(*',
  'id:',
  '"id',
  'id,pg_catalog.pg_user(*)',
  '*,admin_users!inner(*)',
];

const filterFragments = [
  'id=eq.1%27%20or%20%271%27=%271',
  'id=eq.not-a-uuid',
  'nope=eq.1',
  'created_at=gt.yesterday-ish',
  'id=in.(1,2',
  'id=foo.1',
  'id=eq',
  'or=(id.eq.1',
  'or=(id.eq.x;drop table products)',
  'and=(id.eq.1,nope.eq.2)',
  'id=not.eq',
  'id=is.maybe',
  'id=cs.{unclosed',
  'id=eq.1);drop table products;--',
];

const orderFragments = [
  'order=nope.desc',
  'order=id.sideways',
  'order=id;drop table products',
  'order=(select 1)',
  'order=id.desc.nullsmaybe',
  'order=id.asc,',
  'limit=-1',
  'limit=abc',
  'offset=lots',
  'limit=1;drop table products',
];

function restProbes(): Probe[] {
  const probes: Probe[] = [];
  for (const table of tables) {
    for (const fragment of selectFragments) {
      probes.push({
        label: `${table} select ${fragment}`,
        method: 'GET',
        path: `/rest/v1/${table}?select=${encodeURIComponent(fragment)}`,
      });
    }
    for (const fragment of filterFragments) {
      probes.push({
        label: `${table} filter ${fragment}`,
        method: 'GET',
        path: `/rest/v1/${table}?select=id&${fragment}`,
      });
    }
    for (const fragment of orderFragments) {
      probes.push({
        label: `${table} ${fragment}`,
        method: 'GET',
        path: `/rest/v1/${table}?select=id&${fragment}`,
      });
    }
  }
  for (const numeric of [
    'price=gt.abc',
    'review_count=eq.99999999999',
    'stock_count=eq.1.5',
    'in_stock=eq.maybe',
    'tags=cs.notanarray',
    'specifications=cs.{broken',
  ]) {
    probes.push({
      label: `products ${numeric}`,
      method: 'GET',
      path: `/rest/v1/products?select=id&${numeric}`,
    });
  }
  for (const unknown of [
    'nope',
    'pg_user',
    'pg_catalog.pg_authid',
    'auth.users',
    'users',
    'sessions',
    'refresh_tokens',
    'schema_migrations',
    'products;drop table products',
    '%22products%22',
    'products%00',
  ]) {
    probes.push({ label: `unknown table ${unknown}`, method: 'GET', path: `/rest/v1/${unknown}?select=*` });
  }
  for (const path of ['products%zz', '%E0%A4%A', 'rpc/%', '%ff?select=id', 'products/%2']) {
    probes.push({ label: `malformed escape ${path}`, method: 'GET', path: `/rest/v1/${path}` });
  }
  for (const pattern of ['(a{1,255}){1,255}', '((a{1,40}){1,40}){1,40}', 'x'.repeat(6000), '[', '(a']) {
    for (const op of ['match', 'imatch', 'not.match']) {
      probes.push({
        label: `products ${op} ${pattern.slice(0, 30)}`,
        method: 'GET',
        path: `/rest/v1/products?select=id&name=${op}.${encodeURIComponent(pattern)}`,
      });
    }
  }
  for (const profile of ['auth', 'pg_catalog', 'supabase_migrations', 'storage', 'public;drop']) {
    probes.push({
      label: `Accept-Profile ${profile}`,
      method: 'GET',
      path: '/rest/v1/products?select=id',
      headers: { 'Accept-Profile': profile },
    });
    probes.push({
      label: `Content-Profile ${profile}`,
      method: 'POST',
      path: '/rest/v1/categories',
      headers: { 'Content-Profile': profile, 'Content-Type': 'application/json' },
      body: '{"name":"x","slug":"x"}',
    });
  }
  const json = { 'Content-Type': 'application/json' };
  const brokenBodies = ['{', '[1,2', '{"name":', 'not json', '{"name":"a"}}', '\u0000', '{"name": NaN}'];
  for (const table of tables) {
    for (const body of brokenBodies) {
      probes.push({
        label: `${table} POST body ${JSON.stringify(body)}`,
        method: 'POST',
        path: `/rest/v1/${table}`,
        headers: json,
        body,
      });
      probes.push({
        label: `${table} PATCH body ${JSON.stringify(body)}`,
        method: 'PATCH',
        path: `/rest/v1/${table}?id=eq.00000000-0000-4000-8000-000000000000`,
        headers: json,
        body,
      });
    }
    probes.push({
      label: `${table} POST unknown column`,
      method: 'POST',
      path: `/rest/v1/${table}`,
      headers: json,
      body: '{"nope":1}',
    });
    probes.push({
      label: `${table} POST column with SQL`,
      method: 'POST',
      path: `/rest/v1/${table}`,
      headers: json,
      body: '{"id; drop table products":1}',
    });
    probes.push({
      label: `${table} PATCH unknown column`,
      method: 'PATCH',
      path: `/rest/v1/${table}?id=eq.00000000-0000-4000-8000-000000000000`,
      headers: json,
      body: '{"nope":1}',
    });
    probes.push({
      label: `${table} POST as XML`,
      method: 'POST',
      path: `/rest/v1/${table}`,
      headers: { 'Content-Type': 'application/xml' },
      body: '<x/>',
    });
    probes.push({
      label: `${table} Accept XML`,
      method: 'GET',
      path: `/rest/v1/${table}?select=id`,
      headers: { Accept: 'application/xml' },
    });
    probes.push({
      label: `${table} DELETE bad filter`,
      method: 'DELETE',
      path: `/rest/v1/${table}?id=eq.;drop`,
    });
    probes.push({
      label: `${table} DELETE unknown column`,
      method: 'DELETE',
      path: `/rest/v1/${table}?nope=eq.1`,
    });
  }
  const typed: [string, string][] = [
    [
      'products',
      '{"name":"x","description":"x","price":"abc","category_id":"00000000-0000-4000-8000-000000000000","image_url":"x"}',
    ],
    [
      'products',
      '{"name":"x","description":"x","price":-5,"category_id":"00000000-0000-4000-8000-000000000000","image_url":"x"}',
    ],
    ['products', '{"name":"x","description":"x","price":1,"category_id":"not-a-uuid","image_url":"x"}'],
    [
      'products',
      '{"name":"x","description":"x","price":1,"category_id":"00000000-0000-4000-8000-00000000beef","image_url":"x"}',
    ],
    [
      'products',
      '{"name":"x","description":"x","price":1,"rating":9,"category_id":"00000000-0000-4000-8000-000000000000","image_url":"x"}',
    ],
    ['categories', '{"name":"Communication","slug":"communication"}'],
    ['categories', '{"name":null,"slug":"x-null"}'],
    ['categories', '{"name":"Bad Slug","slug":"Bad Slug!"}'],
    ['admin_users', '{"user_id":"00000000-0000-4000-8000-000000000001","role":"root"}'],
    ['admin_users', '{"user_id":"00000000-0000-4000-8000-000000000001","permissions":["everything"]}'],
    ['admin_users', '{"user_id":"00000000-0000-4000-8000-000000000001","active":7}'],
    ['orders', '{"user_id":"00000000-0000-4000-8000-000000000003","total_amount":1,"status":"stolen"}'],
    [
      'order_items',
      '{"order_id":"00000000-0000-4000-8000-000000000000","product_name":"x","unit_price":1,"quantity":0}',
    ],
  ];
  for (const [table, body] of typed) {
    probes.push({
      label: `${table} POST invalid ${body}`,
      method: 'POST',
      path: `/rest/v1/${table}`,
      headers: json,
      body,
    });
  }
  const rpcs: [string, string][] = [
    ['nonexistent', '{}'],
    ['pg_sleep', '{"seconds":5}'],
    ['search_products', '{"p_query": "radio", "p_limit": "abc"}'],
    ['search_products', '{"wrong_arg": 1}'],
    ['search_products', '{'],
    ['admin_create_administrator', '{"p_email":"x@example.com"}'],
    [
      'admin_create_administrator',
      '{"p_email":"new@example.com","p_password":"123","p_first_name":"A","p_last_name":"B"}',
    ],
    [
      'admin_create_administrator',
      '{"p_email":"demo@example.com","p_password":"123456","p_first_name":"A","p_last_name":"B"}',
    ],
    [
      'admin_create_administrator',
      '{"p_email":"not-an-email","p_password":"123456","p_first_name":"A","p_last_name":"B"}',
    ],
    [
      'admin_create_administrator',
      '{"p_email":"r@example.com","p_password":"123456","p_first_name":"A","p_last_name":"B","p_role":"root"}',
    ],
    ['admin_update_administrator', '{"p_id":"not-a-uuid","p_role":"admin","p_permissions":[],"p_active":1}'],
    [
      'admin_update_administrator',
      '{"p_id":"00000000-0000-4000-8000-00000000beef","p_role":"admin","p_permissions":[],"p_active":1}',
    ],
    ['admin_remove_administrator', '{"p_id":"00000000-0000-4000-8000-00000000beef"}'],
    [
      'admin_save_category',
      '{"p_id":null,"p_name":"","p_slug":"","p_description":"","p_image_url":null,"p_subcategories":[]}',
    ],
    [
      'admin_save_category',
      '{"p_id":null,"p_name":"X","p_slug":"","p_description":"","p_image_url":null,"p_subcategories":{"no":"array"}}',
    ],
    [
      'admin_save_category',
      '{"p_id":null,"p_name":"X","p_slug":"","p_description":"","p_image_url":null,"p_subcategories":[{"id":"bad-uuid","name":"a"}]}',
    ],
    ['admin_sales_overview', '{"p_months":"many"}'],
    ['admin_users_guard', '{}'],
    ['slugify;drop table products', '{}'],
  ];
  for (const [fn, body] of rpcs) {
    probes.push({
      label: `rpc ${fn} ${body}`,
      method: 'POST',
      path: `/rest/v1/rpc/${fn}`,
      headers: json,
      body,
    });
  }
  probes.push({
    label: 'Range header backwards',
    method: 'GET',
    path: '/rest/v1/products?select=id',
    headers: { Range: '10-5', 'Range-Unit': 'items' },
  });
  probes.push({
    label: 'Range beyond the end with count',
    method: 'GET',
    path: '/rest/v1/products?select=id',
    headers: { Range: '500-510', Prefer: 'count=exact' },
  });
  probes.push({
    label: 'single object of many rows',
    method: 'GET',
    path: '/rest/v1/products?select=id',
    headers: { Accept: 'application/vnd.pgrst.object+json' },
  });
  return probes;
}

function authProbes(): Probe[] {
  const json = { 'Content-Type': 'application/json' };
  return [
    {
      label: 'token broken JSON',
      method: 'POST',
      path: '/auth/v1/token?grant_type=password',
      headers: json,
      body: '{"email":',
    },
    {
      label: 'token empty body',
      method: 'POST',
      path: '/auth/v1/token?grant_type=password',
      headers: json,
      body: '',
    },
    {
      label: 'token no password',
      method: 'POST',
      path: '/auth/v1/token?grant_type=password',
      headers: json,
      body: '{"email":"demo@example.com"}',
    },
    {
      label: 'token wrong password',
      method: 'POST',
      path: '/auth/v1/token?grant_type=password',
      headers: json,
      body: '{"email":"demo@example.com","password":"wrong"}',
    },
    {
      label: 'token SQL in email',
      method: 'POST',
      path: '/auth/v1/token?grant_type=password',
      headers: json,
      body: `{"email":"' or 1=1 --","password":"x"}`,
    },
    {
      label: 'token email as object',
      method: 'POST',
      path: '/auth/v1/token?grant_type=password',
      headers: json,
      body: '{"email":{"$ne":null},"password":"x"}',
    },
    {
      label: 'token unknown grant',
      method: 'POST',
      path: '/auth/v1/token?grant_type=magic',
      headers: json,
      body: '{}',
    },
    { label: 'token no grant', method: 'POST', path: '/auth/v1/token', headers: json, body: '{}' },
    {
      label: 'refresh garbage',
      method: 'POST',
      path: '/auth/v1/token?grant_type=refresh_token',
      headers: json,
      body: '{"refresh_token":"garbage"}',
    },
    {
      label: 'refresh missing',
      method: 'POST',
      path: '/auth/v1/token?grant_type=refresh_token',
      headers: json,
      body: '{}',
    },
    {
      label: 'signup broken JSON',
      method: 'POST',
      path: '/auth/v1/signup',
      headers: json,
      body: '{"email":"a@b.c",',
    },
    {
      label: 'signup invalid email',
      method: 'POST',
      path: '/auth/v1/signup',
      headers: json,
      body: '{"email":"not-an-email","password":"secret123"}',
    },
    {
      label: 'signup weak password',
      method: 'POST',
      path: '/auth/v1/signup',
      headers: json,
      body: '{"email":"weak@example.com","password":"123"}',
    },
    {
      // An address that is taken is no error with confirmations on (GoTrue reveals nothing about it).
      label: 'signup without a password',
      method: 'POST',
      path: '/auth/v1/signup',
      headers: json,
      body: '{"email":"demo@example.com","password":""}',
    },
    { label: 'signup array body', method: 'POST', path: '/auth/v1/signup', headers: json, body: '[1,2,3]' },
    { label: 'recover broken JSON', method: 'POST', path: '/auth/v1/recover', headers: json, body: '{' },
    { label: 'recover no email', method: 'POST', path: '/auth/v1/recover', headers: json, body: '{}' },
    {
      label: 'verify garbage',
      method: 'POST',
      path: '/auth/v1/verify',
      headers: json,
      body: '{"type":"recovery","token_hash":"garbage"}',
    },
    {
      label: 'verify bare pkce_ prefix',
      method: 'POST',
      path: '/auth/v1/verify',
      headers: json,
      body: '{"type":"recovery","token_hash":"pkce_"}',
    },
    {
      label: 'verify signup with blank hash',
      method: 'POST',
      path: '/auth/v1/verify',
      headers: json,
      body: '{"type":"signup","token_hash":" "}',
    },
    { label: 'mailbox with the anon key', method: 'GET', path: '/mailbox/messages' },
    { label: 'mailbox page with the anon key', method: 'GET', path: '/mailbox' },
    { label: 'mailbox emptied with the anon key', method: 'DELETE', path: '/mailbox/messages' },
    {
      label: 'verify unknown type',
      method: 'POST',
      path: '/auth/v1/verify',
      headers: json,
      body: '{"type":"nope","token":"1","email":"demo@example.com"}',
    },
    { label: 'user without token', method: 'GET', path: '/auth/v1/user' },
    { label: 'admin users with anon key', method: 'GET', path: '/auth/v1/admin/users' },
    {
      label: 'admin create user with anon key',
      method: 'POST',
      path: '/auth/v1/admin/users',
      headers: json,
      body: '{"email":"evil@example.com","password":"evil123"}',
    },
    { label: 'unknown auth endpoint', method: 'GET', path: '/auth/v1/nope' },
    { label: 'logout without token', method: 'POST', path: '/auth/v1/logout?scope=global' },
  ];
}

async function send(
  probe: Probe,
  apikey: string,
  bearer?: string,
): Promise<{ status: number; body: string }> {
  const response = await fetch(`${stack.url}${probe.path}`, {
    method: probe.method,
    headers: {
      apikey,
      ...(bearer !== undefined ? { Authorization: `Bearer ${bearer}` } : {}),
      ...probe.headers,
    },
    ...(probe.body !== undefined ? { body: probe.body } : {}),
  });
  return { status: response.status, body: await response.text() };
}

/** Why `result` is not a proper client error (4xx with a JSON body carrying a message), or null. */
function clientErrorProblem(result: { status: number; body: string }): string | null {
  if (result.status < 400 || result.status >= 500)
    return `status ${result.status}: ${result.body.slice(0, 160)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(result.body);
  } catch {
    return `status ${result.status} without a JSON body: ${result.body.slice(0, 160)}`;
  }
  const body = (parsed ?? {}) as Record<string, unknown>;
  const message = body.message ?? body.msg ?? body.error_description ?? body.error;
  return typeof message === 'string'
    ? null
    : `status ${result.status} without a message: ${result.body.slice(0, 160)}`;
}

/** Collects every probe that did not get a proper client error, so one run reports them all. */
class Failures {
  readonly list: string[] = [];
  check(label: string, result: { status: number; body: string }): void {
    const problem = clientErrorProblem(result);
    if (problem) this.list.push(`${label} -> ${problem}`);
  }
}

beforeAll(async () => {
  stack = await startTestStack();
  adminToken = await stack.tokenForUser(accounts.superAdmin.userId);
  before = { counts: await rowCounts(stack), checksum: await dataChecksum(stack) };
});

afterAll(async () => {
  await stack?.stop();
});

describe('hostile requests at /rest/v1', () => {
  it('answers every malformed query, body, header and rpc with a 4xx error body (as super admin)', async () => {
    const probes = restProbes();
    expect(probes.length).toBeGreaterThan(400);
    const failures = new Failures();
    for (const probe of probes) failures.check(probe.label, await send(probe, stack.anonKey, adminToken));
    expect(failures.list).toEqual([]);
  });

  it('answers the same queries as anon with a 4xx error body', async () => {
    const probes = restProbes().filter((probe) => probe.method !== 'GET' || probe.label.includes('unknown'));
    const failures = new Failures();
    for (const probe of probes) failures.check(`anon ${probe.label}`, await send(probe, stack.anonKey));
    expect(failures.list).toEqual([]);
  });

  it('binds SQL fragments in text filters as values: they match nothing and change nothing', async () => {
    for (const value of ["x' or '1'='1", "'; drop table products; --", '%', 'Communication%27--']) {
      const response = await fetch(
        `${stack.url}/rest/v1/categories?select=id&name=eq.${encodeURIComponent(value)}`,
        { headers: { apikey: stack.anonKey } },
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
    }
  });

  it('refuses missing or wrong apikeys and every bad token', async () => {
    const failures = new Failures();
    const probe: Probe = { label: 'products', method: 'GET', path: '/rest/v1/products?select=id&limit=1' };
    failures.check('no apikey', await send(probe, ''));
    failures.check('garbage apikey', await send(probe, 'garbage'));
    failures.check(
      'apikey signed elsewhere',
      await send(probe, await signJwt('y'.repeat(64), { role: 'anon' })),
    );
    const write: Probe = {
      label: 'write',
      method: 'PATCH',
      path: '/rest/v1/products?price=gte.0',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: '{"price":0}',
    };
    for (const [label, token] of await badTokens()) {
      failures.check(`read with ${label}`, await send(probe, stack.anonKey, token));
      failures.check(`write with ${label}`, await send(write, stack.anonKey, token));
      failures.check(
        `rpc with ${label}`,
        await send(
          {
            label,
            method: 'POST',
            path: '/rest/v1/rpc/admin_list_administrators',
            headers: { 'Content-Type': 'application/json' },
            body: '{}',
          },
          stack.anonKey,
          token,
        ),
      );
    }
    expect(failures.list).toEqual([]);
  });
});

describe('hostile requests at /auth/v1', () => {
  it('answers malformed auth requests with a 4xx error body', async () => {
    const failures = new Failures();
    for (const probe of authProbes()) failures.check(probe.label, await send(probe, stack.anonKey));
    expect(failures.list).toEqual([]);
  });

  it('refuses every bad token for the user endpoints', async () => {
    // Tokens properly signed with the stack's secret but naming another database role are a /rest/v1
    // concern (the role switch); GoTrue itself trusts any token its secret signed.
    const roleOnly = new Set(['role postgres', 'role supabase_admin', 'role with SQL']);
    const failures = new Failures();
    for (const [label, token] of (await badTokens()).filter(([name]) => !roleOnly.has(name))) {
      failures.check(
        `GET user with ${label}`,
        await send({ label, method: 'GET', path: '/auth/v1/user' }, stack.anonKey, token),
      );
      failures.check(
        `PUT user with ${label}`,
        await send(
          {
            label,
            method: 'PUT',
            path: '/auth/v1/user',
            headers: { 'Content-Type': 'application/json' },
            body: '{"password":"hijacked1"}',
          },
          stack.anonKey,
          token,
        ),
      );
      failures.check(
        `admin users with ${label}`,
        await send({ label, method: 'GET', path: '/auth/v1/admin/users' }, stack.anonKey, token),
      );
    }
    expect(failures.list).toEqual([]);
  });
});

/** Requests PostgREST 12 refuses, which the stack must refuse too, sent as the super administrator. */
function parityProbes(): Probe[] {
  const json = { 'Content-Type': 'application/json' };
  const createAdmin =
    '/rest/v1/rpc/admin_create_administrator?p_email=get%40example.com&p_password=secret123&p_first_name=G&p_last_name=H';
  return [
    { label: 'GET on a writing function (read-only transaction)', method: 'GET', path: createAdmin },
    {
      label: 'PATCH past handling=strict, max-affected=1',
      method: 'PATCH',
      path: '/rest/v1/categories?id=neq.00000000-0000-4000-8000-000000000000',
      headers: { ...json, Prefer: 'handling=strict, max-affected=1' },
      body: '{"description":"changed by a probe"}',
    },
    {
      label: 'DELETE past handling=strict, max-affected=0',
      method: 'DELETE',
      path: '/rest/v1/subcategories?id=neq.00000000-0000-4000-8000-000000000000',
      headers: { Prefer: 'handling=strict, max-affected=0' },
    },
    {
      label: 'unknown preference under handling=strict',
      method: 'GET',
      path: '/rest/v1/products?select=id&limit=1',
      headers: { Prefer: 'handling=strict, whatever=1' },
    },
    {
      label: 'same table embedded twice without aliases',
      method: 'GET',
      path: '/rest/v1/products?select=id,categories(id),categories(name)',
    },
    {
      label: 'empty embed of an unknown relation',
      method: 'GET',
      path: '/rest/v1/products?select=id,nope()',
    },
    { label: 'nxl on a text column', method: 'GET', path: '/rest/v1/products?select=id&name=nxl.[1,2)' },
    { label: 'nxr with a broken range', method: 'GET', path: '/rest/v1/products?select=id&price=nxr.[1,' },
    {
      label: 'rpc body with an empty parameter name',
      method: 'POST',
      path: '/rest/v1/rpc/search_products',
      headers: json,
      body: '{"": "radio"}',
    },
    {
      label: 'rpc body with only an empty parameter name',
      method: 'POST',
      path: '/rest/v1/rpc/slugify',
      headers: json,
      body: '{"": "x"}',
    },
    {
      label: 'rpc GET with an empty parameter name',
      method: 'GET',
      path: '/rest/v1/rpc/search_products?=radio',
    },
    {
      label: 'tx=rollback with an unknown column',
      method: 'POST',
      path: '/rest/v1/categories',
      headers: { ...json, Prefer: 'tx=rollback' },
      body: '{"nope":1}',
    },
    {
      label: 'upsert of only the conflict column that breaks a constraint',
      method: 'POST',
      path: '/rest/v1/categories?on_conflict=slug',
      headers: { ...json, Prefer: 'resolution=merge-duplicates' },
      body: '{"slug":"Not A Slug!"}',
    },
  ];
}

describe('PostgREST parity requests', () => {
  it('refuses each with a 4xx error body as the super administrator', async () => {
    const failures = new Failures();
    for (const probe of parityProbes())
      failures.check(probe.label, await send(probe, stack.anonKey, adminToken));
    expect(failures.list).toEqual([]);
  });

  it('answers HEAD on a writing function and tx=rollback writes without keeping anything', async () => {
    const head = await send(
      {
        label: 'HEAD',
        method: 'HEAD',
        path: '/rest/v1/rpc/admin_create_administrator?p_email=head%40example.com&p_password=secret123&p_first_name=H&p_last_name=D',
      },
      stack.anonKey,
      adminToken,
    );
    expect(head.status).toBe(405);
    const rolledBack = await send(
      {
        label: 'tx=rollback',
        method: 'PATCH',
        path: '/rest/v1/categories?id=neq.00000000-0000-4000-8000-000000000000',
        headers: { 'Content-Type': 'application/json', Prefer: 'tx=rollback, return=representation' },
        body: '{"description":"rolled back"}',
      },
      stack.anonKey,
      adminToken,
    );
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body).toContain('rolled back');
  });
});

describe('after the barrage', () => {
  it('leaves every row exactly as it was', async () => {
    expect(await rowCounts(stack)).toEqual(before.counts);
    expect(await dataChecksum(stack)).toBe(before.checksum);
  });

  it('still serves normal requests', async () => {
    const { data, error } = await stack.anonClient().from('products').select('id').limit(3);
    expect(error).toBeNull();
    expect(data).toHaveLength(3);
    const client = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
    expect((await client.auth.getUser()).data.user?.email).toBe(accounts.demo.email);
  });
});
