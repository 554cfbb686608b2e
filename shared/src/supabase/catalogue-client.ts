import type { Database } from '../database.types';

/**
 * A light PostgREST reader for the storefront's anonymous reads of the public catalogue: the subset of the
 * supabase-js query builder the catalogue uses (select with embedded resources, eq/neq/gte/lte/like/or, order,
 * range, limit, maybeSingle, exact count), about 1 kB instead of supabase-js's 60 kB (or postgrest-js's 5 kB)
 * on the first paint. Everything that depends on who is signed in goes through getSupabase().
 */

/** A table or a view of the public schema (the /products page reads the view product_listing). */
export type CatalogueTable = keyof Database['public']['Tables'] | keyof Database['public']['Views'];
type FilterValue = string | number | boolean;

/** PostgREST's error body, as supabase-js reports it. */
export class CatalogueError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
    this.name = 'CatalogueError';
  }
}

export type CatalogueResult<T> =
  { data: T; error: null; count: number | null } | { data: null; error: CatalogueError; count: null };

interface Connection {
  restUrl: string;
  anonKey: string;
}

/** One read, built as with supabase-js (`.from(t).select(...).eq(...).order(...)`) and run when awaited. */
export class CatalogueQuery<T> implements PromiseLike<CatalogueResult<T>> {
  private readonly params = new URLSearchParams();
  private readonly orders: string[] = [];
  private countExact = false;
  private single = false;

  constructor(
    private readonly connection: Connection,
    private readonly table: CatalogueTable,
  ) {}

  /** Columns as PostgREST takes them, whitespace dropped (the catalogue quotes no identifier). */
  select(columns = '*', options?: { count?: 'exact' }): this {
    this.params.set('select', columns.replace(/\s+/g, ''));
    this.countExact = options?.count === 'exact';
    return this;
  }

  private filter(column: string, operator: string, value: FilterValue): this {
    this.params.append(column, `${operator}.${String(value)}`);
    return this;
  }

  eq(column: string, value: FilterValue): this {
    return this.filter(column, 'eq', value);
  }

  neq(column: string, value: FilterValue): this {
    return this.filter(column, 'neq', value);
  }

  gte(column: string, value: number): this {
    return this.filter(column, 'gte', value);
  }

  lte(column: string, value: number): this {
    return this.filter(column, 'lte', value);
  }

  like(column: string, pattern: string): this {
    return this.filter(column, 'like', pattern);
  }

  /** Any of the filters, in PostgREST's syntax (`or=(a.eq.1,b.in.(x,y))`), as supabase-js's or(). */
  or(filters: string): this {
    this.params.append('or', `(${filters})`);
    return this;
  }

  order(column: string, options?: { ascending?: boolean }): this {
    this.orders.push(`${column}.${options?.ascending === false ? 'desc' : 'asc'}`);
    return this;
  }

  /** Rows from..to, both included (0-based), as supabase-js's range(). */
  range(from: number, to: number): this {
    this.params.set('offset', String(from));
    this.params.set('limit', String(to - from + 1));
    return this;
  }

  limit(count: number): this {
    this.params.set('limit', String(count));
    return this;
  }

  /** The one matching row or null; more than one is an error. */
  maybeSingle(): CatalogueQuery<unknown> {
    this.single = true;
    return this as CatalogueQuery<unknown>;
  }

  /** The rows' type, which the caller states (supabase-js's overrideTypes<T, { merge: false }>). */
  overrideTypes<Next, _Options = { merge: false }>(): CatalogueQuery<Next> {
    return this as unknown as CatalogueQuery<Next>;
  }

  /** The request's query parameters, without the key. */
  private query(): URLSearchParams {
    const params = new URLSearchParams(this.params);
    if (this.orders.length > 0) params.set('order', this.orders.join(','));
    return params;
  }

  /** The request URL without the key (for tests and logs). */
  url(): string {
    return `${this.connection.restUrl}/${this.table}?${this.query().toString()}`;
  }

