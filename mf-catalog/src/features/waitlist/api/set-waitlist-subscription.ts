import { loadSupabase } from '@prepper/shared';

/**
 * The signed-in customer's one click: subscribes (the account's address, confirmed at once) or cancels.
 * Returns whether the customer is now waiting.
 */
export async function setWaitlistSubscription(productId: string, waiting: boolean): Promise<boolean> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc(waiting ? 'waitlist_subscribe' : 'waitlist_cancel', {
    p_product_id: productId,
  });
  if (error) throw new Error(error.message);
  return waiting;
}
