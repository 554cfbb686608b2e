import { getSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

/** One e-mail the shop sends, rendered from its template with sample data. */
export interface EmailPreview {
  kind: string;
  label: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Every e-mail template rendered with sample data by the email-preview Edge Function (the same
 * templates the outbox sender uses; it serves only staff with the orders permission).
 */
export async function getEmailPreviews(): Promise<EmailPreview[]> {
  const { data, error } = await getSupabase().functions.invoke<{ mails: EmailPreview[] }>('email-preview', {
    body: {},
  });
  if (error) throw new Error(error.message);
  return data?.mails ?? [];
}

export const emailPreviewsQuery = defineQuery('email previews', getEmailPreviews);
export const useEmailPreviews = () => emailPreviewsQuery.use([]);
