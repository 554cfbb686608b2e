import { loadSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

export type WaitlistLinkAction = 'confirm' | 'unsubscribe';

export type WaitlistLinkResult =
  'confirmed' | 'already_confirmed' | 'ended' | 'unsubscribed' | 'already_unsubscribed' | 'unknown';

export interface WaitlistLinkOutcome {
  result: WaitlistLinkResult;
  product: { name: string; slug: string } | null;
}

/** Follows the confirm or unsubscribe link of a waitlist e-mail (the token from its query string). */
export async function followWaitlistLink(
  action: WaitlistLinkAction,
  token: string,
): Promise<WaitlistLinkOutcome> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc(
    action === 'confirm' ? 'waitlist_confirm' : 'waitlist_unsubscribe',
    { p_token: token },
  );
  if (error) throw new Error(error.message);
  const row = data[0];
  return {
    result: (row?.result ?? 'unknown') as WaitlistLinkResult,
    product:
      row?.product_name && row.product_slug ? { name: row.product_name, slug: row.product_slug } : null,
  };
}

/** Following a link's token once per visit: key ['waitlist-link', [action, token]]; null waits (no token). */
export const waitlistLinkQuery = defineQuery('waitlist-link', followWaitlistLink);
