import type { Product } from '@prepper/shared';
import { useCallback, useEffect, useState } from 'react';
import { isSearchable, searchQuery, useSearchResults } from '../api/search-products';

/** idle: empty box; too-short: fewer than SEARCH_MIN_LENGTH characters, so nothing is asked. */
export type SearchStatus = 'idle' | 'too-short' | 'loading' | 'success' | 'error';

/** Wait after the last keystroke before asking the database, so typing does not flood it. */
export const SEARCH_DEBOUNCE_MS = 200;

/** `value`, once it has stayed the same for `delayMs`. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The search overlay's query and results: the trimmed query is asked (through the search query's cache)
 * once typing has stopped for `debounceMs`; until then, and while the database answers, it is loading.
 */
export function useProductSearch(
  query: string,
  debounceMs = SEARCH_DEBOUNCE_MS,
): { query: string; status: SearchStatus; results: Product[]; retry: () => void } {
  const trimmed = query.trim();
  const searchable = isSearchable(trimmed);
  const settled = useSettled(trimmed, debounceMs);
  const asked = searchable && settled === trimmed ? trimmed : null;
  const state = useSearchResults(asked);

  const status: SearchStatus = !trimmed
    ? 'idle'
    : !searchable
      ? 'too-short'
      : asked === null
        ? 'loading'
        : state.status;
  const retry = useCallback(() => {
    if (asked !== null) searchQuery.invalidate(asked);
  }, [asked]);

  return { query: trimmed, status, results: status === 'success' ? (state.data ?? []) : [], retry };
}
