import { atom } from 'nanostores';
import { useSyncExternalStore } from 'react';
import { DEFAULT_STORE_INFO, type StoreInfo } from '../domain/store-info';
import { serverDataFor, useServerRender, type ServerRender } from '../ssr';

/** Where the page's server data carries it: ServerData[STORE_INFO_REMOTE][STORE_INFO_KEY]. */
export const STORE_INFO_REMOTE = 'shell';
export const STORE_INFO_KEY = 'store';

/** How often an open page reads it again (the bound docs/product.md gives). */
const REFRESH_MS = 60_000;

const fromPage = () => serverDataFor(STORE_INFO_REMOTE)[STORE_INFO_KEY] as StoreInfo | undefined;

/** In the browser: what the page was rendered with, then each fresh read. Never touched on the server. */
export const $storeInfo = atom<StoreInfo>(fromPage() ?? DEFAULT_STORE_INFO);

/** What the server read for the request being rendered (the defaults when the read failed). */
function serverStoreInfo(render: ServerRender): StoreInfo {
  const read = render.reads.get(STORE_INFO_REMOTE)?.get(STORE_INFO_KEY);
  return (read?.status === 'done' ? (read.value as StoreInfo) : undefined) ?? DEFAULT_STORE_INFO;
}

const subscribe = (listener: () => void) => $storeInfo.listen(listener);
const snapshot = () => $storeInfo.get();

/** The store's settings and emergency a component shows: the request's on the server, the store's in the browser. */
export function useStoreInfo(): StoreInfo {
  const render = useServerRender();
  const value = useSyncExternalStore(subscribe, snapshot, snapshot);
  return render ? serverStoreInfo(render) : value;
}

/**
 * Reads the store's settings and emergency now: the shop's server, for each page it renders (left out of
 * the browser's bundles, which read them through refreshStoreInfo).
 */
export const fetchStoreInfo =
  process.env.SERVER_RENDER === 'true'
    ? (): Promise<StoreInfo> => import('./store-info-read').then((read) => read.readStoreInfo())
    : undefined;

/** Reads them again now into $storeInfo (after staff saved the settings); a failed read keeps what shows. */
export function refreshStoreInfo(): Promise<void> {
  return import('./store-info-read').then(
    async (read) => $storeInfo.set(await read.readStoreInfo()),
    (error: unknown) => console.warn('The store settings could not be read again', error),
  );
}

/**
 * Keeps $storeInfo current in the browser (the shell's layout starts it; the result stops it): a read every minute while the page
 * is visible, and one now when the page did not come with it. The reader is a chunk of its own, loaded
 * the first time it is needed.
 */
export function startStoreInfoSync(): () => void {
  const refresh = () => {
    if (document.visibilityState === 'hidden') return;
    refreshStoreInfo().catch(() => undefined);
  };
  if (!fromPage()) refresh();
  const timer = setInterval(refresh, REFRESH_MS);
  return () => clearInterval(timer);
}
