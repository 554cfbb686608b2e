import { useCallback, useEffect, useState } from 'react';

export type LoadState<T> =
  | { status: 'idle' }
  | { status: 'loading'; data?: T }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown; data?: T };

interface Result<T> {
  key: string;
  round: number;
  state: LoadState<T>;
}

/**
 * Runs `load` when `key` changes (a null key runs nothing and stays 'idle') and on `reload()`, and follows
 * its result. `key` must name everything `load` depends on. While a new round runs, the last data stays
 * available as `data` of the loading state (no flash of empty content); answers of outdated rounds are
 * dropped.
 */
export function useLoad<T>(
  key: string | null,
  load: () => Promise<T>,
): LoadState<T> & { reload: () => void } {
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<Result<T> | null>(null);
  const reload = useCallback(() => setRound((value) => value + 1), []);

  useEffect(() => {
    if (key === null) return;
    let current = true;
    load().then(
      (data) => {
        if (current) setResult({ key, round, state: { status: 'success', data } });
      },
      (error: unknown) => {
        if (current) setResult({ key, round, state: { status: 'error', error } });
      },
    );
    return () => {
      current = false;
    };
    // `key` names what `load` depends on; `load` itself is recreated on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);

  if (key === null) return { status: 'idle', reload };
  if (result && result.key === key && result.round === round) return { ...result.state, reload };
  const previous = result?.state.status === 'success' ? result.state.data : undefined;
  return { status: 'loading', data: previous, reload };
}
