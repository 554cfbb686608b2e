import type { Product } from '@prepper/shared';
import { useCallback, useEffect, useState } from 'react';
import { isSearchable, searchProducts } from '../api/search-products';

/** idle: empty box; too-short: fewer than SEARCH_MIN_LENGTH characters, so nothing is asked. */
export type SearchStatus = 'idle' | 'too-short' | 'loading' | 'success' | 'error';

interface Settled {
  query: string;
  status: 'success' | 'error';
  results: Product[];
}

/** Wait after the last keystroke before asking the database, so typing does not flood it. */
export const SEARCH_DEBOUNCE_MS = 200;

/**
 * Debounced catalogue search. Each new query cancels the request of the previous one, and a response
 * only counts when it belongs to the query still being shown, so a slow answer for an older query
 * never replaces a newer one.
 */
export function useProductSearch(query: string, debounceMs = SEARCH_DEBOUNCE_MS) {
  const trimmed = query.trim();
  const searchable = isSearchable(trimmed);
  const [settled, setSettled] = useState<Settled | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!searchable) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchProducts(trimmed, controller.signal).then(
        (results) => {
          if (!controller.signal.aborted) setSettled({ query: trimmed, status: 'success', results });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Search failed', error);
          setSettled({ query: trimmed, status: 'error', results: [] });
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, searchable, attempt, debounceMs]);

  const current = settled && settled.query === trimmed ? settled : null;
  const status: SearchStatus = !trimmed
    ? 'idle'
    : !searchable
      ? 'too-short'
      : current
        ? current.status
        : 'loading';
  const retry = useCallback(() => {
    setSettled(null);
    setAttempt((value) => value + 1);
  }, []);

  return { query: trimmed, status, results: current?.results ?? [], retry };
}
