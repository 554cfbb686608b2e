import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadSupabase, type RemoteName, type RuntimeConfig } from '@prepper/shared';
import type { ComponentType } from 'react';

/** A remote's exposed module: a React component as its default export. */
export interface ExposedModule<P> {
  default: ComponentType<P>;
}

/** How a slot gets a remote's component; the shell uses Module Federation, tests a fake. */
export interface RemoteLoader {
  load<P>(remote: RemoteName, expose: string): Promise<ComponentType<P>>;
  /** The component when it has already loaded, so a slot shown again renders at once without a skeleton. */
  peek<P>(remote: RemoteName, expose: string): ComponentType<P> | undefined;
  /** Forgets a failed remote so the next load fetches its manifest and entry again. */
  reset(remote: RemoteName): void;
  /** Calls back whenever an expose of `remote` has loaded: other slots that failed on it can try again. */
  subscribe(remote: RemoteName, onLoaded: () => void): () => void;
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteUnavailableError';
  }
}

/**
 * Remotes whose code needs no Supabase client: the catalogue reads the public catalogue through
 * getCatalogueClient(). Every other remote works with the session, so the shell loads supabase-js before it
 * mounts one (and their code may call getSupabase() directly).
 */
const ANONYMOUS_REMOTES: ReadonlySet<RemoteName> = new Set<RemoteName>(['catalog']);

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The runtime remote registry: manifest URLs come from /config.json and a remote is registered only
 * when something first asks for it, so a page never contacts a remote it does not show (the admin
 * origin stays untouched on storefront pages).
 */
export function createFederationLoader(remotes: RuntimeConfig['remotes']): RemoteLoader {
  const registered = new Set<RemoteName>();
  const loaded = new Map<string, ComponentType<never>>();
  const listeners = new Map<RemoteName, Set<() => void>>();

  function register(remote: RemoteName, force: boolean): void {
    const entry = remotes[remote];
    if (!entry) throw new RemoteUnavailableError(remote, `No manifest URL configured for remote "${remote}"`);
    registerRemotes([{ name: remote, entry }], { force });
    registered.add(remote);
  }

  return {
    async load<P>(remote: RemoteName, expose: string) {
      if (!registered.has(remote)) register(remote, false);
      try {
        const [module] = await Promise.all([
          loadRemote<ExposedModule<P>>(`${remote}/${expose}`),
          ANONYMOUS_REMOTES.has(remote) ? null : loadSupabase(),
        ]);
        if (!module?.default) throw new Error(`${remote}/${expose} has no default export`);
        loaded.set(`${remote}/${expose}`, module.default as ComponentType<never>);
        for (const listener of [...(listeners.get(remote) ?? [])]) listener();
        return module.default;
      } catch (error) {
        throw new RemoteUnavailableError(remote, describe(error));
      }
    },
    peek<P>(remote: RemoteName, expose: string) {
      return loaded.get(`${remote}/${expose}`) as ComponentType<P> | undefined;
    },
    subscribe(remote, onLoaded) {
      const set = listeners.get(remote) ?? new Set<() => void>();
      set.add(onLoaded);
      listeners.set(remote, set);
      return () => set.delete(onLoaded);
    },
    reset(remote) {
      // Module Federation caches a failed manifest/entry; re-registering with force clears it.
      if (registered.has(remote)) register(remote, true);
    },
  };
}
