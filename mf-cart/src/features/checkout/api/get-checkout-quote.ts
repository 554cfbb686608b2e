import { getSupabase } from '@prepper/shared';
import { mapCheckoutQuote, type CheckoutQuote } from '@prepper/shared/orders';
import type { RequestLine } from './request-lines';
import { defineQuery } from '../../../lib/query';

/** Prices the cart with the database's current prices, stock and purchase limits (read only). */
export async function getCheckoutQuote(lines: readonly RequestLine[]): Promise<CheckoutQuote> {
  const { data, error } = await getSupabase().rpc('checkout_quote', { p_lines: [...lines] });
  if (error) throw error;
  return mapCheckoutQuote(data);
}

/** The cart priced by the database: key ['checkout-quote', [{ product_id, quantity }...]]; null waits. */
export const checkoutQuoteQuery = defineQuery('checkout-quote', getCheckoutQuote);
