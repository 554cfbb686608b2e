import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

/**
 * Server rendering, shared by the shell and the remotes. It lives in `@prepper/shared` (the Module
 * Federation singleton), so the React context the shell's server provides is the one a remote's page
 * reads: one object, whichever app bundled the code.
 *
 * Everything that belongs to one request hangs off a `ServerRender` made for that request and handed
 * down by context; nothing here is module state on the server, so two pages rendered at once never see
 * each other's data.
 */

/** What a page says about itself for search engines and link previews. */
export interface PageMeta {
  /** The `<title>` without the shop's suffix (none: the home page's title). */
  title?: string;
  description?: string;
  /** The canonical path or absolute URL. */
  canonical?: string;
  /** Open Graph type: 'website' (default) or 'product'. */
  type?: 'website' | 'product';
  image?: string;
  /** Extra `<meta property|name=... content=...>` pairs (product:price:amount and the like). */
  extra?: Record<string, string>;
  /** schema.org JSON-LD blocks. */
  jsonLd?: object[];
  /** Ask robots not to index the page (a not-found state). */
  noindex?: boolean;
}

/** A data read the server did for one query key, as the page's JSON sends it to the browser. */
export type ServerData = Record<string, Record<string, unknown>>;

/** A read the server did for one query key. */
export interface ServerRead {
  promise: Promise<void>;
  status: 'pending' | 'done' | 'failed';
  value?: unknown;
}

/**
 * One request's render: its reads (by remote and key), its head, its status. The shell's server makes one
 * per request (shell/src/server/server-render.ts).
 */
export interface ServerRender {
  readonly origin: string;
  readonly reads: Map<string, Map<string, ServerRead>>;
  setMeta(meta: PageMeta): void;
  setStatus(status: number): void;
  setRedirect(location: string): void;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

/** The request being rendered on the server; null in the browser. */
export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}

/** The id of the page's JSON block with the server's reads (a data block: no script runs). */
export const SERVER_DATA_ID = 'ssr-data';

let parsedServerData: ServerData | undefined;

/**
 * In the browser, what the server read for `remote` and sent inside the page (read once): each remote's
 * query cache starts with it, so hydrating asks for nothing the server already read.
 */
export function serverDataFor(remote: string): Record<string, unknown> {
  if (parsedServerData === undefined) {
    parsedServerData = {};
    const block = typeof document === 'undefined' ? null : document.getElementById(SERVER_DATA_ID);
    if (block?.textContent) {
      try {
        parsedServerData = JSON.parse(block.textContent) as ServerData;
      } catch (error) {
        console.error('The page carries unreadable server data', error);
      }
    }
  }
  return parsedServerData[remote] ?? {};
}

/**
 * Sets the page's head tags on the server; in the browser the page's title hook does the title. A
 * builder (given the page's origin, for absolute URLs) runs on the server only.
 */
export function usePageMeta(meta: PageMeta | ((origin: string) => PageMeta) | undefined): void {
  const render = useServerRender();
  if (render && meta) render.setMeta(typeof meta === 'function' ? meta(render.origin) : meta);
}

/** The HTTP status the server answers (404 for a not-found state). The browser ignores it. */
export function usePageStatus(status: number): void {
  const render = useServerRender();
  if (render) render.setStatus(status);
}

/** A permanent redirect the server answers instead of the page (the canonical product address). */
export function usePageRedirect(location: string | undefined): void {
  const render = useServerRender();
  if (render && location) render.setRedirect(location);
}

/**
 * A store the server cannot know (the visitor's cart, wishlist, session): `serverValue` on the server and
 * while the browser hydrates, so the first render matches the server's HTML, then the store's value.
 */
export function useClientStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  const subscribe = useCallback((listener: () => void) => store.listen(listener), [store]);
  return useSyncExternalStore(
    subscribe,
    () => store.get(),
    () => serverValue,
  );
}
