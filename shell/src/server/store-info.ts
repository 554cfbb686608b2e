import { fetchStoreInfo, type StoreInfo } from '@prepper/shared';

/**
 * How long the server keeps the store's settings and emergency before reading them again. They are the
 * same for every visitor (the deployment's, not a request's), so one read serves every page rendered in
 * that time; with the page cache's 20 s, a change shows on a newly opened page within 35 s.
 */
export const STORE_INFO_FRESH_MS = 15_000;

let kept: { at: number; info: Promise<StoreInfo> } | undefined;

/**
 * The store's settings and open emergency for a page being rendered: the kept read while fresh, else a
 * new one (visitors asking meanwhile share it). A failed read is not kept, and throws.
 */
export function storeInfoForRender(now = Date.now()): Promise<StoreInfo> {
  if (!kept || now - kept.at > STORE_INFO_FRESH_MS) {
    if (!fetchStoreInfo) return Promise.reject(new Error('Not a server build'));
    const entry = { at: now, info: fetchStoreInfo() };
    kept = entry;
    entry.info.catch(() => {
      if (kept === entry) kept = undefined;
    });
  }
  return kept.info;
}
