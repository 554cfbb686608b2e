/**
 * A stand-in for the supabase-js client at the network boundary, for component tests. Tests mock
 * '@supabase/supabase-js' so that createClient returns `fakeSupabase`; everything of the project
 * (the shared client module, the api modules, the components) then runs for real.
 */
import { vi } from 'vitest';

export interface QueryCall {
  table: string;
  columns: string | undefined;
  head: boolean;
  filters: [string, string, unknown][];
  single: boolean;
  /** The rows asked for with .range(from, to). */
  range: [number, number] | null;
}

export interface QueryResult {
  data?: unknown;
  error?: { message: string; code?: string } | null;
  count?: number | null;
}

type Listener = (event: string, session: unknown) => void;

export function fakeUser(id = 'user-1', email = 'admin@example.com') {
  return {
    id,
    email,
    user_metadata: {},
    app_metadata: {},
    aud: 'authenticated',
    created_at: '2025-01-01T00:00:00Z',
  };
}

export function fakeSession(id = 'user-1', email = 'admin@example.com') {
  return {
    access_token: 'token',
    refresh_token: 'refresh',
    expires_in: 3600,
    token_type: 'bearer',
    user: fakeUser(id, email),
  };
}

function createFake() {
  const listeners = new Set<Listener>();
  const queryHandler = vi.fn<(call: QueryCall) => QueryResult | Promise<QueryResult>>(() => ({
    data: null,
    error: null,
  }));
  const rpcHandler = vi.fn<(name: string, args: unknown) => QueryResult | Promise<QueryResult>>(() => ({
    data: null,
    error: null,
  }));

  function builder(table: string) {
    const call: QueryCall = {
      table,
      columns: undefined,
      head: false,
      filters: [],
      single: false,
      range: null,
    };
    const chain = {
      select(columns?: string, options?: { head?: boolean }) {
        call.columns = columns;
        call.head = options?.head ?? false;
        return chain;
      },
      eq: (column: string, value: unknown) => (call.filters.push([column, 'eq', value]), chain),
      gte: (column: string, value: unknown) => (call.filters.push([column, 'gte', value]), chain),
      ilike: (column: string, value: unknown) => (call.filters.push([column, 'ilike', value]), chain),
      or: (condition: string) => (call.filters.push(['', 'or', condition]), chain),
      range: (from: number, to: number) => ((call.range = [from, to]), chain),
      not: (column: string, op: string, value: unknown) => (
        call.filters.push([column, `not.${op}`, value]),
        chain
      ),
      order: () => chain,
      limit: () => chain,
      maybeSingle() {
        call.single = true;
        return chain;
      },
      then<T>(resolve: (value: QueryResult) => T, reject?: (reason: unknown) => T) {
        return Promise.resolve()
          .then(() => queryHandler(call))
          .then((result) => ({ data: null, error: null, count: null, ...result }))
          .then(resolve, reject);
      },
    };
    return chain;
  }

  const auth = {
    getSession: vi.fn(async () => ({ data: { session: null as unknown }, error: null as unknown })),
    signInWithPassword: vi.fn(async (_credentials: { email: string; password: string }) => ({
      data: { user: null as unknown, session: null as unknown },
      error: null as unknown,
    })),
    signOut: vi.fn(async () => ({ error: null as unknown })),
    resetPasswordForEmail: vi.fn(async (_email: string, _options?: unknown) => ({
      data: {},
      error: null as unknown,
    })),
    updateUser: vi.fn(async (_attributes: unknown) => ({
      data: { user: null as unknown },
      error: null as unknown,
    })),
    onAuthStateChange: vi.fn((listener: Listener) => {
      listeners.add(listener);
      return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
    }),
  };

  return {
    client: {
      from: vi.fn((table: string) => builder(table)),
      rpc: vi.fn((name: string, args?: unknown) => ({
        then<T>(resolve: (value: QueryResult) => T, reject?: (reason: unknown) => T) {
          return Promise.resolve()
            .then(() => rpcHandler(name, args))
            .then((result) => ({ data: null, error: null, ...result }))
            .then(resolve, reject);
        },
      })),
      auth,
    },
    queryHandler,
    rpcHandler,
    /** Sends an auth event to every onAuthStateChange listener, as supabase-js would. */
    emit(event: string, session: unknown) {
      for (const listener of listeners) listener(event, session);
    },
    listenerCount: () => listeners.size,
  };
}

export const fakeSupabase = createFake();

/** Back to a signed-out client whose every query succeeds with nothing. */
export function resetFakeSupabase(): void {
  const { client, queryHandler, rpcHandler } = fakeSupabase;
  queryHandler.mockReset();
  queryHandler.mockImplementation(() => ({ data: null, error: null }));
  rpcHandler.mockReset();
  rpcHandler.mockImplementation(() => ({ data: null, error: null }));
  client.auth.getSession.mockReset();
  client.auth.getSession.mockImplementation(async () => ({ data: { session: null }, error: null }));
  client.auth.signInWithPassword.mockReset();
  client.auth.signInWithPassword.mockImplementation(async () => ({
    data: { user: null, session: null },
    error: null,
  }));
  client.auth.signOut.mockReset();
  client.auth.signOut.mockImplementation(async () => ({ error: null }));
  client.auth.resetPasswordForEmail.mockReset();
  client.auth.resetPasswordForEmail.mockImplementation(async () => ({ data: {}, error: null }));
  client.auth.updateUser.mockReset();
  client.auth.updateUser.mockImplementation(async () => ({ data: { user: null }, error: null }));
}
