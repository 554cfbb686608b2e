/** The back office's emergency mode page (settings permission); only the back office links to it. */
export const emergencyPath = '/admin/emergency';

/**
 * What the database says when an open emergency's price-rise guard refuses a price (its hint is
 * `emergency_price_cap`, its message names the highest price allowed), else null.
 */
export function emergencyPriceRefusal(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { hint, message } = error as { hint?: unknown; message?: unknown };
  return hint === 'emergency_price_cap' && typeof message === 'string' ? message : null;
}
