/**
 * The kit builder's address, on its own so that the route table (routes.ts) takes it without the kit
 * rules (kit.ts re-exports it). Its plan is the query (kitPlanSearch).
 */
export const KIT_BUILDER_PATH = '/kit-builder';
