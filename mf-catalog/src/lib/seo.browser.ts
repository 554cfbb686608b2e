import type { PageMeta } from '@prepper/shared';

/**
 * What the browser build has in place of seo.server.ts (the build replaces every `*.server.ts` with its
 * `*.browser.ts`): the pages call the builders only on the server (`SERVER_BUILD`), so the browser's
 * bundle carries none of them.
 */
function serverOnly(): PageMeta {
  throw new Error('The page head is built on the server only');
}

export type { Crumb } from './seo.server';
export const productMeta = serverOnly;
export const listingMeta = serverOnly;
export const homeMeta = serverOnly;
