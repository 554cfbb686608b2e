import { useState } from 'react';
import { texts } from '../../../texts';
import { resendConfirmationMutation, type EmailRequestResult } from '../api/email-links';
import { EmailRequestNote } from './email-request-note';

/**
 * Shown while an account waits for its e-mail address to be confirmed: what that means, and a button
 * that sends the confirmation link again.
 */
export function ResendConfirmation({ email }: { email: string }) {
  const { mutate, busy } = resendConfirmationMutation.use();
  const [result, setResult] = useState<EmailRequestResult | null>(null);

  async function resend() {
    const outcome = await mutate(email);
    if (outcome.ok) setResult(outcome.data);
    else if (!outcome.skipped) setResult({ ok: false, reason: 'unavailable' });
  }

  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p>{texts.emailLinks.unconfirmedLead}</p>
      <button
        type="button"
        onClick={() => void resend()}
        disabled={busy}
        className="mt-2 font-semibold text-orange-700 underline hover:text-orange-800 focus-visible:outline-2 focus-visible:outline-orange-600 disabled:opacity-60"
      >
        {busy ? texts.emailLinks.sending : texts.emailLinks.resend}
      </button>
      {result ? <EmailRequestNote result={result} sentText={texts.emailLinks.resent(email)} /> : null}
    </div>
  );
}
