import { useEffect, useState } from 'react';
import { texts } from '../../../texts';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { resetErrorMessage } from '../lib/messages';
import { AuthForm, EmailField, SubmitButton, SwitchViewButton } from './auth-card';

/** How long the success message stays. */
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
  const { mutate, busy } = useRequestPasswordReset();

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(false), RESET_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  const handleSubmit = async () => {
    setSent(false);
    if (!email.trim()) {
      setError(texts.reset.emailRequired);
      return;
    }
    setError(null);
    const outcome = await mutate(email.trim());
    if (outcome.skipped) return;
    if (!outcome.ok) setError(texts.reset.unexpected);
    else if (outcome.data) setError(resetErrorMessage(outcome.data));
    else setSent(true);
  };

  return (
    <AuthForm error={error} onSubmit={handleSubmit}>
      {sent ? (
        <div
          role="status"
          className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
        >
          <p className="font-semibold">{texts.reset.sent}</p>
          <p>{texts.reset.sentAdvice}</p>
        </div>
      ) : null}
      <EmailField value={email} onChange={setEmail} />
      <SubmitButton busy={busy} label="Send Reset Link" busyLabel="Sending..." />
      <SwitchViewButton onClick={onBack}>Back to sign in</SwitchViewButton>
    </AuthForm>
  );
}
