import { nanoquery, type FetcherStore, type FetcherValue, type KeySelector } from '@nanostores/query';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useState } from 'react';
import { createMutationFactory } from './define-mutation';
// The package's own name, not a relative path: the server-render context must be the singleton's.
import { serverDataFor, useServerRender, type ServerRead, type ServerRender } from '@prepper/shared';

/**
 * Whether this is a server build (Rsbuild's node environment defines it): the server-only path below is
 * left out of the browser's bundles.
 */
const SERVER_BUILD = process.env.SERVER_RENDER === 'true';

/**
 * On the server, the data of `key` read once per request: the first render asks and suspends (React's
 * streaming renderer renders the rest of the page meanwhile), the next finds the answer. A failed read
 * gives undefined: the page shows what it shows while loading, and the browser asks again.
 */
function readOnServer<T>(
  render: ServerRender,
  remote: string,
  key: string,
  fetch: () => Promise<T>,
): { settled: false; promise: Promise<void> } | { settled: true; value: T | undefined } {
  let reads = render.reads.get(remote);
  if (!reads) render.reads.set(remote, (reads = new Map()));
  let read = reads.get(key);
  if (!read) {
    const entry: ServerRead = { status: 'pending', promise: Promise.resolve() };
    entry.promise = fetch().then(
      (value) => {
        entry.status = 'done';
        entry.value = value;
      },
      (error: unknown) => {
        entry.status = 'failed';
        console.error(`[${remote}] a server read failed: ${key}`, error);
      },
    );
    reads.set(key, entry);
    read = entry;
  }
  if (read.status === 'pending') return { settled: false, promise: read.promise };
  return { settled: true, value: read.status === 'done' ? (read.value as T) : undefined };
}

/**
 * How long loaded data counts as fresh: a page seen again within it (back and forward navigation, a tab
 * switched back to) shows from the cache without asking the database again. Older data still shows at
 * once while it is fetched again in the background.
 */
export const STALE_TIME_MS = 60_000;

/** How long loaded data is kept at all (shown while it is fetched again). */
export const CACHE_LIFETIME_MS = 30 * 60_000;

/**
 * What a page needs of a query: `loading` until the first answer (or while the arguments are null),
 * then `success` with the data or `error`. While another key loads, `data` keeps the last data this
 * component showed (no flash of empty content); pages that want a spinner look at `status` only.
 */
export type QueryState<T> =
  | { status: 'loading'; data: T | undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data: T | undefined; error: unknown };

/** One fetcher with its structured key: [query name, its arguments]. */
export interface Query<Args extends readonly unknown[], T> {
  /** The fetcher itself (no cache). */
  fetch: (...args: Args) => Promise<T>;
  /** The key parts nanoquery caches under: the query name and the arguments as JSON. */
  key: (...args: Args) => [string, string];
  /** The cached store of these arguments (subscribe to load; created once per key). */
  store: (...args: Args) => FetcherStore<T, unknown>;
  /** React: the state of these arguments; null waits (status loading, nothing fetched). */
  use: (args: Args | null) => QueryState<T>;
  /** Drops cached data of these arguments (or of every argument) so it is fetched again; shown pages refetch now. */
  invalidate: (...args: Args | []) => void;
  /** The cache keys of these arguments (or of every argument), for a mutation's `invalidates`. */
  keys: (...args: Args | []) => KeySelector;
}

interface CacheEntry {
  data?: unknown;
  error?: unknown;
  retryCount?: number;
  created?: number;
  expires?: number;
}

/** How long a failure is remembered: the renders of one visit share it; a later visit asks again. */
export const FAILURE_KEPT_MS = 1_000;

/**
 * The nanoquery cache, with failures kept only FAILURE_KEPT_MS instead of the whole fresh time, so the
 * next visit (or a retry) asks again instead of showing the remembered failure.
 */
class QueryCache extends Map<string, CacheEntry> {
  constructor(private readonly staleTime: number) {
    super();
  }

  override set(key: string, entry: CacheEntry): this {
    if (entry.data !== undefined) return super.set(key, entry);
    if (entry.error === undefined) {
      this.delete(key);
      return this;
    }
    // nanoquery counts an entry as fresh while created + dedupeTime lies ahead.
    const created = (entry.created ?? Date.now()) - this.staleTime + FAILURE_KEPT_MS;
    return super.set(key, { ...entry, created });
  }
}

const WAITING = atom<FetcherValue<never, unknown>>({ loading: false });

