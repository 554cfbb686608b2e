import { getSupabase } from '@prepper/shared';
import { defineMutation, defineQuery } from '../../../lib/query';

/**
 * Card payments through Stripe Checkout: the Edge Function create-checkout-session says whether they are
 * on (the shop's Stripe keys are set, as function secrets) and opens the hosted payment page for a
 * placed card order. The amount comes from the order in the database; the browser sends only its id.
 */
export async function getCardPaymentsAvailable(): Promise<boolean> {
  const { data, error } = await getSupabase().functions.invoke<{ card?: boolean }>(
    'create-checkout-session',
    {
      method: 'GET',
    },
  );
  if (error) return false;
  return data?.card === true;
}

export const cardPaymentsQuery = defineQuery('card-payments', getCardPaymentsAvailable);
export const useCardPaymentsAvailable = () => cardPaymentsQuery.use([]);

/** The Stripe Checkout page of the order (the same one while it is open). */
export async function checkoutSessionUrl(orderId: string): Promise<string> {
  const { data, error } = await getSupabase().functions.invoke<{ url?: string }>('create-checkout-session', {
    body: { order_id: orderId },
  });
  if (error || !data?.url) throw error ?? new Error('No payment page');
  return data.url;
}

/** Sends the browser to the order's payment page. */
export async function startCardPayment(orderId: string): Promise<void> {
  window.location.assign(await checkoutSessionUrl(orderId));
}

export const startCardPaymentMutation = defineMutation('start card payment', startCardPayment);
export const useStartCardPayment = () => startCardPaymentMutation.use();
