import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import * as v from 'valibot';
import { cartTotals, roundMoney } from '../domain/pricing';
import { $storeInfo } from './store-info';
import type { Product } from '../domain/product';

export const CART_STORAGE_KEY = 'readystock:cart';
/** A sanity cap so a hostile or mistyped quantity cannot make absurd totals. */
export const MAX_LINE_QUANTITY = 999;

/**
 * A cart line as stored in localStorage, which anyone can edit: the required facts must be believable
 * or the line is dropped; optional facts fall back to safe defaults; unknown keys are left behind.
 */
const CartProductSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    /** Defaults to the id. */
    slug: v.fallback(v.optional(v.string()), undefined),
    name: v.pipe(v.string(), v.minLength(1)),
    price: v.pipe(v.number(), v.finite(), v.minValue(0)),
    originalPrice: v.fallback(v.nullable(v.pipe(v.number(), v.finite(), v.gtValue(0))), null),
    /** Only http(s) or same-origin addresses: never javascript: or data: URLs. */
    image: v.fallback(v.pipe(v.string(), v.regex(/^(https?:\/\/|\/)/i)), ''),
    category: v.fallback(v.string(), ''),
    /** In stock unless stored as exactly false. */
    inStock: v.fallback(v.boolean(), true),
  }),
  v.transform((product) => ({ ...product, slug: product.slug ?? product.id })),
);

const CartLineSchema = v.object({
  product: CartProductSchema,
  quantity: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(1),
    v.transform((quantity) => Math.min(quantity, MAX_LINE_QUANTITY)),
  ),
});

/** The product facts a cart line keeps, enough to show the line without a network call. */
export type CartProduct = v.InferOutput<typeof CartProductSchema>;

/** The facts a cart line keeps about a product (the product page and the wishlist put products in the cart). */
export function toCartProduct(product: Product): CartProduct {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    price: product.price,
    originalPrice: product.originalPrice,
    image: product.image,
    category: product.category,
    inStock: product.inStock,
  };
}

export type CartLine = v.InferOutput<typeof CartLineSchema>;

/** Reads the stored JSON list; anything broken or hostile yields an empty cart rather than an error. */
export function decodeCart(raw: string): CartLine[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const lines: CartLine[] = [];
  for (const entry of parsed) {
    const result = v.safeParse(CartLineSchema, entry);
    if (!result.success) continue;
    const line = result.output;
    if (!lines.some((existing) => existing.product.id === line.product.id)) lines.push(line);
  }
  return lines;
}

/** Cart lines, persisted to localStorage on every change and loaded on start (shared by all tabs). */
export const $cartLines = persistentAtom<CartLine[]>(CART_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: decodeCart,
});

/** Sum of the quantities. */
export const $cartCount = computed($cartLines, (lines) =>
  lines.reduce((sum, line) => sum + line.quantity, 0),
);

/** Sum of price × quantity, rounded to cents. */
export const $cartSubtotal = computed($cartLines, (lines) =>
  roundMoney(lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0)),
);

/** The cart's money under the store's current rules (the database prices the order with its own). */
export const $cartTotals = computed([$cartSubtotal, $storeInfo], (subtotal, info) =>
  cartTotals(subtotal, info.settings.pricing),
);

/** Adds a product; a product already in the cart gets the quantity added to its line. */
export function addToCart(product: CartProduct, quantity = 1): void {
  if (!Number.isInteger(quantity) || quantity < 1) return;
  const lines = $cartLines.get();
  const existing = lines.find((line) => line.product.id === product.id);
  const next = existing
    ? lines.map((line) =>
        line.product.id === product.id
          ? { product, quantity: Math.min(line.quantity + quantity, MAX_LINE_QUANTITY) }
          : line,
      )
    : [...lines, { product, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }];
  $cartLines.set(next);
}

export function removeFromCart(productId: string): void {
  $cartLines.set($cartLines.get().filter((line) => line.product.id !== productId));
}

/** Sets a line's quantity; 0 or below removes the line. */
export function setCartQuantity(productId: string, quantity: number): void {
  if (!Number.isFinite(quantity)) return;
  if (quantity <= 0) {
    removeFromCart(productId);
    return;
  }
  const capped = Math.min(Math.floor(quantity), MAX_LINE_QUANTITY);
  $cartLines.set(
    $cartLines.get().map((line) => (line.product.id === productId ? { ...line, quantity: capped } : line)),
  );
}

/** The facts about a product that can change after it went into the cart (the checkout's fresh quote). */
export type CartProductUpdate = Partial<Pick<CartProduct, 'name' | 'price' | 'originalPrice' | 'inStock'>>;

/**
 * Brings a line's product facts up to date (the checkout found a new price or stock state). The quantity
 * stays; a product not in the cart is ignored, and so is a price that is not a finite amount of 0 or more.
 */
export function updateCartProduct(productId: string, update: CartProductUpdate): void {
  const { price } = update;
  if (price !== undefined && (!Number.isFinite(price) || price < 0)) return;
  const lines = $cartLines.get();
  if (!lines.some((line) => line.product.id === productId)) return;
  $cartLines.set(
    lines.map((line) =>
      line.product.id === productId ? { ...line, product: { ...line.product, ...update } } : line,
    ),
  );
}

export function clearCart(): void {
  $cartLines.set([]);
}
