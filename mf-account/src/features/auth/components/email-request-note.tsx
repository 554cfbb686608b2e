import { texts } from '../../../texts';
import type { EmailRequestResult } from '../api/email-links';

/** What a request for an e-mail answered: sent (status), or why not (alert). */
export function EmailRequestNote({ result, sentText }: { result: EmailRequestResult; sentText: string }) {
  if (result.ok)
    return (
      <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
        {sentText}
      </p>
    );
  const text =
    result.reason === 'rate-limited'
      ? texts.emailLinks.rateLimited(result.message)
      : result.reason === 'invalid'
        ? (result.message ?? texts.genericError)
        : texts.genericError;
  return (
    <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
      {text}
    </p>
  );
}
