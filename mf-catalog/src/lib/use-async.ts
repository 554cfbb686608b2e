import { useEffect, useState } from 'react';

export type AsyncState<T> =
  { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

interface Settled<T> {
  key: string;
  state: AsyncState<T>;
}

/**
 * The catalogue data already loaded on this page visit, by key: going back or forward to a page seen
 * before shows its content at once (no loading state) while it is fetched again in the background.
 * In memory only, so a reload always starts fresh; bounded so a long visit does not grow it forever.
 */
const loaded = new Map<string, unknown>();
const MAX_CACHED = 60;

function remember(key: string, data: unknown): void {
  loaded.delete(key);
  loaded.set(key, data);
  if (loaded.size > MAX_CACHED) loaded.delete(loaded.keys().next().value as string);
}

/** Forgets every cached result (tests). */
export function clearAsyncCache(): void {
  loaded.clear();
}

function cachedState<T>(key: string | null): Settled<T> | null {
  return key !== null && loaded.has(key)
    ? { key, state: { status: 'success', data: loaded.get(key) as T } }
    : null;
}

/**
 * Runs `load` whenever `key` changes (a null key waits: nothing runs and the state stays loading) and
 * follows its result; a key loaded before starts from its cached data. A failure is logged (SPEC section 8:
 * storefront fetch failures are silent) and reported as status 'error' so the page shows its empty or
 * not-found state (a cached result stays shown instead). Results of an outdated key are ignored.
 */
export function useAsync<T>(key: string | null, load: () => Promise<T>): AsyncState<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(() => cachedState<T>(key));

  useEffect(() => {
    if (key === null) return;
    let current = true;
    load().then(
      (data) => {
        remember(key, data);
        if (current) setSettled({ key, state: { status: 'success', data } });
      },
      (error: unknown) => {
        console.error(`[catalog] failed to load ${key}`, error);
        if (current && !loaded.has(key)) setSettled({ key, state: { status: 'error', error } });
      },
    );
    return () => {
      current = false;
    };
    // `load` is recreated on every render; `key` names everything it depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (key === null) return { status: 'loading' };
  if (settled && settled.key === key) return settled.state;
  // The key changed since the last render: its cached data (if any) shows until the fetch answers.
  return cachedState<T>(key)?.state ?? { status: 'loading' };
}
