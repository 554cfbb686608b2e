import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The address's query string as a list page's own filters: `change` sets the given parameters (an
 * empty value removes one) and, unless the change is the page itself, goes back to page 1. Other
 * parameters are kept.
 */
export function useUrlFilters<Name extends string>() {
  const [searchParams, setSearchParams] = useSearchParams();
  const change = useCallback(
    (next: Partial<Record<Name | 'page', string>>) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next) as [string, string | undefined][]) {
          if (value) params.set(key, value);
          else params.delete(key);
        }
        if (!('page' in next)) params.delete('page');
        return params;
      }),
    [setSearchParams],
  );
  return { searchParams, change };
}
