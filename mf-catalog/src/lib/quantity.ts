import { MAX_LINE_QUANTITY } from '@prepper/shared';

/** The most the picker offers: the stock count, at least 1, and never more than a cart line holds. */
export function maxQuantity(stockCount: number): number {
  return Math.min(Math.max(1, Math.floor(stockCount)), MAX_LINE_QUANTITY);
}

/** Keeps a picked quantity between 1 and the stock (the minus button never goes below 1). */
export function clampQuantity(value: number, stockCount: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.floor(value)), maxQuantity(stockCount));
}

export type PurchaseCheck =
  { ok: true; quantity: number } | { ok: false; reason: 'out-of-stock' | 'invalid-quantity' };

/**
 * The product must be in stock to be added and the quantity must be a whole number
 * above 0 (and not more than the stock).
 */
export function checkPurchase(inStock: boolean, stockCount: number, quantity: number): PurchaseCheck {
  if (!inStock) return { ok: false, reason: 'out-of-stock' };
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > maxQuantity(stockCount)) {
    return { ok: false, reason: 'invalid-quantity' };
  }
  return { ok: true, quantity };
}
