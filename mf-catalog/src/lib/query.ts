import { createQueryContext } from '@prepper/shared/query';

/**
 * The catalogue's data layer: one cache for this remote; each `api/get-x.ts` defines its query here,
 * each write its mutation.
 */
export const { defineQuery, defineMutation, clear: clearQueryCache } = createQueryContext('catalog');
