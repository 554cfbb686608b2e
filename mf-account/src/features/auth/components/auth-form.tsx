import { TextField } from '@prepper/shared/ui';
import { texts } from '../../../texts';
import { useAuthForm } from '../hooks/use-auth-form';
import { DemoAccountHint } from './demo-account-hint';
import { PasswordField } from '../../../components/password-field';
import { ResendConfirmation } from './resend-confirmation';

/** Sign-in and sign-up in one form, with its loading states and the fixed error texts. */
export function AuthForm({
  onSuccess,
  onForgotPassword,
}: {
  onSuccess: () => void;
  /** Opens the reset view with what the e-mail field holds. */
  onForgotPassword: (email: string) => void;
}) {
  const { mode, busy, failure, unconfirmedEmail, email, formRef, bind, submit, switchMode, fillDemoAccount } =
    useAuthForm(onSuccess);
  const signingUp = mode === 'sign-up';
  const submitLabel = signingUp
    ? busy
      ? texts.creatingAccount
      : texts.createAccount
    : busy
      ? texts.signingIn
      : texts.signIn;

  return (
    <div className="px-6 pb-6">
      <h2 className="text-2xl font-bold text-slate-900">{signingUp ? texts.createAccount : texts.signIn}</h2>
      <p className="mt-1 text-sm text-slate-500">{signingUp ? texts.createIntro : texts.signInIntro}</p>

      {signingUp ? null : <DemoAccountHint disabled={busy} onUse={fillDemoAccount} />}

      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-busy={busy}
        className="mt-5 space-y-4"
      >
        {signingUp ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              label={texts.firstName}
              type="text"
              autoComplete="given-name"
              required
              {...bind('firstName')}
            />
            <TextField
              label={texts.lastName}
              type="text"
              autoComplete="family-name"
              required
              {...bind('lastName')}
            />
          </div>
        ) : null}
        <TextField
          label={texts.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...bind('email')}
        />
        <PasswordField
          label={texts.password}
          autoComplete={signingUp ? 'new-password' : 'current-password'}
          required
          {...bind('password')}
        />
        {signingUp ? null : (
          <p className="-mt-2 text-right text-sm">
            <button
              type="button"
              onClick={() => onForgotPassword(email.trim())}
              disabled={busy}
              className="font-medium text-orange-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-orange-600"
            >
              {texts.forgotPassword}
            </button>
          </p>
        )}

        {failure ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {failure}
          </p>
        ) : null}
        {unconfirmedEmail ? <ResendConfirmation email={unconfirmedEmail} /> : null}

        <button
          type="submit"
          disabled={busy}
          className="flex w-full items-center justify-center gap-2 rounded-lg bg-orange-600 py-3 font-semibold text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {busy ? (
            <span
              aria-hidden="true"
              data-testid="auth-spinner"
              className="h-5 w-5 animate-spin rounded-full border-2 border-white/40 border-t-white"
            />
          ) : null}
          {submitLabel}
        </button>
      </form>

      <p className="mt-5 text-center text-sm text-slate-600">
        {signingUp ? texts.toSignIn : texts.toCreate}{' '}
        <button
          type="button"
          onClick={switchMode}
          disabled={busy}
          className="font-semibold text-orange-600 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-orange-600"
        >
          {signingUp ? texts.signIn : texts.createAccount}
        </button>
      </p>
    </div>
  );
}
