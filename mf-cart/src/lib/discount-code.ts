import { atom } from 'nanostores';

const STORAGE_KEY = 'prepper:discount-code';

function stored(): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The discount code the shopper typed, shared by the cart overlay and the checkout (both in this
 * remote) and kept for the tab's session. Only the database says whether it applies: checkout_quote
 * shows it, place_order takes it.
 */
export const $discountCode = atom<string | null>(stored());

export function setDiscountCode(code: string | null): void {
  const value = code?.trim() ? code.trim() : null;
  $discountCode.set(value);
  try {
    if (value) sessionStorage.setItem(STORAGE_KEY, value);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); the code still holds for this page.
  }
}
