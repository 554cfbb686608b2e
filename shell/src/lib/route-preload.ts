import { preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/**
 * Starts loading the remotes the page shows first while the shell's own code is still arriving, so a slow
 * network waits one round trip less: the shell's server names them in the page's HTML, each as a preloaded
 * mf-manifest.json with the remote and its exposes (`<link rel="preload" data-remote="catalog"
 * data-exposes="HomePage CategoryNav">`, tools/serve/page-hints.ts), from the same runtime configuration as
 * /config.json. The federation runtime then fetches each remote's entry, the exposes' scripts and stylesheets
 * at once; the slots find them loaded. A page without such links (served by another host) loads each remote
 * when its slot asks.
 */
export function preloadRouteRemotes(doc: Document = document): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][data-remote]')) {
    const name = link.dataset.remote!;
    try {
      registerRemotes([{ name, entry: link.href }]);
      preloadRemote([{ nameOrAlias: name, exposes: link.dataset.exposes?.split(' ') }]).catch(warn);
    } catch (error) {
      // Only a head start: the slot loads the remote itself (and shows its error) when it mounts.
      warn(error);
    }
  }
}

function warn(error: unknown): void {
  console.warn('Could not preload a remote', error);
}
