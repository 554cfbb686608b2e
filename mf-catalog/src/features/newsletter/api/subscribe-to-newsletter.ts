import { loadSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';

/**
 * Asks for the newsletter at `email`: the database checks the address and queues a confirmation e-mail
 * (double opt-in; the same answer whether or not the address was known).
 */
export async function subscribeToNewsletter(email: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('newsletter_subscribe', { p_email: email });
  if (error) throw new Error(error.message);
}

/** Nothing cached changes: the address counts only once confirmed from the e-mail. */
export const subscribeToNewsletterMutation = defineMutation('newsletter sign-up', subscribeToNewsletter);
export const useSubscribeToNewsletter = () => subscribeToNewsletterMutation.use();
