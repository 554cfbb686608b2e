import { toast } from '@prepper/shared';
import { useState } from 'react';
import { InputField } from '../../../components';
import { useSetNewPassword } from '../api/set-new-password';
import { MIN_PASSWORD_LENGTH } from '../lib/messages';
import { AuthForm, SubmitButton } from './auth-card';

export const PASSWORD_UPDATED = 'Password updated successfully';

/** Shown after following the reset link: sets the new password, then lets an active administrator in. */
export function NewPasswordForm({
  onDone,
  onRefused,
}: {
  onDone: () => void;
  onRefused: (message: string) => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { mutate, busy } = useSetNewPassword();

  const handleSubmit = async () => {
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
      return;
    }
    if (password !== confirmation) {
      setError('Passwords do not match');
      return;
    }
    setError(null);
    const outcome = await mutate(password);
    if (outcome.skipped) return;
    if (!outcome.ok || !outcome.data.updated) {
      setError(outcome.ok && !outcome.data.updated ? outcome.data.message : 'Could not update the password');
      return;
    }
    toast.success(PASSWORD_UPDATED);
    if (outcome.data.refusal) onRefused(outcome.data.refusal);
    else onDone();
  };

  return (
    <AuthForm error={error} onSubmit={handleSubmit}>
      <InputField
        label="New password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <InputField
        label="Confirm new password"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <SubmitButton busy={busy} label="Save new password" busyLabel="Saving..." />
    </AuthForm>
  );
}
