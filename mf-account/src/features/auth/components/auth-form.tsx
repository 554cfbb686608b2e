import { Eye, EyeOff } from 'lucide-react';
import { toast } from '@prepper/shared';
import { TextField } from '@prepper/shared/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DEMO_ACCOUNT, texts } from '../../../texts';
import type { AuthFailure, AuthResult } from '../api/auth-failure';
import { signInCustomer } from '../api/sign-in-customer';
import { signUpCustomer } from '../api/sign-up-customer';

export type AuthMode = 'sign-in' | 'sign-up';

interface Fields {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

type FieldErrors = Partial<Record<keyof Fields, string>>;

const emptyFields: Fields = { email: '', password: '', firstName: '', lastName: '' };
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(fields: Fields, mode: AuthMode): FieldErrors {
  const errors: FieldErrors = {};
  if (mode === 'sign-up') {
    if (!fields.firstName.trim()) errors.firstName = texts.required.firstName;
    if (!fields.lastName.trim()) errors.lastName = texts.required.lastName;
  }
  if (!fields.email.trim()) errors.email = texts.required.email;
  else if (!EMAIL_PATTERN.test(fields.email.trim())) errors.email = texts.invalidEmail;
  if (!fields.password) errors.password = texts.required.password;
  return errors;
}

function failureText(failure: AuthFailure): string {
  switch (failure.kind) {
    case 'invalid-credentials':
      return texts.invalidCredentials;
    case 'already-registered':
      return texts.alreadyRegistered;
    case 'confirm-email':
      return texts.confirmEmail;
    case 'rejected':
      return failure.message;
    case 'unavailable':
      return texts.genericError;
  }
}

const fieldOrder: Array<keyof Fields> = ['firstName', 'lastName', 'email', 'password'];

/** Sign-in and sign-up in one form (SPEC section 2 "Auth overlay", section 4 states, section 8 errors). */
export function AuthForm({ onSuccess }: { onSuccess: () => void }) {
  const [mode, setMode] = useState<AuthMode>('sign-in');
  const [fields, setFields] = useState<Fields>(emptyFields);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const mounted = useRef(true);

  function focusField(name: keyof Fields) {
    const element = formRef.current?.elements.namedItem(name);
    if (element instanceof HTMLInputElement) element.focus();
  }

  useEffect(() => {
    mounted.current = true;
    const frame = requestAnimationFrame(() => focusField('email'));
    return () => {
      mounted.current = false;
      cancelAnimationFrame(frame);
    };
  }, []);

  const signingUp = mode === 'sign-up';

  function update(name: keyof Fields, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  }

  function switchMode() {
    setMode(signingUp ? 'sign-in' : 'sign-up');
    setErrors({});
    setFailure(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validate(fields, mode);
    setErrors(found);
    setFailure(null);
    const firstInvalid = fieldOrder.find((name) => found[name]);
    if (firstInvalid) {
      focusField(firstInvalid);
      return;
    }
    setBusy(true);
    const result: AuthResult = signingUp ? await signUpCustomer(fields) : await signInCustomer(fields);
    if (result.ok) {
      // The shared session may already have switched the overlay to the account view (unmounting this
      // form) before the call returns: close the overlay either way.
      if (result.firstName) toast.success(texts.welcomeToast(result.firstName));
      onSuccess();
    }
    if (!mounted.current) return;
    setBusy(false);
    if (!result.ok) {
      setFailure(failureText(result.failure));
      return;
    }
    setFields(emptyFields);
    setShowPassword(false);
  }

  const bind = (name: keyof Fields) => ({
    name,
    value: fields[name],
    error: errors[name],
    disabled: busy,
    onChange: (event: { target: { value: string } }) => update(name, event.target.value),
  });

  return (
    <div className="px-6 pb-6">
      <h2 className="text-2xl font-bold text-slate-900">{signingUp ? texts.createAccount : texts.signIn}</h2>
      <p className="mt-1 text-sm text-slate-500">{signingUp ? texts.createIntro : texts.signInIntro}</p>

      {!signingUp ? (
        <div className="mt-4 rounded-lg border border-orange-200 bg-orange-50 px-4 py-3 text-sm text-orange-900">
          <p>
            <span className="font-semibold">{texts.demoHint}</span> {DEMO_ACCOUNT.email} /{' '}
            {DEMO_ACCOUNT.password}
          </p>
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setFields((current) => ({
                ...current,
                email: DEMO_ACCOUNT.email,
                password: DEMO_ACCOUNT.password,
              }));
              setErrors({});
            }}
            className="mt-1 font-medium text-orange-700 underline hover:text-orange-800 focus-visible:outline-2 focus-visible:outline-orange-600"
          >
            {texts.useDemo}
          </button>
        </div>
      ) : null}

      <form ref={formRef} noValidate onSubmit={submit} aria-busy={busy} className="mt-5 space-y-4">
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
        <TextField
          label={texts.password}
          type={showPassword ? 'text' : 'password'}
          autoComplete={signingUp ? 'new-password' : 'current-password'}
          required
          {...bind('password')}
          trailing={
            <button
              type="button"
              onClick={() => setShowPassword((value) => !value)}
              aria-label={showPassword ? texts.hidePassword : texts.showPassword}
              aria-pressed={showPassword}
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-orange-600"
            >
              {showPassword ? <EyeOff className="h-5 w-5" /> : <Eye className="h-5 w-5" />}
            </button>
          }
        />

        {failure ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {failure}
          </p>
        ) : null}

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
          {busy
            ? signingUp
              ? texts.creatingAccount
              : texts.signingIn
            : signingUp
              ? texts.createAccount
              : texts.signIn}
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
