import { loadSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';

/**
 * A visitor's request for an e-mail once the product is back: the database checks the address and sends
 * a confirmation e-mail (the same answer whether or not the address was subscribed already).
 */
export async function subscribeEmailToWaitlist(productId: string, email: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('waitlist_subscribe_email', {
    p_product_id: productId,
    p_email: email,
  });
  if (error) throw new Error(error.message);
}

/** A visitor's request: nothing cached changes until the address is confirmed from the e-mail. */
export const subscribeEmailMutation = defineMutation('waitlist e-mail', subscribeEmailToWaitlist);
export const useSubscribeEmailToWaitlist = () => subscribeEmailMutation.use();
