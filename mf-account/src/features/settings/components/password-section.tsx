import { useState, type FormEvent } from 'react';
import { changePasswordSchema, checkForm, type FormErrors } from '../../../lib/forms';
import { texts } from '../../../texts';
import { passwordChangeProblem } from '../../../lib/passwords';
import { PasswordRefused, setNewPasswordMutation } from '../../../lib/passwords';
import { PasswordField } from '../../../components/password-field';
import { FormMessage, SAVE_BUTTON, SettingsSection } from './settings-section';

type Field = 'current' | 'password' | 'confirm';
const t = texts.settings.password;
const empty: Record<Field, string> = { current: '', password: '', confirm: '' };

/** Change the password: the current one is checked by the auth service, with the new one. */
export function PasswordSection() {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { mutate, busy } = setNewPasswordMutation.use();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    setSaved(false);
    const checked = checkForm(changePasswordSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = (['current', 'password', 'confirm'] as const).find((field) => checked.errors[field]);
      if (first) (event.currentTarget.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    const outcome = await mutate({
      password: checked.value.password,
      currentPassword: checked.value.current,
    });
    if (outcome.skipped) return;
    if (outcome.ok) {
      setValues(empty);
      setSaved(true);
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
      setSaved(false);
    },
  });

  return (
    <SettingsSection title={t.title} lead={t.lead}>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <PasswordField label={t.current} autoComplete="current-password" {...bind('current')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField label={t.new} autoComplete="new-password" {...bind('password')} />
          <PasswordField label={t.confirm} autoComplete="new-password" {...bind('confirm')} />
        </div>
        <button type="submit" disabled={busy} className={SAVE_BUTTON}>
          {busy ? texts.settings.saving : t.save}
        </button>
        {saved ? <FormMessage kind="success">{t.saved}</FormMessage> : null}
        {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      </form>
    </SettingsSection>
  );
}
