import Papa from 'papaparse';
import type { NewsletterSubscriber } from '../api/newsletter';

/**
 * The confirmed subscribers as CSV (papaparse: quoting and escaping as RFC 4180 says), with a header row
 * and CRLF line ends; a cell starting with =, +, - or @ is escaped against formula injection when the
 * file is opened in a spreadsheet.
 */
export function subscribersCsv(subscribers: readonly NewsletterSubscriber[]): string {
  return Papa.unparse(
    {
      fields: ['email', 'subscribed_at', 'confirmed_at'],
      data: subscribers.map((subscriber) => [
        subscriber.email,
        subscriber.subscribedAt,
        subscriber.confirmedAt,
      ]),
    },
    { newline: '\r\n', escapeFormulae: true },
  );
}
