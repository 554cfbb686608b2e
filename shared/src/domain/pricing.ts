/** The shop's business constants (docs/product.md, the cart's money rules). */
export const FREE_SHIPPING_THRESHOLD = 99;
export const SHIPPING_FEE = 9.99;
export const TAX_RATE = 0.08;

/** Rounds a money amount to cents, avoiding binary drift (0.1 + 0.2 and friends). */
export function roundMoney(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/** '$1,234.50': two decimals and a $ sign, as every price in the shop is shown. */
export function formatPrice(amount: number): string {
  return `$${roundMoney(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
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

/** Shipping is free from a subtotal of exactly 99; tax is 8 % of the subtotal. An empty cart costs nothing. */
export function cartTotals(subtotal: number): CartTotals {
  const roundedSubtotal = roundMoney(subtotal);
  const freeShipping = roundedSubtotal >= FREE_SHIPPING_THRESHOLD;
  const shipping = roundedSubtotal === 0 || freeShipping ? 0 : SHIPPING_FEE;
  const tax = roundMoney(roundedSubtotal * TAX_RATE);
  return {
    subtotal: roundedSubtotal,
    shipping,
    tax,
    total: roundMoney(roundedSubtotal + shipping + tax),
    remainingForFreeShipping: freeShipping ? 0 : roundMoney(FREE_SHIPPING_THRESHOLD - roundedSubtotal),
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
