import { createQueryContext } from '@prepper/shared/query';

/** The search overlay's data layer: one cache for this remote (a query typed again shows at once). */
export const { defineQuery, clear: clearQueryCache } = createQueryContext('search');
