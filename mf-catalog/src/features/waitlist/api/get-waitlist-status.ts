import { loadSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

/** Whether the signed-in customer will be e-mailed once the product is back in stock. */
export async function getWaitlistStatus(productId: string): Promise<boolean> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('waitlist_status', { p_product_id: productId });
  if (error) throw new Error(error.message);
  return data === true;
}

/** Whether the signed-in customer waits for the product: key ['waitlist-status', [productId]]. */
export const waitlistStatusQuery = defineQuery('waitlist-status', getWaitlistStatus);
