import type { Database } from '../database.types';

/**
 * A light PostgREST reader for the storefront's anonymous reads of the public catalogue: the subset of the
 * supabase-js query builder the catalogue uses (select with embedded resources, eq/neq/gte/lte/like/ilike, order,
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

  ilike(column: string, pattern: string): this {
    return this.filter(column, 'ilike', pattern);
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

  /** The request URL (for tests and logs). */
  url(): string {
    const params = new URLSearchParams(this.params);
    if (this.orders.length > 0) params.set('order', this.orders.join(','));
    return `${this.connection.restUrl}/${this.table}?${params.toString()}`;
  }

  /**
   * The read as the browser sends it: the anon key as the gateway's `apikey` query parameter and no header
   * but Accept, so a read without a count is a CORS "simple" request and goes out at once, without a
   * preflight round trip first (on a slow phone network that is the product page's name later by one
   * round trip). Anonymous either way: without an Authorization header the gateway takes the key's role.
   */
  private async run(): Promise<CatalogueResult<T>> {
    const url = new URL(this.url());
    url.searchParams.set('apikey', this.connection.anonKey);
    const response = await fetch(url.toString(), {
      headers: this.countExact
        ? { Accept: 'application/json', Prefer: 'count=exact' }
        : { Accept: 'application/json' },
    });
    const body: unknown = await response.json().catch(() => null);
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

export interface CatalogueClient {
  from(table: CatalogueTable): CatalogueQuery<unknown>;
  /** Calls a public read function anonymously (POST /rpc/<fn> with named arguments). */
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
      const response = await fetch(`${connection.restUrl}/rpc/${fn}`, {
        method: 'POST',
        headers: {
          apikey: anonKey,
          Authorization: `Bearer ${anonKey}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(args),
      });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) return { data: null, count: null, error: errorOf(response, body) };
      return { data: body as never, error: null, count: null };
    },
  };
}
