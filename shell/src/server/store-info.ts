import { fetchStoreInfo, type StoreInfo } from '@prepper/shared';

/**
 * How long the server keeps the store's settings and emergency before reading them again. They are the
 * same for every visitor (the deployment's, not a request's), so one read serves every page rendered in
 * that time; with the page cache's 20 s, a change shows on a newly opened page within about 35 s.
 * `SSR_STORE_INFO_MS` sets another time in milliseconds, read when the server build loads (the browser
 * tests use 1 s, as they turn the page cache off: they save a setting and read it back at once).
 */
export const STORE_INFO_FRESH_MS = storeInfoFreshMs(process.env.SSR_STORE_INFO_MS);

/** The keeping time `value` names, or 15 s when it names none (unset, not a number, negative). */
export function storeInfoFreshMs(value: string | undefined): number {
  const ms = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(ms) && ms >= 0 ? ms : 15_000;
}

/**
 * Keeps one read of the store's settings for every page rendered while it is fresh. Once it is stale,
 * a page is rendered with it while a new read is made (visitors asking meanwhile share that read), so a
 * slow or failing database never costs a page its store details once they have been read. Only the
 * first read is waited for, and a failed first read throws (the next page tries again).
 */
export function createStoreInfoKeeper(
  read: () => Promise<StoreInfo>,
  freshMs = STORE_INFO_FRESH_MS,
): (now?: number) => Promise<StoreInfo> {
  let last: { at: number; info: StoreInfo } | undefined;
  let reading: Promise<StoreInfo> | undefined;

  const readAgain = (now: number): Promise<StoreInfo> => {
    reading ??= read().then(
      (info) => {
        last = { at: now, info };
        reading = undefined;
        return info;
      },
      (error: unknown) => {
        reading = undefined;
        throw error;
      },
    );
    return reading;
  };

  return (now = Date.now()) => {
    if (!last) return readAgain(now);
    if (now - last.at > freshMs) readAgain(now).catch(() => undefined);
    return Promise.resolve(last.info);
  };
}

/** The store's settings and open emergency for a page being rendered. */
export const storeInfoForRender = createStoreInfoKeeper(() =>
  fetchStoreInfo ? fetchStoreInfo() : Promise.reject(new Error('Not a server build')),
);
