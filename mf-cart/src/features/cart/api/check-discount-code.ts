import { loadSupabase } from '@prepper/shared';
import type { RequestLine } from '../../../lib/request-lines';

export interface DiscountCheck {
  /** The code as the shop wrote it, when it applies. */
  code: string | null;
  discount: number;
  problem: string | null;
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
}

/**
 * Asks the database what a discount code takes off the cart (checkout_quote with the code), loading
 * the Supabase client first: the overlay's own chunk stays free of it until a code is applied.
 */
export async function checkDiscountCode(lines: readonly RequestLine[], code: string): Promise<DiscountCheck> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('checkout_quote', {
    p_lines: [...lines],
    p_discount_code: code,
  });
  if (error) throw error;
  const quote = (data ?? {}) as Record<string, unknown>;
  return {
    code: typeof quote.discount_code === 'string' ? quote.discount_code : null,
    discount: Number(quote.discount ?? 0),
    problem: typeof quote.discount_problem === 'string' ? quote.discount_problem : null,
    subtotal: Number(quote.subtotal ?? 0),
    shipping: Number(quote.shipping ?? 0),
    tax: Number(quote.tax ?? 0),
    total: Number(quote.total ?? 0),
  };
}
