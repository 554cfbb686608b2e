import { useEffect, useState } from 'react';

export type AsyncState<T> =
  { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

interface Settled<T> {
  key: string;
  state: AsyncState<T>;
}

/**
 * Runs `load` whenever `key` changes (a null key waits: nothing runs and the state stays loading) and follows its result. A failure is logged (SPEC section 8:
 * storefront fetch failures are silent) and reported as status 'error' so the page shows its empty
 * or not-found state. Results of an outdated key are ignored.
 */
export function useAsync<T>(key: string | null, load: () => Promise<T>): AsyncState<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  useEffect(() => {
    if (key === null) return;
    let current = true;
    load().then(
      (data) => {
        if (current) setSettled({ key, state: { status: 'success', data } });
      },
      (error: unknown) => {
        console.error(`[catalog] failed to load ${key}`, error);
        if (current) setSettled({ key, state: { status: 'error', error } });
      },
    );
    return () => {
      current = false;
    };
    // `load` is recreated on every render; `key` names everything it depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return key !== null && settled && settled.key === key ? settled.state : { status: 'loading' };
}
