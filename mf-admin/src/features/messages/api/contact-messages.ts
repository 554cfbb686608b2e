import { getSupabase } from '@prepper/shared';
import { defineMutation, defineQuery } from '../../../lib/query';

export interface ContactMessage {
  id: string;
  kind: 'contact' | 'bulk';
  name: string;
  email: string;
  order_number: string | null;
  organisation: string | null;
  phone: string | null;
  message: string;
  status: 'open' | 'closed';
  created_at: string;
  closed_at: string | null;
}

export type MessageFilter = 'open' | 'closed' | 'all';

/** How many messages the page shows (the newest). */
export const MESSAGES_LIMIT = 100;

/** The newest messages from the forms (RLS: staff with customers), optionally only open or closed ones. */
export async function getContactMessages(filter: MessageFilter): Promise<ContactMessage[]> {
  let query = getSupabase()
    .from('contact_messages')
    .select(
      'id, kind, name, email, order_number, organisation, phone, message, status, created_at, closed_at',
    );
  if (filter !== 'all') query = query.eq('status', filter);
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .limit(MESSAGES_LIMIT)
    .overrideTypes<ContactMessage[], { merge: false }>();
  if (error) throw new Error(error.message);
  return data;
}

export const contactMessagesQuery = defineQuery('contact-messages', getContactMessages);

/** Closes or reopens a message (admin_set_contact_message_status checks the customers permission). */
export async function setContactMessageStatus(id: string, status: 'open' | 'closed'): Promise<void> {
  const { error } = await getSupabase().rpc('admin_set_contact_message_status', {
    p_id: id,
    p_status: status,
  });
  if (error) throw new Error(error.message);
}

export const setContactMessageStatusMutation = defineMutation('message status', setContactMessageStatus, {
  invalidates: [contactMessagesQuery],
});
