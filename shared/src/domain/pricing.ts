/**
 * The shop's money rules as seeded (docs/product.md, the cart's money rules). Staff change them in the
 * store settings (public.store_settings); the cart uses the current ones ($storeSettings), the database
 * prices every quote and order with them.
 */
export const FREE_SHIPPING_THRESHOLD = 99;
export const SHIPPING_FEE = 9.99;
export const TAX_RATE = 0.08;

/** The three money settings: free shipping from a subtotal, the flat shipping rate, tax in percent. */
export interface PricingRules {
  freeShippingThreshold: number;
  shippingRate: number;
  taxRatePercent: number;
}

export const DEFAULT_PRICING: PricingRules = {
  freeShippingThreshold: FREE_SHIPPING_THRESHOLD,
  shippingRate: SHIPPING_FEE,
  taxRatePercent: TAX_RATE * 100,
};

/** Rounds a money amount to cents, avoiding binary drift (0.1 + 0.2 and friends). */
export function roundMoney(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/** Commas between thousands: '1234.50' becomes '1,234.50'. */
const groupThousands = (digits: string) =>
  digits.replace(/^(-?\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','));

/**
 * '$1,234.50': two decimals and a $ sign, as every price in the shop is shown (what Intl's en-US format
 * gives, without Intl: a page's first use of Intl loads its locale data, about 250 ms of a slow phone's
 * main thread while the page hydrates; the unit test holds it to Intl's answers).
 */
export function formatPrice(amount: number): string {
  return `$${groupThousands(roundMoney(amount).toFixed(2))}`;
}

/** '$99' for a whole amount, else as formatPrice ('$99.50'): a threshold in a sentence. */
export function formatPriceShort(amount: number): string {
  return Number.isInteger(amount) ? `$${groupThousands(String(amount))}` : formatPrice(amount);
}

export interface CartTotals {
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  /** What is still missing for free shipping; 0 once the threshold is reached. */
  remainingForFreeShipping: number;
  freeShipping: boolean;
}

/**
 * Shipping is free from a subtotal of exactly the threshold (99), else the flat rate (9.99); tax is the
 * rate (8 %) of the subtotal, rounded to cents. An empty cart costs nothing. The database's order_totals
 * is the same rule.
 */
export function cartTotals(subtotal: number, rules: PricingRules = DEFAULT_PRICING): CartTotals {
  const roundedSubtotal = roundMoney(subtotal);
  const freeShipping = roundedSubtotal >= rules.freeShippingThreshold;
  const shipping = roundedSubtotal === 0 || freeShipping ? 0 : rules.shippingRate;
  // In whole cents and basis points, so a half cent rounds up as the database's round() does.
  const tax =
    Math.round((Math.round(roundedSubtotal * 100) * Math.round(rules.taxRatePercent * 100)) / 10000) / 100;
  return {
    subtotal: roundedSubtotal,
    shipping,
    tax,
    total: roundMoney(roundedSubtotal + shipping + tax),
    remainingForFreeShipping: freeShipping ? 0 : roundMoney(rules.freeShippingThreshold - roundedSubtotal),
    freeShipping,
  };
}

/** Rounded percent off the original price, or null when there is no real discount. */
export function percentOff(price: number, originalPrice: number | null | undefined): number | null {
  if (originalPrice == null || originalPrice <= 0 || originalPrice <= price) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

/** The 'Save $' amount: the difference between original and current price. */
export function savings(price: number, originalPrice: number | null | undefined): number | null {
  if (originalPrice == null || originalPrice <= price) return null;
  return roundMoney(originalPrice - price);
}

export function lineTotal(price: number, quantity: number): number {
  return roundMoney(price * quantity);
}
