import { getSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

export interface NewsletterCounts {
  confirmed: number;
  unconfirmed: number;
}

export interface NewsletterSubscriber {
  email: string;
  subscribedAt: string;
  confirmedAt: string;
}

/** admin_newsletter_counts (customers permission): confirmed subscribers and sign-ups awaiting confirmation. */
export async function getNewsletterCounts(): Promise<NewsletterCounts> {
  const { data, error } = await getSupabase().rpc('admin_newsletter_counts');
  if (error) throw new Error(error.message);
  const row = data[0];
  return { confirmed: row?.confirmed ?? 0, unconfirmed: row?.unconfirmed ?? 0 };
}

export const newsletterCountsQuery = defineQuery('newsletter-counts', getNewsletterCounts);

/** admin_newsletter_export (customers permission): every confirmed subscriber, oldest confirmation first. */
export async function getConfirmedSubscribers(): Promise<NewsletterSubscriber[]> {
  const { data, error } = await getSupabase().rpc('admin_newsletter_export');
  if (error) throw new Error(error.message);
  return data.map((row) => ({
    email: row.email,
    subscribedAt: row.subscribed_at,
    confirmedAt: row.confirmed_at,
  }));
}
