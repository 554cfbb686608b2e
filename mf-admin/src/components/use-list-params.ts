import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readListParams, updateListParams, type ListParamsChange } from './list-params';

/** Search, filter and page of an admin list, kept in the URL (so reload, back and links keep them). */
export function useListParams<F extends string>(filters: readonly [F, ...F[]]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readListParams(searchParams, filters), [searchParams, filters]);
  const change = useCallback(
    (next: ListParamsChange<F>) => setSearchParams((current) => updateListParams(current, next, filters[0])),
    [setSearchParams, filters],
  );
  return { ...params, change };
}
