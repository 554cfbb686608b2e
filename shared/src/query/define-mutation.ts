import type { KeySelector, MutatorStore, nanoquery } from '@nanostores/query';
import { useStore } from '@nanostores/react';
import { useState } from 'react';

type CreateMutatorStore = ReturnType<typeof nanoquery>[1];

/** A query a write makes stale: every key of it, or the keys `query.keys(...args)` names. */
export type StaleQuery = { keys: () => KeySelector } | KeySelector;

export interface MutationOptions<Args extends readonly unknown[], Result> {
  /**
   * The queries a successful write makes stale, by query or by `query.keys(...args)`: shown pages fetch
   * them again at once, others on their next visit. A failed write invalidates nothing.
   */
  invalidates?: readonly StaleQuery[] | ((args: Args, result: Result) => readonly StaleQuery[]);
}

/** How a call of a write went: the result, why it failed, or `skipped` (one was already running). */
export type MutationOutcome<Result> =
  { ok: true; data: Result; skipped?: undefined } | { ok: false; error: unknown; skipped?: true };

/** What a component needs of a write. */
export interface MutationHandle<Args extends readonly unknown[], Result> {
  /**
   * Runs the write, one at a time: a call while one runs does nothing (a double click sends once).
   * Never throws: a failure is in the outcome and in `error`.
   */
  mutate: (...args: Args) => Promise<MutationOutcome<Result>>;
  /** True while the write runs. */
  busy: boolean;
  /** Why the last write failed; undefined before, while it runs and after a success. */
  error: unknown;
  /** The arguments of the running (or last) write, e.g. which row a list shows as busy. */
  input: Args | undefined;
  /** Forgets the last error (a dialog closed, a field edited). */
  reset: () => void;
}

/** One write with the queries it makes stale: the call and its hook side by side, as queries are. */
export interface Mutation<Args extends readonly unknown[], Result> {
  /** The call itself (no state, no invalidation). Late-bound: tests may replace it. */
  call: (...args: Args) => Promise<Result>;
  /** The call with its invalidation, outside React (a store, an event handler with no component). */
  run: (...args: Args) => Promise<Result>;
  /** React: this component's own state of the write (two rows of a list are busy on their own). */
  use: () => MutationHandle<Args, Result>;
}

function selector(stale: StaleQuery): KeySelector {
  return typeof stale === 'object' && !Array.isArray(stale) ? stale.keys() : stale;
}

export function createMutationFactory(
  remote: string,
  createMutatorStore: CreateMutatorStore,
  invalidateKeys: (selector: KeySelector) => void,
) {
  /** Defines a write of this remote, named for the console message when it fails. */
  return function defineMutation<Args extends readonly unknown[], Result>(
    name: string,
    call: (...args: Args) => Promise<Result>,
    options: MutationOptions<Args, Result> = {},
  ): Mutation<Args, Result> {
    function stale(args: Args, result: Result): KeySelector[] {
      const { invalidates = [] } = options;
      const list = typeof invalidates === 'function' ? invalidates(args, result) : invalidates;
      return list.map(selector);
    }

    function handle() {
      let input: Args | undefined;
      let outcome: MutationOutcome<Result> = { ok: false, error: undefined };
      // The mutator's data is the argument list, as a query's key is.
      const store: MutatorStore<Args, Result, unknown> = createMutatorStore<Args, Result, unknown>(
        async ({ data, invalidate }) => {
          try {
            const result = await mutation.call(...data);
            outcome = { ok: true, data: result };
            // The mutator invalidates once the write has settled, after `busy` went false.
            for (const keys of stale(data, result)) invalidate(keys);
            return result;
          } catch (error) {
            outcome = { ok: false, error };
            throw error;
          }
        },
        { throttleCalls: true, onError: (error) => console.error(`[${remote}] ${name} failed`, error) },
      );

      async function mutate(...args: Args): Promise<MutationOutcome<Result>> {
        if (store.get().loading) return { ok: false, error: undefined, skipped: true };
        input = args;
        outcome = { ok: false, error: undefined };
        await store.mutate(args);
        return outcome;
      }

      const reset = () => store.setKey('error', undefined);
      return { store, mutate, reset, input: () => input };
    }

    function use(): MutationHandle<Args, Result> {
      const [own] = useState(handle);
      const { loading, error } = useStore(own.store);
      return { mutate: own.mutate, busy: loading ?? false, error, input: own.input(), reset: own.reset };
    }

    async function run(...args: Args): Promise<Result> {
      const result = await mutation.call(...args);
      for (const keys of stale(args, result)) invalidateKeys(keys);
      return result;
    }

    const mutation: Mutation<Args, Result> = { call, run, use };
    return mutation;
  };
}
