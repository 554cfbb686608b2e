import type { RemoteName } from '@prepper/shared';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import type { RemoteLoader } from '../lib/remote-registry';

/** A loader whose every expose is a stub that names itself, recording what was asked for. */
export function stubLoader(overrides: Partial<Record<string, () => Promise<ComponentType<object>>>> = {}) {
  const calls: string[] = [];
  const listeners = new Map<RemoteName, Set<() => void>>();
  const load = async <P,>(remote: RemoteName, expose: string): Promise<ComponentType<P>> => {
    const key = `${remote}/${expose}`;
    calls.push(key);
    const override = overrides[key];
    const notify = () => listeners.get(remote)?.forEach((listener) => listener());
    if (override) {
      const component = (await override()) as ComponentType<P>;
      notify();
      return component;
    }
    notify();
    const Stub = (props: object) => (
      <div data-testid="expose" data-props={JSON.stringify(props)}>
        {key}
      </div>
    );
    return Stub as ComponentType<P>;
  };
  const loader: RemoteLoader = {
    load: vi.fn(load) as RemoteLoader['load'],
    peek: vi.fn(() => undefined),
    reset: vi.fn(),
    subscribe: (remote, onLoaded) => {
      const set = listeners.get(remote) ?? new Set<() => void>();
      set.add(onLoaded);
      listeners.set(remote, set);
      return () => set.delete(onLoaded);
    },
  };
  return { loader, calls };
}
