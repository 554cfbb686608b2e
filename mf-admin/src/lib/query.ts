import { createQueryContext } from '@prepper/shared/query';

/**
 * The back office's data layer: one cache for this remote; each `api/get-x.ts` defines its query here,
 * each write (`api/save-x.ts`, `api/delete-x.ts`) its mutation with the queries it makes stale.
 * Lists and records are asked again on every visit (an edit made elsewhere shows), while what was loaded
 * before shows at once meanwhile.
 */
export const {
  defineQuery,
  defineMutation,
  clear: clearQueryCache,
} = createQueryContext('admin', { staleTime: 0 });
