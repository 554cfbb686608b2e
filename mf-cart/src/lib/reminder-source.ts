import { getSupabase } from '@prepper/shared';
import { REMINDER_SOURCE_KEY } from '@prepper/shared/supplies';

/** Remembers, for this tab, that the cart was filled from a reminder e-mail (its id). */
export function rememberReminderSource(reminder: string): void {
  try {
    sessionStorage.setItem(REMINDER_SOURCE_KEY, reminder);
  } catch {
    // No storage (private mode): the order simply does not count as a reorder.
  }
}

/**
 * After an order is placed: records that it came from the reminder e-mail the cart was filled from
 * (order_from_reminder; the database checks that order and reminder are the customer's own), once.
 * Never fails the checkout.
 */
export async function recordReminderSource(orderId: string): Promise<void> {
  let reminder: string | null = null;
  try {
    reminder = sessionStorage.getItem(REMINDER_SOURCE_KEY);
    sessionStorage.removeItem(REMINDER_SOURCE_KEY);
  } catch {
    return;
  }
  if (!reminder) return;
  const { error } = await getSupabase().rpc('order_from_reminder', {
    p_order_id: orderId,
    p_digest_id: reminder,
  });
  if (error) console.warn('[checkout] the order could not be linked to its reminder', error);
}
