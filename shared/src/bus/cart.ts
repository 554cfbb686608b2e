import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { cartTotals, roundMoney } from '../domain/pricing';
import { events } from './events';

/** The product facts a cart line keeps, enough to show the line without a network call. */
export interface CartProduct {
  id: string;
  slug: string;
  name: string;
  price: number;
  originalPrice: number | null;
  image: string;
  category: string;
  inStock: boolean;
}

export interface CartLine {
  product: CartProduct;
  quantity: number;
}

export const CART_STORAGE_KEY = 'readystock:cart';
/** A sanity cap so a hostile or mistyped quantity cannot make absurd totals. */
export const MAX_LINE_QUANTITY = 999;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function safeImage(value: unknown): string {
  if (typeof value !== 'string') return '';
  return /^(https?:\/\/|\/)/i.test(value) ? value : '';
}

/** Rebuilds one stored line from scratch, or null when it is not a believable cart line. */
function parseLine(value: unknown): CartLine | null {
  if (!isRecord(value) || !isRecord(value.product)) return null;
  const { product, quantity } = value;
  const { id, name, price } = product;
  if (typeof id !== 'string' || id.length === 0 || id.length > 100) return null;
  if (typeof name !== 'string' || name.length === 0) return null;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return null;
  const originalPrice =
    typeof product.originalPrice === 'number' &&
    Number.isFinite(product.originalPrice) &&
    product.originalPrice > 0
      ? product.originalPrice
      : null;
  return {
    product: {
      id,
      slug: typeof product.slug === 'string' ? product.slug : id,
      name,
      price,
      originalPrice,
      image: safeImage(product.image),
      category: typeof product.category === 'string' ? product.category : '',
      inStock: product.inStock !== false,
    },
    quantity: Math.min(quantity, MAX_LINE_QUANTITY),
  };
}

/** Reads the stored JSON list; anything broken or hostile yields an empty cart rather than an error. */
export function decodeCart(raw: string): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const lines: CartLine[] = [];
    for (const entry of parsed) {
      const line = parseLine(entry);
      if (line && !lines.some((existing) => existing.product.id === line.product.id)) lines.push(line);
    }
    return lines;
  } catch {
    return [];
  }
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

export const $cartTotals = computed($cartSubtotal, cartTotals);

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
  events.emit('cart:item-added', { product, quantity });
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
  events.emit('cart:cleared');
}
