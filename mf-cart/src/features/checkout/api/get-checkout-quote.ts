import { getSupabase } from '@prepper/shared';
import { mapCheckoutQuote, type CheckoutQuote } from '@prepper/shared/orders';
import type { RequestLine } from '../../../lib/request-lines';
import { defineQuery } from '../../../lib/query';

/**
 * Prices the cart with the database's current prices, stock and purchase limits, and the discount code
 * when one is entered (read only).
 */
export async function getCheckoutQuote(
  lines: readonly RequestLine[],
  discountCode: string | null = null,
): Promise<CheckoutQuote> {
  const { data, error } = await getSupabase().rpc('checkout_quote', {
    p_lines: [...lines],
    ...(discountCode ? { p_discount_code: discountCode } : {}),
  });
  if (error) throw error;
  return mapCheckoutQuote(data);
}

/** The cart priced by the database: key ['checkout-quote', [{ product_id, quantity }...], code]; null waits. */
export const checkoutQuoteQuery = defineQuery('checkout-quote', getCheckoutQuote);
