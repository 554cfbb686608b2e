import { useEffect, useState } from 'react';

interface Settled<T> {
  source: () => Promise<T>;
  data: T | undefined;
  error: unknown;
}

/**
 * Runs `load` whenever its identity changes (wrap it in useCallback with the inputs as dependencies)
 * and returns the last result. While a new load runs, `loading` is true and the previous data stays
 * available (no flash of empty content). Late answers of superseded loads are dropped.
 */
export function useAsyncData<T>(load: () => Promise<T>) {
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  useEffect(() => {
    let current = true;
    load().then(
      (data) => {
        if (current) setSettled({ source: load, data, error: null });
      },
      (error: unknown) => {
        if (current) setSettled({ source: load, data: undefined, error });
      },
    );
    return () => {
      current = false;
    };
  }, [load]);

  const loading = settled?.source !== load;
  return {
    data: settled?.data,
    error: loading ? null : (settled?.error ?? null),
    loading,
  };
}
