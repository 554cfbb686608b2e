import type { CartLine, CartProductUpdate } from '@prepper/shared';
import type { CheckoutQuote, CheckoutQuoteLine } from '@prepper/shared/orders';

/** A price the customer saw in the cart that is no longer the price. */
export interface PriceChange {
  from: number;
  to: number;
}

export type PriceChanges = Readonly<Record<string, PriceChange>>;

/**
 * Compares the cart with a fresh quote: the price changes to tell the customer about (merged with those
 * already found, keeping the price first seen) and the cart updates that bring each line up to date.
 */
export function compareQuote(
  cart: readonly CartLine[],
  quote: CheckoutQuote,
  known: PriceChanges,
): { changes: PriceChanges; updates: Array<{ productId: string; update: CartProductUpdate }> } {
  const changes: Record<string, PriceChange> = { ...known };
  const updates: Array<{ productId: string; update: CartProductUpdate }> = [];
  for (const line of quote.lines) {
    const { productId } = line;
    const product = cart.find((entry) => entry.product.id === productId)?.product;
    if (!productId || !product || !line.available || line.unitPrice === null) continue;
    const update: CartProductUpdate = {};
    if (product.price !== line.unitPrice) {
      const from = known[productId]?.from ?? product.price;
      if (from === line.unitPrice) delete changes[productId];
      else changes[productId] = { from, to: line.unitPrice };
      update.price = line.unitPrice;
      update.originalPrice = line.originalPrice;
    }
    if (product.inStock !== line.inStock) update.inStock = line.inStock;
    if (line.name && product.name !== line.name) update.name = line.name;
    if (Object.keys(update).length > 0) updates.push({ productId, update });
  }
  return { changes, updates };
}

/** Lines that stop the order: unknown, out of stock, short of stock or over the purchase limit. */
export function blockingLines(quote: CheckoutQuote): CheckoutQuoteLine[] {
  return quote.lines.filter((line) => line.problem !== null || !line.available);
}

/** The quantity that would make a line buyable, when lowering it would (short of stock or over a limit). */
export function buyableQuantity(line: CheckoutQuoteLine): number | null {
  const { stockCount, quantity } = line;
  if (!line.available || !line.inStock || stockCount === null || quantity === null) return null;
  const most = Math.min(stockCount, line.purchaseLimit ?? Number.POSITIVE_INFINITY);
  return most >= 1 && most < quantity ? most : null;
}
