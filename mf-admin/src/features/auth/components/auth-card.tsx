import { BRAND } from '@prepper/shared';
import type { FormEvent, ReactNode } from 'react';
import { InputField } from '../../../components';
import { texts } from '../../../texts';

/** The centred card every view of /admin/login sits in. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 px-4 py-10">
      <div className="w-full max-w-md">
        <p className="mb-6 text-center text-lg font-bold text-slate-900">
          {BRAND.name} <span className="font-medium text-orange-600">{texts.layout.label}</span>
        </p>
        <section
          aria-labelledby="auth-card-title"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h1 id="auth-card-title" className="text-2xl font-bold text-slate-900">
            {title}
          </h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </section>
      </div>
    </main>
  );
}

const submitButtonClass =
  'flex w-full items-center justify-center gap-2 rounded-md bg-orange-600 px-4 py-2.5 font-semibold text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:cursor-not-allowed disabled:opacity-60';

const linkButtonClass =
  'text-sm font-medium text-orange-600 hover:underline focus-visible:outline-2 focus-visible:outline-orange-600';

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  );
}

/** The form of every auth view: no browser validation bubbles (its own messages show instead), its error first. */
export function AuthForm({
  error,
  onSubmit,
  children,
}: {
  error: string | null;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <FormError message={error} />
      {children}
    </form>
  );
}

/** The administrator's e-mail address (the account name password managers fill). */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <InputField
      label="Email address"
      type="email"
      name="email"
      autoComplete="username"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The form's one submit button, with its busy label while the call runs. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button type="submit" disabled={busy} className={submitButtonClass}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** A centred link-styled button to another view of the page. */
export function SwitchViewButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <div className="text-center">
      <button type="button" className={linkButtonClass} onClick={onClick}>
        {children}
      </button>
    </div>
  );
}
