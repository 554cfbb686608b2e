/**
 * `@prepper/shared/orders`: orders, checkout and payment rules, the order mapper, and reading one order
 * with its history. A subpath entry each app that shows orders bundles itself, out of the singleton.
 */
export * from './domain/orders';
export { fetchOrderWithHistory, ORDER_WITH_HISTORY_SELECT } from './supabase/orders';
