import { loadSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';

export type ContactFormKind = 'contact' | 'bulk';

export interface ContactMessageInput {
  kind: ContactFormKind;
  name: string;
  email: string;
  message: string;
  /** Contact Us only. */
  orderNumber?: string;
  /** Bulk Orders only. */
  organisation?: string;
  phone?: string;
}

/**
 * Sends the Contact Us or Bulk Orders form: the database checks every field, stores the message and
 * e-mails it to the shop's support address (contact_message_send); its refusals are the messages shown.
 */
export async function sendContactMessage(input: ContactMessageInput): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('contact_message_send', {
    p_kind: input.kind,
    p_name: input.name,
    p_email: input.email,
    p_message: input.message,
    p_order_number: input.orderNumber ?? undefined,
    p_organisation: input.organisation ?? undefined,
    p_phone: input.phone ?? undefined,
  });
  if (error) throw new Error(error.message);
}

/** Nothing cached changes: staff read the messages in the back office. */
export const sendContactMessageMutation = defineMutation('contact message', sendContactMessage);
export const useSendContactMessage = () => sendContactMessageMutation.use();
