import { refreshStoreInfo, routes, toast } from '@prepper/shared';
import { Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { buttonStyles, FormSection, InputField, PageHeader, TextareaField } from '../../components';
import { hasPermission, useCurrentAdmin } from '../../lib/current-admin';
import { saveStoreSettingsMutation, storeSettingsQuery } from '../../features/settings/api/store-settings';
import {
  SETTING_FIELDS,
  SETTING_SECTIONS,
  toFormValues,
  validateSettings,
  type SettingKey,
  type SettingsErrors,
  type SettingsFormValues,
} from '../../features/settings/lib/settings-form';
import { settingsTexts as t } from '../../features/settings/texts';

type Field = (typeof SETTING_FIELDS)[number];

/** The keyboard and browser hints of each kind of setting. */
const INPUT_PROPS = {
  whole: { inputMode: 'numeric' },
  money: { inputMode: 'decimal' },
  text: { type: 'text' },
  phone: { type: 'tel', autoComplete: 'off' },
  email: { type: 'email', autoComplete: 'off' },
} as const;

/**
 * /admin/settings (settings permission): the store's rules as a form. Every field is checked here
 * (a clear error per field, what was typed kept) and again by the database, which saves them in one
 * update and records it in the audit log.
 */
export function SettingsPage() {
  useDocumentTitle(`${t.title} · Admin`);
  const admin = useCurrentAdmin();
  const state = storeSettingsQuery.use([]);
  const { mutate, busy } = saveStoreSettingsMutation.use();
  const [values, setValues] = useState<SettingsFormValues | null>(null);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  // The form starts from the database's values once they arrive; after that it holds what is typed.
  if (values === null && state.status === 'success') setValues(toFormValues(state.data));

  function update(key: SettingKey, value: string) {
    setValues((current) => (current ? { ...current, [key]: value } : current));
    setErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values) return;
    const checked = validateSettings(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(t.invalid);
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const outcome = await mutate(checked.settings);
    if (outcome.skipped) return;
    if (!outcome.ok) {
      console.error(outcome.error);
      toast.error(
        t.saveFailed(outcome.error instanceof Error ? outcome.error.message : String(outcome.error)),
      );
      return;
    }
    setValues(toFormValues(outcome.data));
    toast.success(t.saved);
    // The storefront in this tab shows the new values at once (other visitors' pages within a minute).
    void refreshStoreInfo();
  }

  const header = (
    <PageHeader
      title={t.title}
      subtitle={t.subtitle}
      actions={
        hasPermission(admin, 'settings') ? (
          <Link
            to={routes.admin.audit('true')}
            className={buttonStyles.secondary}
            aria-label={t.historyLabel}
          >
            {t.history}
          </Link>
        ) : null
      }
    />
  );

  if (values === null) {
    return (
      <div>
        {header}
        {state.status === 'error' ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
            <p className="font-semibold text-red-800">{t.loadFailed}</p>
            <button
              type="button"
              className={`${buttonStyles.secondary} mt-4`}
              onClick={() => storeSettingsQuery.invalidate()}
            >
              {t.retry}
            </button>
          </div>
        ) : (
          <Spinner label={t.loading} />
        )}
      </div>
    );
  }

  return (
    <div>
      {header}
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="max-w-3xl space-y-6">
        {SETTING_SECTIONS.map((section) => (
          <FormSection key={section} title={t.sections[section]}>
            <div className="grid gap-4 sm:grid-cols-2">
              {SETTING_FIELDS.filter((field) => field.section === section).map((field: Field) => {
                const common = {
                  label: field.label,
                  hint: field.hint,
                  error: errors[field.key],
                  required: !('optional' in field && field.optional),
                  value: values[field.key],
                };
                return field.kind === 'lines' ? (
                  <TextareaField
                    key={field.key}
                    {...common}
                    fieldClassName="sm:col-span-2"
                    rows={field.maxLines}
                    onChange={(event) => update(field.key, event.target.value)}
                  />
                ) : (
                  <InputField
                    key={field.key}
                    {...common}
                    {...INPUT_PROPS[field.kind]}
                    onChange={(event) => update(field.key, event.target.value)}
                  />
                );
              })}
            </div>
          </FormSection>
        ))}
        <div className="flex justify-end">
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {busy ? t.saving : t.save}
          </button>
        </div>
      </form>
    </div>
  );
}
