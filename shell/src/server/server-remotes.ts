import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RuntimeConfig } from '@prepper/shared';
import type { ComponentType } from 'react';
import type { ExposedModule, RemoteLoader } from '../lib/remote-registry';

/**
 * How often the server asks each remote's manifest whether a new version was deployed at the same URL.
 * A remote moved to another URL in /config.json is used from the next request on; a new version deployed
 * in place is used within this time (plus the time its server build takes to load).
 */
export const REMOTE_CHECK_INTERVAL_MS = 10_000;

/** The remotes' code on the server: shared by every request (code only, never a request's data). */
interface RemoteSet {
  /** The /config.json remotes this set was made for. */
  key: string;
  loader: RemoteLoader;
  /** Each remote's manifest text when first checked: a different text is a new deploy. */
  manifests: Map<RemoteName, string>;
  checkedAt: number;
  checking: boolean;
}

let current: RemoteSet | undefined;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A loader of the remotes' server builds through the federation runtime on Node: it reads the same
 * manifest URL as the browser, takes `metaData.ssrRemoteEntry` from it and loads that build's chunks
 * over HTTP (@module-federation/node's runtime plugin). Each set registers its remotes with `force`, so a
 * set made for a new URL or a new deploy replaces what the runtime had cached for that remote.
 */
function createServerLoader(remotes: RuntimeConfig['remotes']): RemoteLoader {
  const registered = new Set<RemoteName>();
  const loaded = new Map<string, ComponentType<never>>();
  const loading = new Map<string, Promise<ComponentType<never>>>();

  function register(remote: RemoteName): void {
    if (registered.has(remote)) return;
    const entry = remotes[remote];
    if (!entry) throw new Error(`No manifest URL configured for remote "${remote}"`);
    registerRemotes([{ name: remote, entry }], { force: true });
    registered.add(remote);
  }

  return {
    load<P>(remote: RemoteName, expose: string) {
      const id = `${remote}/${expose}`;
      let promise = loading.get(id);
      if (!promise) {
        promise = (async () => {
          register(remote);
          const module = await loadRemote<ExposedModule<never>>(id);
          if (!module?.default) throw new Error(`${id} has no default export`);
          loaded.set(id, module.default);
          return module.default;
        })();
        // A failure is not kept: the next request tries again.
        promise.catch((error: unknown) => {
          loading.delete(id);
          registered.delete(remote);
          console.error(`[ssr] could not load ${id}: ${describe(error)}`);
        });
        loading.set(id, promise);
      }
      return promise as Promise<ComponentType<P>>;
    },
    peek<P>(remote: RemoteName, expose: string) {
      return loaded.get(`${remote}/${expose}`) as ComponentType<P> | undefined;
    },
    reset(remote) {
      registered.delete(remote);
      for (const id of loading.keys()) if (id.startsWith(`${remote}/`)) loading.delete(id);
    },
    subscribe: () => () => {},
  };
}

async function fetchText(url: string, timeoutMs: number): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

/** Compares each remote's manifest with the one this set started with; a change starts a new set. */
async function checkForDeploys(set: RemoteSet, remotes: RuntimeConfig['remotes']): Promise<void> {
  set.checking = true;
  try {
    for (const [remote, url] of Object.entries(remotes) as [RemoteName, string][]) {
      let text: string;
      try {
        text = await fetchText(url, 2_000);
      } catch {
        continue;
      }
      const known = set.manifests.get(remote);
      if (known === undefined) set.manifests.set(remote, text);
      else if (known !== text && current === set) {
        console.log(`[ssr] ${remote} has a new deploy at ${url}: loading it`);
        current = undefined;
        return;
      }
    }
  } finally {
    set.checking = false;
    set.checkedAt = Date.now();
  }
}

/** The loader for these remotes: the same set while they and their deploys stay the same. */
export function serverRemoteLoader(remotes: RuntimeConfig['remotes']): RemoteLoader {
  const key = JSON.stringify(remotes);
  if (!current || current.key !== key) {
    current = {
      key,
      loader: createServerLoader(remotes),
      manifests: new Map(),
      checkedAt: 0,
      checking: false,
    };
  }
  const set = current;
  if (!set.checking && Date.now() - set.checkedAt >= REMOTE_CHECK_INTERVAL_MS) {
    void checkForDeploys(set, remotes);
  }
  return set.loader;
}
