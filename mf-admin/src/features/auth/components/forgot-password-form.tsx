import { useEffect, useState, type FormEvent } from 'react';
import { InputField } from '../../../components';
import { texts } from '../../../texts';
import { requestPasswordReset } from '../api/request-password-reset';
import { resetErrorMessage } from '../utils/messages';
import { FormError, linkButtonClass, submitButtonClass } from './auth-card';

/** How long the success message stays (SPEC section 9). */
export const RESET_MESSAGE_MS = 8000;

export function ForgotPasswordForm({
  onBack,
  initialError = null,
}: {
  onBack: () => void;
  initialError?: string | null;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(initialError);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(false), RESET_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    if (!email.trim()) {
      setError(texts.reset.emailRequired);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const failure = await requestPasswordReset(email.trim());
      if (failure) setError(resetErrorMessage(failure));
      else setSent(true);
    } catch {
      setError(texts.reset.unexpected);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
      <FormError message={error} />
      {sent ? (
        <div
          role="status"
          className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
        >
          <p className="font-semibold">{texts.reset.sent}</p>
          <p>{texts.reset.sentAdvice}</p>
        </div>
      ) : null}
      <InputField
        label="Email address"
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button type="submit" disabled={busy} className={submitButtonClass}>
        {busy ? 'Sending...' : 'Send Reset Link'}
      </button>
      <div className="text-center">
        <button type="button" className={linkButtonClass} onClick={onBack}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
