import { toast } from '@prepper/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { texts } from '../../../texts';
import type { AuthFailure } from '../api/auth-failure';
import { useAuthenticate } from '../api/authenticate';
import {
  emptyFields,
  fieldOrder,
  validateCredentials,
  type AuthMode,
  type CredentialFields,
  type FieldErrors,
} from '../lib/validate-credentials';

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

/**
 * The state of the auth overlay's form: the mode (sign in or create an account), the fields and their
 * errors, the call in flight and its failure. The first invalid field, or the e-mail on opening, takes
 * the focus.
 */
export function useAuthForm(onSuccess: () => void) {
  const [mode, setMode] = useState<AuthMode>('sign-in');
  const [fields, setFields] = useState<CredentialFields>(emptyFields);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** The address waiting for its confirmation (after sign-up, or a sign-in it refused). */
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const { mutate: authenticate, busy } = useAuthenticate();
  const formRef = useRef<HTMLFormElement>(null);
  const mounted = useRef(true);

  function focusField(name: keyof CredentialFields) {
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

  function update(name: keyof CredentialFields, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  }

  function switchMode() {
    setMode(mode === 'sign-up' ? 'sign-in' : 'sign-up');
    setErrors({});
    setFailure(null);
    setUnconfirmedEmail(null);
  }

  function fillDemoAccount(email: string, password: string) {
    setFields((current) => ({ ...current, email, password }));
    setErrors({});
  }

  /** Resolves true when the customer is signed in (the caller then forgets what was typed). */
  async function submit(event: FormEvent<HTMLFormElement>): Promise<boolean> {
    event.preventDefault();
    if (busy) return false;
    const found = validateCredentials(fields, mode);
    setErrors(found);
    setFailure(null);
    setUnconfirmedEmail(null);
    const firstInvalid = fieldOrder.find((name) => found[name]);
    if (firstInvalid) {
      focusField(firstInvalid);
      return false;
    }
    const outcome = await authenticate({ mode, fields });
    // The calls answer every failure themselves; skipped means a submit is already running.
    if (!outcome.ok) return false;
    const result = outcome.data;
    if (result.ok) {
      // The shared session may already have switched the overlay to the account view (unmounting this
      // form) before the call returns: close the overlay either way.
      if (result.firstName) toast.success(texts.welcomeToast(result.firstName));
      onSuccess();
    }
    if (!mounted.current) return result.ok;
    if (!result.ok) {
      setFailure(failureText(result.failure));
      if (result.failure.kind === 'confirm-email') setUnconfirmedEmail(fields.email.trim().toLowerCase());
      return false;
    }
    setFields(emptyFields);
    return true;
  }

  /** The props a TextField needs for one of the fields. */
  const bind = (name: keyof CredentialFields) => ({
    name,
    value: fields[name],
    error: errors[name],
    disabled: busy,
    onChange: (event: { target: { value: string } }) => update(name, event.target.value),
  });

  return {
    mode,
    busy,
    failure,
    unconfirmedEmail,
    email: fields.email,
    formRef,
    bind,
    submit,
    switchMode,
    fillDemoAccount,
  };
}