/**
 * The data layer of one remote: its own nanoquery cache (remotes do not share cached data; nanostores
 * itself is the shared singleton), `defineQuery` for each `api/get-x.ts` and `defineMutation` for each
 * write (`api/save-x.ts`, `api/delete-x.ts`), which names the queries it makes stale. Failures are logged with
 * the remote's name (the storefront's fetch failures are silent on screen). `staleTime`
 * 0 asks again on every visit while the cached data shows (the back office wants fresh lists).
 */
export function createQueryContext(remote: string, { staleTime = STALE_TIME_MS } = {}) {
  const cache = new QueryCache(staleTime);
  // What the server read for this page starts the cache, fresh: hydration asks for none of it again.
  const seededAt = Date.now();
  for (const [key, data] of Object.entries(serverDataFor(remote))) {
    cache.set(key, { data, created: seededAt, expires: seededAt + CACHE_LIFETIME_MS });
  }
  const [createFetcherStore, createMutatorStore, { invalidateKeys }] = nanoquery({
    cache,
    dedupeTime: staleTime,
    cacheLifetime: CACHE_LIFETIME_MS,
    // A tab loaded in the background fetches nothing until it is shown; this then asks (fresh data is not asked again).
    revalidateOnFocus: true,
    revalidateOnReconnect: false,
    onErrorRetry: false,
    onError: (error) => console.error(`[${remote}] a request failed`, error),
  });
  const stores = new Map<string, FetcherStore>();

  function freshData(key: string): unknown {
    const entry = cache.get(key);
    return entry && (entry.expires ?? 0) > Date.now() ? entry.data : undefined;
  }

  function defineQuery<Args extends readonly unknown[], T>(
    name: string,
    fetch: (...args: Args) => Promise<T>,
  ): Query<Args, T> {
    const prefix = `${name}:`;
    const key = (...args: Args): [string, string] => [prefix, JSON.stringify(args)];

    function store(...args: Args): FetcherStore<T, unknown> {
      const parts = key(...args);
      const id = parts.join('');
      let found = stores.get(id);
      if (!found) {
        // Late-bound through the query, so a test can replace `query.fetch` (see testing/mock-fetchers.ts).
        found = createFetcherStore<T, unknown>(parts, { fetcher: () => query.fetch(...args) });
        stores.set(id, found);
      }
      return found as FetcherStore<T, unknown>;
    }

    function useQueryState(args: Args | null): QueryState<T> {
      const server = useServerRender();
      // On the server no store is made (nanoquery's stores are module state shared by every request).
      const current = args && !server ? store(...args) : WAITING;
      const value = useStore(current) as FetcherValue<T, unknown>;
      // Before the store is subscribed its value is empty; data already in the cache shows at once.
      const data =
        value.data ?? (args && !server ? (freshData(key(...args).join('')) as T | undefined) : undefined);
      const [shown, setShown] = useState<T | undefined>(data);
      if (SERVER_BUILD && server) {
        if (!args) return { status: 'loading', data: undefined };
        const read = readOnServer(server, remote, key(...args).join(''), () => query.fetch(...args));
        // Suspends until the read settles; React renders the rest of the page meanwhile. The promise is
        // thrown rather than passed to use(): use() pairs promises with its calls by their order in the
        // component, and a component's reads settle one by one (a settled read calls nothing), so a retry
        // would be handed an earlier read's settled promise and render this one as still loading.
        if (!read.settled) throw read.promise;
        const settled = read.settled ? read.value : undefined;
        // A failed read renders the loading state, as the browser does before its own request.
        return settled === undefined
          ? { status: 'loading', data: undefined }
          : { status: 'success', data: settled };
      }
      if (data !== undefined && data !== shown) setShown(data);
      if (data !== undefined) return { status: 'success', data };
      if (value.error !== undefined && !value.loading)
        return { status: 'error', data: undefined, error: value.error };
      return { status: 'loading', data: shown };
    }

    function keys(...args: Args | []): KeySelector {
      return args.length === 0 ? (id: string) => id.startsWith(prefix) : key(...(args as Args)).join('');
    }

    function invalidate(...args: Args | []): void {
      invalidateKeys(keys(...args));
    }

    const query: Query<Args, T> = { fetch, key, store, use: useQueryState, invalidate, keys };
    return query;
  }

  const defineMutation = createMutationFactory(remote, createMutatorStore, invalidateKeys);

  /** Forgets every cached result (tests). */
  function clear(): void {
    cache.clear();
    stores.clear();
  }

  return { defineQuery, defineMutation, clear };
}
