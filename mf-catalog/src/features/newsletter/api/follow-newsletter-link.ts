import { loadSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

export type NewsletterLinkAction = 'confirm' | 'unsubscribe';

export type NewsletterLinkResult = 'confirmed' | 'already_confirmed' | 'unsubscribed' | 'unknown';

/** Follows the confirm or unsubscribe link of a newsletter e-mail (the token from its query string). */
export async function followNewsletterLink(
  action: NewsletterLinkAction,
  token: string,
): Promise<NewsletterLinkResult> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc(
    action === 'confirm' ? 'newsletter_confirm' : 'newsletter_unsubscribe',
    { p_token: token },
  );
  if (error) throw new Error(error.message);
  return (data ?? 'unknown') as NewsletterLinkResult;
}

/** Following a link's token once per visit: key ['newsletter-link', [action, token]]; null waits. */
export const newsletterLinkQuery = defineQuery('newsletter-link', followNewsletterLink);
