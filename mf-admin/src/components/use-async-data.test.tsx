import { act, renderHook, waitFor } from '@testing-library/react';
import { useCallback } from 'react';
import { describe, expect, it } from 'vitest';
import { useAsyncData } from './use-async-data';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('useAsyncData', () => {
  it('loads, keeps the previous data while reloading, and drops superseded answers', async () => {
    const answers = new Map([1, 2, 3].map((n) => [n, deferred<string>()]));
    const { result, rerender } = renderHook(
      ({ n }) => useAsyncData(useCallback(() => answers.get(n)!.promise, [n])),
      { initialProps: { n: 1 } },
    );
    expect(result.current).toEqual({ data: undefined, error: null, loading: true });
    await act(async () => answers.get(1)!.resolve('one'));
    expect(result.current).toEqual({ data: 'one', error: null, loading: false });

    rerender({ n: 2 });
    expect(result.current).toEqual({ data: 'one', error: null, loading: true });
    rerender({ n: 3 });
    await act(async () => answers.get(3)!.resolve('three'));
    await act(async () => answers.get(2)!.resolve('two'));
    expect(result.current).toEqual({ data: 'three', error: null, loading: false });
  });

  it('reports a failure', async () => {
    const failure = new Error('down');
    const { result } = renderHook(() => useAsyncData(useCallback(() => Promise.reject(failure), [])));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.error).toBe(failure);
  });
});
