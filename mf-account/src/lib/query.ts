import { $customer } from '@prepper/shared';
import { createQueryContext } from '@prepper/shared/query';

const context = createQueryContext('account', { staleTime: 0 });

/**
 * The account pages' data layer: one cache for this remote; each `api/get-x.ts` defines its query here,
 * each write its mutation.
 * Orders are asked again on every visit (an order placed in the cart remote shows), while what was
 * loaded before shows at once meanwhile.
 */
export const { defineQuery, defineMutation, clear: clearQueryCache } = context;

// What one customer loaded is never shown to the next: the cache empties when the customer changes.
let customerId = $customer.get()?.id ?? null;
$customer.listen((customer) => {
  const id = customer?.id ?? null;
  if (id === customerId) return;
  customerId = id;
  context.clear();
});
