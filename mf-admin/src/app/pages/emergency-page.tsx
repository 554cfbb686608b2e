import { toast } from '@prepper/shared';
import { Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useRef, useState, type FormEvent } from 'react';
import {
  buttonStyles,
  ConfirmDialog,
  FormSection,
  InputField,
  LoadFailed,
  PageHeader,
  TextareaField,
} from '../../components';
import {
  declareEmergencyMutation,
  emergenciesQuery,
  endEmergencyMutation,
  EMERGENCY_HISTORY_LIMIT,
  type Emergency,
} from '../../features/emergency/api/emergencies';
import {
  validateDeclaration,
  type DeclarationErrors,
  type DeclarationValues,
} from '../../features/emergency/lib/declaration';
import { emergencyTexts as t } from '../../features/emergency/texts';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const when = (iso: string) => <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time>;
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function ActiveEmergency({ emergency }: { emergency: Emergency }) {
  const [confirming, setConfirming] = useState(false);
  const end = endEmergencyMutation.use();
  async function confirmEnd() {
    const outcome = await end.mutate();
    if (outcome.skipped) return;
    setConfirming(false);
    if (outcome.ok) toast.success(t.ended);
    else toast.error(t.failed(reasonOf(outcome.error)));
  }
  return (
    <FormSection
      title={`${t.activeHeading}: ${emergency.name}`}
      tone="info"
      actions={
        <button type="button" className={buttonStyles.primary} onClick={() => setConfirming(true)}>
          {t.end}
        </button>
      }
    >
      <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">{t.since}</dt>
        <dd className="text-slate-900">{when(emergency.starts_at)}</dd>
        <dt className="font-medium text-slate-700">{t.regions}</dt>
        <dd className="text-slate-900">{emergency.regions || '—'}</dd>
        <dt className="font-medium text-slate-700">{t.priceLimit}</dt>
        <dd className="text-slate-900">{t.priceLimitValue(emergency.price_rise_limit_percent)}</dd>
      </dl>
      <ConfirmDialog
        open={confirming}
        title={t.endConfirmTitle}
        message={t.endConfirmMessage(emergency.name)}
        confirmLabel={t.end}
        busy={end.busy}
        onConfirm={() => void confirmEnd()}
        onCancel={() => setConfirming(false)}
      />
    </FormSection>
  );
}

function DeclareForm() {
  const [values, setValues] = useState<DeclarationValues>({
    name: '',
    regions: '',
    limit: '10',
    start: '',
  });
  const [errors, setErrors] = useState<DeclarationErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const declare = declareEmergencyMutation.use();

  function update(key: keyof DeclarationValues, value: string) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateDeclaration(values);
    if (!result.ok) {
      setErrors(result.errors);
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const outcome = await declare.mutate(result.declaration);
    if (outcome.skipped) return;
    if (outcome.ok) toast.success(t.declared);
    else toast.error(t.failed(reasonOf(outcome.error)));
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
      <FormSection title={t.declareHeading}>
        <p className="mb-4 text-sm text-slate-600">{t.declareHint}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={t.fields.name}
            required
            placeholder={t.fields.namePlaceholder}
            value={values.name}
            error={errors.name}
            onChange={(event) => update('name', event.target.value)}
          />
          <InputField
            label={t.fields.limit}
            required
            inputMode="decimal"
            value={values.limit}
            error={errors.limit}
            onChange={(event) => update('limit', event.target.value)}
          />
          <InputField
            label={t.fields.start}
            type="datetime-local"
            hint={t.fields.startHint}
            value={values.start}
            error={errors.start}
            onChange={(event) => update('start', event.target.value)}
          />
          <TextareaField
            className="sm:col-span-2"
            label={t.fields.regions}
            placeholder={t.fields.regionsPlaceholder}
            rows={2}
            value={values.regions}
            error={errors.regions}
            onChange={(event) => update('regions', event.target.value)}
          />
        </div>
        <div className="mt-4 flex justify-end">
          <button type="submit" className={buttonStyles.primary} disabled={declare.busy}>
            {t.declare}
          </button>
        </div>
      </FormSection>
    </form>
  );
}

/** /admin/emergency (settings permission): declare an emergency, see the open one and end it, and the past ones. */
export function EmergencyPage() {
  useDocumentTitle(`${t.title} · Admin`);
  const state = emergenciesQuery.use([]);
  const header = <PageHeader title={t.title} subtitle={t.subtitle} />;
  if (state.status === 'error') {
    return (
      <div>
        {header}
        <LoadFailed
          message={t.loadFailed}
          retryLabel={t.retry}
          onRetry={() => emergenciesQuery.invalidate()}
        />
      </div>
    );
  }
  if (state.status !== 'success') {
    return (
      <div>
        {header}
        <Spinner label={t.loading} />
      </div>
    );
  }
  const open = state.data.find((emergency) => emergency.ended_at === null);
  const past = state.data
    .filter((emergency) => emergency.ended_at !== null)
    .slice(0, EMERGENCY_HISTORY_LIMIT);
  return (
    <div className="max-w-3xl space-y-6">
      {header}
      {open ? <ActiveEmergency emergency={open} /> : <DeclareForm />}
      <FormSection title={t.historyHeading}>
        {past.length === 0 ? (
          <p className="text-sm text-slate-600">{t.noHistory}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {past.map((emergency) => (
              <li key={emergency.id} className="py-2">
                <p className="font-medium text-slate-900">{emergency.name}</p>
                <p className="text-slate-600">
                  {when(emergency.starts_at)} – {when(emergency.ended_at!)}
                  {emergency.regions ? ` · ${emergency.regions}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </FormSection>
    </div>
  );
}
