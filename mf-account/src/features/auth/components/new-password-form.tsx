import { useState, type FormEvent } from 'react';
import { texts } from '../../../texts';
import { checkForm, newPasswordSchema, type FormErrors } from '../../../lib/forms';
import { passwordChangeProblem } from '../../../lib/passwords';
import { PasswordRefused, setNewPasswordMutation } from '../../../lib/passwords';
import { PasswordField } from '../../../components/password-field';

type Field = 'password' | 'confirm';
const t = texts.settings.password;

/** The reset page's form: a new password twice; the auth service's reasons when it is too weak. */
export function NewPasswordForm({ onSaved }: { onSaved: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { mutate, busy } = setNewPasswordMutation.use();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const checked = checkForm(newPasswordSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = (['password', 'confirm'] as const).find((field) => checked.errors[field]);
      if (first) (event.currentTarget.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    const outcome = await mutate({ password: checked.value.password });
    if (outcome.skipped) return;
    if (outcome.ok) {
      onSaved();
      return;
    }
    const error = outcome.error instanceof PasswordRefused ? outcome.error : null;
    setProblem(passwordChangeProblem(error, { ...t, generic: texts.genericError }));
  }

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    disabled: busy,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <PasswordField label={t.new} autoComplete="new-password" {...bind('password')} />
      <PasswordField label={t.confirm} autoComplete="new-password" {...bind('confirm')} />
      {problem ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-orange-600 px-5 py-2.5 font-semibold text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:opacity-60"
      >
        {busy ? texts.settings.saving : texts.reset.save}
      </button>
    </form>
  );
}
