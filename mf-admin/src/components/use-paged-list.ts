import { pageCount } from '@prepper/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAsyncData } from './use-async-data';

export interface PagedListOptions<Q, R> {
  /** What to fetch; compared by value, so a fresh object with the same values does not refetch. */
  query: Q & { page: number };
  fetch: (query: Q & { page: number }, attempt: number) => Promise<R & { total: number }>;
  pageSize: number;
  /** Called with the error when a fetch fails (e.g. a toast); the page shows its error state. */
  onError: (error: unknown) => void;
  /** Moves to another page (the list's `change({ page })`). */
  goToPage: (page: number) => void;
}

/**
 * One page of an admin list: fetched whenever the query changes, again on `reload()` (after an edit),
 * with the previous page kept while the next loads, and a page past the end (a stale ?page=, or a
 * delete that emptied the last page) moved back to the last real page.
 */
export function usePagedList<Q, R>({ query, fetch, pageSize, onError, goToPage }: PagedListOptions<Q, R>) {
  const [attempt, setAttempt] = useState(0);
  // Read when a fetch fails; a new callback is not a reason to fetch again.
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });
  const key = JSON.stringify(query);
  const load = useCallback(
    () =>
      fetch(JSON.parse(key) as Q & { page: number }, attempt).catch((error: unknown) => {
        onErrorRef.current(error);
        throw error;
      }),
    [fetch, key, attempt],
  );
  const { data, loading, error } = useAsyncData(load);
  const total = data?.total ?? 0;
  const pages = pageCount(total, pageSize);
  const page = query.page;

  useEffect(() => {
    if (!loading && data && page > pages) goToPage(pages);
  }, [loading, data, page, pages, goToPage]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { data, loading, error, total, pages, page: Math.min(page, pages), reload };
}
