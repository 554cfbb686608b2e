import { createQueryContext } from '@prepper/shared/query';

/**
 * The cart remote's data layer: one cache for this remote; each `api/get-x.ts` defines its query here,
 * each write its mutation.
 * Quotes and placed orders are asked again on every visit (prices and stock move), while what was loaded
 * before shows at once meanwhile.
 */
export const {
  defineQuery,
  defineMutation,
  clear: clearQueryCache,
} = createQueryContext('cart', { staleTime: 0 });
