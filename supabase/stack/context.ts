// The contract between the stack's server and the handlers mounted on it (/rest/v1, /auth/v1,
// /storage/v1, /mailbox). Handlers get one StackContext when the server starts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JWTPayload } from 'jose';

/** The database roles a request can run as, as in Supabase. */
export type DbRole = 'anon' | 'authenticated' | 'service_role';

/** JWT claims as GoTrue issues them; `role` decides the database role. */
export interface JwtClaims extends JWTPayload {
  role?: string;
  email?: string;
  aal?: string;
  session_id?: string;
  is_anonymous?: boolean;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
}

export interface QueryField {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<R = Record<string, unknown>> {
  rows: R[];
  fields: QueryField[];
  /** Rows inserted/updated/deleted by a DML statement (0 for a select). */
  affectedRows: number;
}

/** Something SQL can run on: the database itself or an open transaction. */
export interface Queryable {
  /** One statement, values bound as $1, $2, ... never interpolated. */
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /** Several statements without parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>;
}

export interface RequestContextOptions {
  /** Begin the transaction `read only` (GET and HEAD requests, like PostgREST). */
  readOnly?: boolean;
  /**
   * The request's headers for SQL as PostgREST gives them (`request.headers`, a JSON object with
   * lower-case names; `rest/request-headers.ts`). Default: none (`{}`).
   */
  headers?: Record<string, string>;
  /**
   * The limit of this request's statements instead of the default (a called function's own
   * `set statement_timeout`, which PostgREST applies to the call).
   */
  statementTimeoutMs?: number;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs fn in one transaction; commits when it resolves, rolls back when it throws. Inside fn use only
   * `tx` (PGlite is one connection: calling db itself there is refused).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs fn in one transaction as `role` with the JWT claims visible to SQL
   * (request.jwt.claims, request.jwt.claim.sub, request.jwt.claim.role), so auth.uid() and RLS decide,
   * and `options.headers` as request.headers.
   * `readOnly`: the transaction begins `read only` (PostgREST's GET/HEAD), so any write fails with 25006.
   * On PostgreSQL each statement of a read-only context is then its own read-only transaction (same role
   * and claims; pipelined with its begin and commit), so settings made by one do not reach the next.
   */
  withRequestContext<T>(
    claims: JwtClaims,
    role: DbRole,
    fn: (tx: Queryable) => Promise<T>,
    options?: RequestContextOptions,
  ): Promise<T>;
  /**
   * Runs sql outside any transaction with no statement limit: maintenance such as `VACUUM (ANALYZE)`,
   * which on a large database takes longer than a request may (PostgreSQL: a connection of its own with
   * statement_timeout off for the call; PGlite: exec).
   */
  maintenance(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface StackKeys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Signs HS256 with the stack's secret. `expiresIn` in seconds (default: claims.exp or 1 hour). */
  signJwt(claims: JwtClaims, options?: { expiresIn?: number }): Promise<string>;
  /** Verifies an HS256 token; throws JwtError for expired, forged, wrongly signed or alg-none tokens. */
  verifyJwt(token: string): Promise<JwtClaims>;
}

/** `[auth.rate_limit]` of config.toml (numbers per 5 minutes / hour as the Supabase CLI documents). */
export interface AuthRateLimitConfig {
  email_sent?: number;
  sms_sent?: number;
  anonymous_users?: number;
  token_refresh?: number;
  sign_in_sign_ups?: number;
  token_verifications?: number;
  web3?: number;
  [key: string]: unknown;
}

/** `[auth]` of config.toml; sub-tables (email, rate_limit, ...) are kept as parsed. */
export interface AuthConfig {
  site_url?: string;
  additional_redirect_urls?: string[];
  jwt_expiry?: number;
  enable_refresh_token_rotation?: boolean;
  refresh_token_reuse_interval?: number;
  enable_signup?: boolean;
  minimum_password_length?: number;
  rate_limit: AuthRateLimitConfig;
  [key: string]: unknown;
}

export interface StackConfig {
  auth: AuthConfig;
  /** The whole parsed config.toml. */
  raw: Record<string, unknown>;
}

export interface StackContext {
  db: Db;
  keys: StackKeys;
  config: StackConfig;
  /** Base URL clients use, e.g. http://localhost:54321 (no trailing slash). */
  publicUrl: string;
  /** Absolute data directory (runtime.json, jwt secret, PGlite files, ...). */
  dataDir: string;
  /**
   * Where uploaded Storage objects are kept, `<storageDir>/<bucket>/<name>`; unset: each bucket's
   * objects_path from config.toml.
   */
  storageDir?: string;
}

/** What ./auth, ./storage and ./mailbox export as createAuthHandler / createStorageHandler / createMailboxHandler. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;
export type HandlerFactory = (ctx: StackContext) => RouteHandler;
