import { loadSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';
import { waitlistStatusQuery } from './get-waitlist-status';

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

/** Subscribe or cancel: the customer's waiting status of the product changes. */
export const setWaitlistSubscriptionMutation = defineMutation(
  'waitlist subscription',
  setWaitlistSubscription,
  {
    invalidates: ([productId]) => [waitlistStatusQuery.keys(productId)],
  },
);
export const useSetWaitlistSubscription = () => setWaitlistSubscriptionMutation.use();
