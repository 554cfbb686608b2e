import { pageCount } from '@prepper/shared';
import type { Query } from '@prepper/shared/query';
import { useCallback, useEffect, useMemo, useRef } from 'react';

export interface PagedListOptions<Q, R> {
  /** What to fetch; compared by value, so a fresh object with the same values does not refetch. */
  query: Q & { page: number };
  /** The list's query (`api/get-x.ts`), keyed by `query`. */
  source: Query<[Q & { page: number }], R & { total: number }>;
  pageSize: number;
  /** Called with the error when a fetch fails (e.g. a toast); the page shows its error state. */
  onError: (error: unknown) => void;
  /** Moves to another page (the list's `change({ page })`). */
  goToPage: (page: number) => void;
}

/**
 * One page of an admin list: fetched whenever the query changes, again on `reload()` (after an edit:
 * every cached page of the list is dropped), with the previous page kept while the next loads, and a page
 * past the end (a stale ?page=, or a delete that emptied the last page) moved back to the last real page.
 */
export function usePagedList<Q, R>({ query, source, pageSize, onError, goToPage }: PagedListOptions<Q, R>) {
  // Read when a fetch fails; a new callback is not a reason to fetch again.
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });
  const key = JSON.stringify(query);
  const args = useMemo(() => [JSON.parse(key) as Q & { page: number }] as [Q & { page: number }], [key]);
  const state = source.use(args);
  const loading = state.status === 'loading';
  const error = state.status === 'error' ? state.error : null;
  const data = state.data;
  useEffect(() => {
    if (error) onErrorRef.current(error);
  }, [error]);
  const total = data?.total ?? 0;
  const pages = pageCount(total, pageSize);
  const page = query.page;

  useEffect(() => {
    if (!loading && data && page > pages) goToPage(pages);
  }, [loading, data, page, pages, goToPage]);

  const reload = useCallback(() => source.invalidate(), [source]);
  return { data, loading, error, total, pages, page: Math.min(page, pages), reload };
}
