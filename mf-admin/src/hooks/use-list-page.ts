import { toast } from '@prepper/shared';
import type { Query } from '@prepper/shared/query';
import type { ListPageState } from '../components/list-page';
import type { FilterSpec, FilterValues } from '../lib/list-params';
import { useListParams } from './use-list-params';
import { usePagedList } from './use-paged-list';

export interface ListPageOptions<S extends FilterSpec, Q, R> {
  /** The list's filters (a stable, module-level object). */
  spec: S;
  /** The query arguments (without the page) from the search and the filters. */
  query: (search: string, filters: FilterValues<S>) => Q;
  /** The list's query (`api/get-x.ts`). */
  source: Query<[Q & { page: number }], R & { total: number }>;
  pageSize: number;
  /** The toast when a page could not be loaded. */
  loadFailed: string;
}

/**
 * A paged admin list kept in the address (`?q=`, filters, `?page=`) and fetched through its query: all a
 * `ListPage` needs (`list`), and the fetched page (`data`).
 */
export function useListPage<S extends FilterSpec, Q, R>({
  spec,
  query,
  source,
  pageSize,
  loadFailed,
}: ListPageOptions<S, Q, R>): ListPageState<S> & { data: (R & { total: number }) | undefined } {
  const { search, filters, page, change } = useListParams(spec);
  const paged = usePagedList({
    query: { ...query(search, filters), page },
    source,
    pageSize,
    onError: (error) => {
      console.error(error);
      toast.error(loadFailed);
    },
    goToPage: (next) => change({ page: next }),
  });
  return { search, spec, filters, change, pageSize, ...paged };
}
