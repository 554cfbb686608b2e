import { useDocumentTitle } from '@prepper/shared/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { FormButtons, FormPage, FormSection, HistoryLink, InputField, SelectField } from '../../components';
import { useEntityForm } from '../../hooks/use-entity-form';
import { promotionCategoriesQuery } from '../../features/promotions/api/get-category-names';
import { promotionQuery } from '../../features/promotions/api/get-promotion';
import { useSavePromotion } from '../../features/promotions/api/save-promotion';
import { ProductScopePicker } from '../../features/promotions/components/product-scope-picker';
import {
  emptyPromotionForm,
  PROMOTION_KINDS,
  promotionFormFromRow,
  validatePromotionForm,
  type PromotionField,
  type PromotionFormErrors,
  type PromotionFormValues,
  type PromotionKind,
} from '../../features/promotions/lib/promotion-form';
import { promotionPaths } from '../../lib/promotion-paths';
import { promotionTexts } from '../../features/promotions/texts';

const t = promotionTexts.form;

/** A duplicate code (23505 on the lower(code) index) is the one refusal the form can name. */
function isDuplicate(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/** /admin/promotions/new and /admin/promotions/:promotionId/edit. */
export function PromotionFormPage() {
  const { promotionId } = useParams();
  const editing = Boolean(promotionId);
  useDocumentTitle(editing ? t.editTitle : t.createTitle);
  const [values, setValues] = useState<PromotionFormValues>(emptyPromotionForm);
  const [errors, setErrors] = useState<PromotionFormErrors>({});
  const categories = promotionCategoriesQuery.use([]);
  const save = useSavePromotion();
  const { loading, saving, formRef, submit } = useEntityForm({
    id: promotionId,
    kind: 'promotion',
    record: promotionQuery,
    onLoaded: ({ row, productNames }) => setValues(promotionFormFromRow(row, productNames)),
    validate: () => {
      const result = validatePromotionForm(values);
      setErrors(result.ok ? {} : result.errors);
      return result.ok ? null : t.invalid;
    },
    save: async () => {
      const result = validatePromotionForm(values);
      if (!result.ok) throw new Error('validated before saving');
      const outcome = await save.mutate(promotionId ?? null, result.row);
      if (!outcome.ok && isDuplicate(outcome.error)) setErrors({ code: promotionTexts.errors.duplicate });
      return outcome;
    },
    saving: save.busy,
    listPath: promotionPaths.list,
    toasts: { ...promotionTexts.toasts, loadFailed: promotionTexts.toasts.fetchFailed },
  });

  const text = (
    field: PromotionField,
    label: string,
    extra: { hint?: string; type?: string; required?: boolean } = {},
  ) => (
    <InputField
      label={label}
      hint={extra.hint}
      required={extra.required}
      type={extra.type ?? 'text'}
      inputMode={
        extra.type === undefined && field !== 'code' && field !== 'description' ? 'decimal' : undefined
      }
      value={values[field]}
      error={errors[field]}
      onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
    />
  );

  function toggleCategory(id: string, checked: boolean) {
    setValues((current) => ({
      ...current,
      categoryIds: checked
        ? [...current.categoryIds, id]
        : current.categoryIds.filter((other) => other !== id),
    }));
  }

  return (
    <FormPage
      title={editing ? t.editTitle : t.createTitle}
      back={{ to: promotionPaths.list, label: t.back }}
      loading={loading ? t.loading : null}
      formRef={formRef}
      onSubmit={(event) => void submit(event)}
      actions={<HistoryLink recordId={promotionId} name={values.code} />}
      className="grid grid-cols-1 gap-6 lg:grid-cols-3 lg:items-start"
    >
      <div className="space-y-6 lg:col-span-2">
        <FormSection title={t.details}>
          {text('code', t.code, { hint: t.codeHint, required: true })}
          {text('description', t.description, { hint: t.descriptionHint })}
          <SelectField
            label={t.kind}
            value={values.kind}
            onChange={(event) =>
              setValues((current) => ({ ...current, kind: event.target.value as PromotionKind, value: '' }))
            }
          >
            {PROMOTION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t.kinds[kind]}
              </option>
            ))}
          </SelectField>
          {values.kind === 'free_shipping'
            ? null
            : text('value', values.kind === 'percent' ? t.percent : t.amount, { required: true })}
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 accent-orange-600"
              checked={values.active}
              onChange={(event) => setValues((current) => ({ ...current, active: event.target.checked }))}
            />
            {t.active}
          </label>
        </FormSection>
        <FormSection title={t.conditions}>
          {text('minSubtotal', t.minSubtotal, { hint: t.minSubtotalHint })}
          <div className="grid gap-4 sm:grid-cols-2">
            {text('startsAt', t.startsAt, { type: 'datetime-local', hint: t.datesHint })}
            {text('endsAt', t.endsAt, { type: 'datetime-local' })}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('usageLimit', t.usageLimit, { hint: t.usageLimitHint })}
            {text('perCustomerLimit', t.perCustomerLimit, { hint: t.perCustomerLimitHint })}
          </div>
        </FormSection>
        <FormSection title={t.scope}>
          <p className="text-xs text-slate-600">{t.scopeHint}</p>
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-700">{t.categories}</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {(categories.data ?? []).map((category) => (
                <label key={category.id} className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-orange-600"
                    checked={values.categoryIds.includes(category.id)}
                    onChange={(event) => toggleCategory(category.id, event.target.checked)}
                  />
                  {category.name}
                </label>
              ))}
            </div>
          </fieldset>
          <ProductScopePicker
            products={values.products}
            onChange={(products) => setValues((current) => ({ ...current, products }))}
          />
        </FormSection>
      </div>
      <div className="lg:sticky lg:top-4">
        <FormButtons
          saving={saving}
          cancelTo={promotionPaths.list}
          texts={{ submit: t.save, saving: t.saving, cancel: t.cancel }}
          layout="stack"
        />
      </div>
    </FormPage>
  );
}
