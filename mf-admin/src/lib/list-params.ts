/**
 * Named filters of an admin list: URL parameter -> its values, the first being the default
 * (e.g. `{ status: ['all', 'pending', ...], payment: ['all', 'paid', ...] }`).
 */
export type FilterSpec = Record<string, readonly [string, ...string[]]>;
export type FilterValues<S extends FilterSpec> = { [K in keyof S]: S[K][number] };

/** The state of an admin list that lives in the address: search text, filter values and the page. */
export interface ListState<S extends FilterSpec> {
  search: string;
  filters: FilterValues<S>;
  page: number;
}

export type ListStateChange<S extends FilterSpec> =
  { search: string } | { filters: Partial<FilterValues<S>> } | { page: number };

/** Reads `q`, each filter and `page` from the query string; unknown filter values fall back to the default. */
export function readListState<S extends FilterSpec>(params: URLSearchParams, spec: S): ListState<S> {
  const filters = {} as Record<string, string>;
  for (const [name, values] of Object.entries(spec)) {
    const value = params.get(name);
    filters[name] = values.find((candidate) => candidate === value) ?? values[0];
  }
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: (params.get('q') ?? '').trim(),
    filters: filters as FilterValues<S>,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/**
 * The query string after a change: a new search or filter goes back to page 1; defaults (empty search,
 * a filter's first value, page 1) are left out so the address stays clean. Other parameters are kept.
 */
export function updateListState<S extends FilterSpec>(
  params: URLSearchParams,
  change: ListStateChange<S>,
  spec: S,
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
  } else if ('filters' in change) {
    for (const [name, value] of Object.entries(change.filters) as [string, string | undefined][]) {
      const values = spec[name];
      if (values && value !== undefined) set(name, value, value === values[0]);
    }
    next.delete('page');
  } else {
    set('page', String(change.page), change.page <= 1);
  }
  return next;
}
