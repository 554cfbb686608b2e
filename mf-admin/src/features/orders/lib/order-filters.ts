import { ORDER_STATUSES, PAYMENT_STATUSES } from '@prepper/shared/orders';

/** The orders list's filters: `?status=` and `?payment=`, 'all' by default. */
export const ORDER_FILTERS = {
  status: ['all', ...ORDER_STATUSES],
  payment: ['all', ...PAYMENT_STATUSES],
} as const;

export type OrderStatusFilter = (typeof ORDER_FILTERS.status)[number];
export type PaymentStatusFilter = (typeof ORDER_FILTERS.payment)[number];

/** `%term%` for ilike, with the user's own % and _ matched literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The PostgREST `or` condition matching an order number or a customer e-mail that contains `term`.
 * The pattern is double-quoted, so commas, dots and parentheses in the search are taken literally.
 */
export function orderSearchCondition(term: string): string {
  const quoted = `"${containsPattern(term).replace(/["\\]/g, (char) => `\\${char}`)}"`;
  return `order_number.ilike.${quoted},email.ilike.${quoted}`;
}
