import { loadSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

/** The signed-in customer's own waitlist hold on a product (emergency mode). */
export interface MyHold {
  quantity: number;
  expiresAt: string;
}

/** The units held for the signed-in customer and until when, or null when they hold none. */
export async function getMyHold(productId: string, _customerId: string): Promise<MyHold | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('waitlist_my_hold', { p_product_id: productId });
  if (error) throw new Error(error.message);
  const row = data?.[0];
  return row ? { quantity: row.quantity, expiresAt: row.expires_at } : null;
}

/** Key ['waitlist-my-hold', [productId, customerId]]: another account asks again. */
export const myHoldQuery = defineQuery('waitlist-my-hold', getMyHold);
