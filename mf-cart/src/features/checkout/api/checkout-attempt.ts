/**
 * The idempotency key of the current checkout attempt. It is made once and kept in sessionStorage until
 * an order is placed, so a double click, a retry after a network failure or a reload sends the same key
 * and the database answers with the order it already placed instead of placing a second one.
 */
export const CHECKOUT_ATTEMPT_KEY = 'readystock:checkout-attempt';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a shop served over plain http on another host still gets a v4 UUID.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

let inMemory: string | null = null;

/** The key of this attempt: the stored one, or a new one that is stored for the next try. */
export function checkoutAttemptKey(): string {
  const store = storage();
  const stored = store?.getItem(CHECKOUT_ATTEMPT_KEY) ?? inMemory;
  if (stored && UUID.test(stored)) return stored;
  const key = randomUuid();
  inMemory = key;
  store?.setItem(CHECKOUT_ATTEMPT_KEY, key);
  return key;
}

/** The attempt ended with a placed order: the next checkout is a new attempt with a new key. */
export function finishCheckoutAttempt(): void {
  inMemory = null;
  storage()?.removeItem(CHECKOUT_ATTEMPT_KEY);
}
