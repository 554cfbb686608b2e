import type { CartLine } from '@prepper/shared';

/** What the database functions take for the cart: product ids and quantities, never prices or names. */
export type RequestLine = { product_id: string; quantity: number };

export function requestLines(lines: readonly CartLine[]): RequestLine[] {
  return lines.map((line) => ({ product_id: line.product.id, quantity: line.quantity }));
}
