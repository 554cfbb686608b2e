import { getSupabase, type CartLine } from '@prepper/shared';
import { mapCheckoutQuote, type CheckoutQuote } from '@prepper/shared/orders';
import { requestLines } from './request-lines';

/** Prices the cart with the database's current prices, stock and purchase limits (read only). */
export async function getCheckoutQuote(lines: readonly CartLine[]): Promise<CheckoutQuote> {
  const { data, error } = await getSupabase().rpc('checkout_quote', { p_lines: requestLines(lines) });
  if (error) throw error;
  return mapCheckoutQuote(data);
}
