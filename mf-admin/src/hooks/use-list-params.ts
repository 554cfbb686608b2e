import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readListState, updateListState, type FilterSpec, type ListStateChange } from '../lib/list-params';

/**
 * Search, filters and page of an admin list, kept in the URL (so reload, back and links keep them).
 * `spec` must be a stable (module-level) object.
 */
export function useListParams<S extends FilterSpec>(spec: S) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readListState(searchParams, spec), [searchParams, spec]);
  const change = useCallback(
    (next: ListStateChange<S>) => setSearchParams((current) => updateListState(current, next, spec)),
    [setSearchParams, spec],
  );
  return { ...state, change };
}