  private async run(): Promise<CatalogueResult<T>> {
    const { response, body } = await getJson(
      this.connection,
      this.table,
      this.query(),
      this.countExact ? { Prefer: 'count=exact' } : {},
    );
    if (!response.ok) return { data: null, count: null, error: errorOf(response, body) };
    const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
    const count = this.countExact && total !== undefined ? Number(total) : null;
    if (!this.single) return { data: body as T, error: null, count };
    const rows = Array.isArray(body) ? body : [];
    if (rows.length > 1) {
      return {
        data: null,
        count: null,
        error: new CatalogueError('More than one row matches a single-row read', 406, 'PGRST116'),
      };
    }
    return { data: (rows[0] ?? null) as T, error: null, count };
  }

  then<Fulfilled = CatalogueResult<T>, Rejected = never>(
    onFulfilled?: ((value: CatalogueResult<T>) => Fulfilled | PromiseLike<Fulfilled>) | null,
    onRejected?: ((reason: unknown) => Rejected | PromiseLike<Rejected>) | null,
  ): Promise<Fulfilled | Rejected> {
    return this.run().then(onFulfilled, onRejected);
  }
}

/**
 * A read as the browser sends it: the anon key as the gateway's `apikey` query parameter and no header
 * but Accept (and Prefer for a count), so a read without a count is a CORS "simple" request and goes out
 * at once, without a preflight round trip first (on a slow phone network that is the page's content later
 * by one round trip). Anonymous either way: without an Authorization header the gateway takes the key's
 * role.
 */
async function getJson(
  connection: Connection,
  path: string,
  params: URLSearchParams,
  headers: Record<string, string>,
): Promise<{ response: Response; body: unknown }> {
  const query = new URLSearchParams(params);
  query.set('apikey', connection.anonKey);
  const response = await fetch(`${connection.restUrl}/${path}?${query.toString()}`, {
    headers: { Accept: 'application/json', ...headers },
  });
  const body: unknown = await response.json().catch(() => null);
  return { response, body };
}

/** PostgREST's error body (or the status) as a CatalogueError. */
function errorOf(response: Response, body: unknown): CatalogueError {
  const problem = (body ?? {}) as { message?: string; code?: string; details?: string; hint?: string };
  return new CatalogueError(
    problem.message ?? `${response.status} ${response.statusText}`,
    response.status,
    problem.code ?? null,
    problem.details ?? null,
    problem.hint ?? null,
  );
}

export type CatalogueFunction = keyof Database['public']['Functions'];

/** One scalar GET argument; anything else cannot travel in a query string. */
function scalarArgument(name: string, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  throw new TypeError(`${name}: not text, a number, a boolean or a list of them`);
}

/**
 * A function's arguments as GET query parameters, as PostgREST reads them: a list as a Postgres array
 * literal with every element quoted (so commas, braces, quotes and spaces inside an element stay in it);
 * undefined ones are left out (the function's default applies).
 */
function functionParams(args: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    const text = Array.isArray(value)
      ? `{${value.map((item) => `"${scalarArgument(name, item).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`
      : scalarArgument(name, value);
    params.set(name, text);
  }
  return params;
}

export interface CatalogueClient {
  from(table: CatalogueTable): CatalogueQuery<unknown>;
  /**
   * Calls a public read function (stable or immutable) anonymously: GET /rpc/<fn> with its named arguments
   * in the query, a simple request like the reads (PostgREST runs a GET call read-only).
   */
  rpc<Fn extends CatalogueFunction>(
    fn: Fn,
    args: Database['public']['Functions'][Fn]['Args'],
  ): Promise<CatalogueResult<Database['public']['Functions'][Fn]['Returns']>>;
}

export function createCatalogueClient(url: string, anonKey: string): CatalogueClient {
  const connection = { restUrl: `${url.replace(/\/$/, '')}/rest/v1`, anonKey };
  return {
    from: (table) => new CatalogueQuery<unknown>(connection, table),
    async rpc(fn, args) {
      const { response, body } = await getJson(
        connection,
        `rpc/${fn}`,
        functionParams(args as Record<string, unknown>),
        {},
      );
      if (!response.ok) return { data: null, count: null, error: errorOf(response, body) };
      return { data: body as never, error: null, count: null };
    },
  };
}
