/** The state of an admin list that lives in the address: search text, a filter value and the page. */
export interface ListParams<F extends string> {
  search: string;
  filter: F;
  page: number;
}

export type ListParamsChange<F extends string> = { search: string } | { filter: F } | { page: number };

/** Reads `q`, `filter` and `page` from the query string; unknown filters fall back to the first one. */
export function readListParams<F extends string>(params: URLSearchParams, filters: readonly [F, ...F[]]) {
  const filterParam = params.get('filter');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const result: ListParams<F> = {
    search: (params.get('q') ?? '').trim(),
    filter: filters.find((filter) => filter === filterParam) ?? filters[0],
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
  return result;
}

/**
 * The query string after a change: a new search or filter goes back to page 1; defaults (empty search,
 * the first filter, page 1) are left out so the address stays clean. Other parameters are kept.
 */
export function updateListParams<F extends string>(
  params: URLSearchParams,
  change: ListParamsChange<F>,
  defaultFilter: F,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string, isDefault: boolean) => {
    if (isDefault) next.delete(key);
    else next.set(key, value);
  };
  if ('search' in change) {
    const search = change.search.trim();
    set('q', search, search === '');
    next.delete('page');
  } else if ('filter' in change) {
    set('filter', change.filter, change.filter === defaultFilter);
    next.delete('page');
  } else {
    set('page', String(change.page), change.page <= 1);
  }
  return next;
}
