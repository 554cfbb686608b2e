import { toast } from '@prepper/shared';
import { useState } from 'react';
import { InputField } from '../../../components';
import { texts } from '../../../texts';
import { useSignInAdministrator } from '../api/sign-in-administrator';
import { validateLogin } from '../lib/messages';
import { AuthForm, EmailField, SubmitButton, SwitchViewButton } from './auth-card';

export interface SignInFormProps {
  /** Called once an active administrator is signed in. */
  onSignedIn: () => void;
  onForgotPassword: () => void;
  initialError?: string | null;
}

export function SignInForm({ onSignedIn, onForgotPassword, initialError = null }: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(initialError);
  const { mutate, busy } = useSignInAdministrator();

  const handleSubmit = async () => {
    const invalid = validateLogin(email, password);
    setError(invalid);
    if (invalid) return;
    const outcome = await mutate(email.trim(), password);
    if (outcome.skipped) return;
    const refusal = outcome.ok ? outcome.data : texts.login.failed;
    if (refusal) {
      setError(refusal);
      return;
    }
    toast.success(texts.login.signedIn);
    onSignedIn();
  };

  return (
    <AuthForm error={error} onSubmit={handleSubmit}>
      <EmailField value={email} onChange={setEmail} />
      <InputField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <SubmitButton busy={busy} label="Sign In" busyLabel="Signing in..." />
      <SwitchViewButton onClick={onForgotPassword}>Forgot your password?</SwitchViewButton>
    </AuthForm>
  );
}
