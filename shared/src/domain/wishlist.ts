import { roundMoney } from './pricing';

/** What the wishlist remembers of a product when it was saved (to say what changed since). */
export interface WishlistSavedFacts {
  priceAtAdd: number;
  inStockAtAdd: boolean;
}

/** A product's facts now. */
export interface WishlistCurrentFacts {
  price: number;
  inStock: boolean;
}

export type WishlistChange =
  | { kind: 'price-dropped'; from: number; by: number }
  | { kind: 'price-rose'; from: number }
  | { kind: 'back-in-stock' }
  | { kind: 'out-of-stock' };

/**
 * What changed for a saved product, most useful first: stock (out of stock, back in stock), then the
 * price compared with the price when it was saved.
 */
export function wishlistChanges(saved: WishlistSavedFacts, now: WishlistCurrentFacts): WishlistChange[] {
  const changes: WishlistChange[] = [];
  if (!now.inStock) changes.push({ kind: 'out-of-stock' });
  else if (!saved.inStockAtAdd) changes.push({ kind: 'back-in-stock' });
  const from = roundMoney(saved.priceAtAdd);
  const price = roundMoney(now.price);
  if (price < from) changes.push({ kind: 'price-dropped', from, by: roundMoney(from - price) });
  else if (price > from) changes.push({ kind: 'price-rose', from });
  return changes;
}
