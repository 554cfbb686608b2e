import type { Product } from '@prepper/shared';
import type { MyHold } from './api/get-my-hold';

/** What the product page says of a product whose stock is partly or wholly held for its waitlist. */
export type HeldState =
  { kind: 'yours'; until: string } | { kind: 'all' } | { kind: 'some'; held: number } | { kind: 'none' };

/**
 * From the product as everyone sees it (the held units off its stock) and the shopper's own hold: their
 * own hold first (they may buy it), else everything held, else how many more are held.
 */
export function heldState(product: Product, mine: MyHold | null): HeldState {
  if (mine && mine.quantity > 0) return { kind: 'yours', until: mine.expiresAt };
  const held = product.held ?? 0;
  if (held <= 0) return { kind: 'none' };
  return product.inStock ? { kind: 'some', held } : { kind: 'all' };
}

/**
 * The product with the shopper's own held units back in its stock: theirs to buy (the page is read for
 * everyone alike, so its stock leaves every hold out). Once only: a product that has them back is kept.
 */
export function withOwnHold(product: Product, quantity: number): Product {
  if (product.ownHeld) return product;
  return { ...product, inStock: true, stockCount: product.stockCount + quantity, ownHeld: quantity };
}

/** A hold's end as the back-in-stock e-mail says it: in UTC, so server and browser write the same. */
export function formatHeldUntil(iso: string): string {
  const when = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
  return `${when} UTC`;
}
