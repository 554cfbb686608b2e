import type { Customer } from '@prepper/shared';
import { TextField } from '@prepper/shared/ui';
import { useState, type FormEvent } from 'react';
import { texts } from '../../../texts';
import { useUpdateName } from '../api/update-name';
import { checkForm, nameSchema, type FormErrors } from '../../../lib/forms';
import { FormMessage, SAVE_BUTTON, SettingsSection } from './settings-section';

type NameField = 'firstName' | 'lastName';
const t = texts.settings;

/** Change first and last name. */
export function NameSection({ customer }: { customer: Customer }) {
  const [values, setValues] = useState<Record<NameField, string>>({
    firstName: customer.firstName,
    lastName: customer.lastName,
  });
  const [errors, setErrors] = useState<FormErrors<NameField>>({});
  const [saved, setSaved] = useState(false);
  const { mutate, busy, error, reset } = useUpdateName();

  function update(field: NameField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setSaved(false);
    reset();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkForm(nameSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = (['firstName', 'lastName'] as const).find((field) => checked.errors[field]);
      if (first) (event.currentTarget.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setSaved((await mutate(checked.value)).ok);
  }

  return (
    <SettingsSection title={t.name.title} lead={t.name.lead}>
      <form noValidate onSubmit={submit} aria-label={t.name.title}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={texts.firstName}
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            error={errors.firstName}
            onChange={(event) => update('firstName', event.target.value)}
          />
          <TextField
            label={texts.lastName}
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            error={errors.lastName}
            onChange={(event) => update('lastName', event.target.value)}
          />
        </div>
        <button type="submit" disabled={busy} className={`mt-4 ${SAVE_BUTTON}`}>
          {busy ? t.saving : t.name.save}
        </button>
        {saved ? <FormMessage kind="success">{t.name.saved}</FormMessage> : null}
        {error !== undefined ? <FormMessage kind="error">{texts.genericError}</FormMessage> : null}
      </form>
    </SettingsSection>
  );
}
