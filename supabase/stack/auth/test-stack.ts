// A small in-process stack for the auth unit tests: PGlite with the auth bootstrap, HS256 keys, and an
// HTTP server mounting /auth/v1, /mailbox and /storage/v1 like the real server (no apikey check).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { SignJWT, jwtVerify } from 'jose';
import type {
  Db,
  JwtClaims,
  QueryResult,
  Queryable,
  StackConfig,
  StackContext,
  StackKeys,
} from '../context.ts';
import { createMailboxHandler } from '../mailbox/index.ts';
import { createStorageHandler } from '../storage/index.ts';
import { createAuthHandlerWithEnv } from './index.ts';

const bootstrapSql = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '..', 'bootstrap', '20-auth.sql'),
  'utf8',
);

type PgliteLike = Pick<PGlite, 'query' | 'exec'> | Pick<Transaction, 'query' | 'exec'>;

function queryable(pg: PgliteLike): Queryable {
  return {
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await pg.query<R>(sql, [...params]);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await pg.exec(sql);
    },
  };
}

function pgliteDb(pg: PGlite): Db {
  return {
    kind: 'pglite',
    ...queryable(pg),
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
    maintenance: (sql) => pg.exec(sql).then(() => undefined),
    withRequestContext: () => Promise.reject(new Error('not available in the auth test stack')),
    close: () => pg.close(),
  };
}

export function testKeys(secret: string): StackKeys {
  const key = new TextEncoder().encode(secret);
  const sign = async (claims: JwtClaims, options: { expiresIn?: number } = {}): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(claims.iat ?? now)
      .setExpirationTime(
        options.expiresIn !== undefined ? now + options.expiresIn : (claims.exp ?? now + 3600),
      )
      .sign(key);
  };
  return {
    jwtSecret: secret,
    anonKey: '',
    serviceRoleKey: '',
    signJwt: sign,
    verifyJwt: async (token) => (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload as JwtClaims,
  };
}

/** Node 20 has no global WebSocket; supabase-js only needs a constructor to exist until realtime is used. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not available in the auth test stack');
  }
}

/** supabase-js options for Node test clients: no persisted session, no timers, no realtime socket. */
export function testClientOptions(flowType: 'implicit' | 'pkce' = 'implicit') {
  return {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
    realtime: { transport: NoWebSocket as never },
  };
}

export interface TestStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  db: Db;
  storageRoot: string;
  stop(): Promise<void>;
}

export interface TestStackOptions {
  env?: NodeJS.ProcessEnv;
  auth?: Partial<StackConfig['auth']>;
  storageRoot?: string;
}

export async function startAuthTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const pg = await PGlite.create({ extensions: { pgcrypto } });
  await pg.exec('create extension if not exists pgcrypto;');
  await pg.exec(bootstrapSql);
  const db = pgliteDb(pg);
  const jwtSecret = randomBytes(32).toString('hex');
  const keys = testKeys(jwtSecret);
  const anonKey = await keys.signJwt({ role: 'anon', iss: 'supabase-demo' }, { expiresIn: 3600 });
  const serviceRoleKey = await keys.signJwt(
    { role: 'service_role', iss: 'supabase-demo' },
    { expiresIn: 3600 },
  );
  const storageRoot =
    options.storageRoot ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'storage');
  const config: StackConfig = {
    auth: {
      site_url: 'http://localhost:3000',
      additional_redirect_urls: ['http://127.0.0.1:3000/**'],
      jwt_expiry: 3600,
      enable_refresh_token_rotation: true,
      refresh_token_reuse_interval: 10,
      enable_signup: true,
      minimum_password_length: 6,
      email: { enable_confirmations: false, max_frequency: '1s', otp_expiry: 3600 },
      ...options.auth,
      rate_limit: {
        email_sent: 100,
        sign_in_sign_ups: 1000,
        token_refresh: 1000,
        token_verifications: 1000,
        ...options.auth?.rate_limit,
      },
    },
    raw: {},
  };
  let publicUrl = 'http://127.0.0.1';
  const ctx: StackContext = {
    db,
    keys: { ...keys, anonKey, serviceRoleKey },
    config,
    get publicUrl() {
      return publicUrl;
    },
    dataDir: '',
  };
  const auth = createAuthHandlerWithEnv(ctx, options.env ?? {});
  const mailbox = createMailboxHandler(ctx);
  const storage = createStorageHandler(ctx, storageRoot);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', publicUrl);
    const handler = url.pathname.startsWith('/auth/v1')
      ? auth
      : url.pathname.startsWith('/mailbox')
        ? mailbox
        : url.pathname.startsWith('/storage/v1')
          ? storage
          : undefined;
    if (!handler) {
      res.writeHead(404).end();
      return;
    }
    void handler(req, res, url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: publicUrl,
    anonKey,
    serviceRoleKey,
    jwtSecret,
    db,
    storageRoot,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
