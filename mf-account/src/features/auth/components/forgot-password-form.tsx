import { TextField } from '@prepper/shared/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { texts } from '../../../texts';
import { requestPasswordResetMutation, type EmailRequestResult } from '../api/email-links';
import { checkForm, emailSchema } from '../../../lib/forms';
import { EmailRequestNote } from './email-request-note';

/** The overlay's "Forgot password?" view: an address, and a reset link e-mailed to it. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<EmailRequestResult | null>(null);
  const [sentTo, setSentTo] = useState('');
  const { mutate, busy } = requestPasswordResetMutation.use();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkForm(emailSchema, { email });
    if (!checked.ok) {
      setError(checked.errors.email);
      input.current?.focus();
      return;
    }
    const outcome = await mutate(checked.value.email);
    if (outcome.skipped) return;
    setSentTo(checked.value.email);
    setResult(outcome.ok ? outcome.data : { ok: false, reason: 'unavailable' });
  }

  return (
    <div className="px-6 pb-6">
      <h2 className="text-2xl font-bold text-slate-900">{texts.forgot.title}</h2>
      <p className="mt-1 text-sm text-slate-500">{texts.forgot.lead}</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 space-y-4">
        <TextField
          ref={input}
          label={texts.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          name="email"
          value={email}
          error={error}
          disabled={busy}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
        />
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-lg bg-orange-600 py-3 font-semibold text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:opacity-70"
        >
          {busy ? texts.emailLinks.sending : texts.forgot.send}
        </button>
      </form>
      {result ? <EmailRequestNote result={result} sentText={texts.forgot.sent(sentTo)} /> : null}
      <p className="mt-5 text-center text-sm">
        <button
          type="button"
          onClick={onBack}
          className="font-semibold text-orange-600 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-orange-600"
        >
          {texts.forgot.back}
        </button>
      </p>
    </div>
  );
}
