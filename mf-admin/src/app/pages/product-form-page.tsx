import { routes, toast } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { FormButtons, FormPage, FormSection, HistoryLink } from '../../components';
import { useEntityForm } from '../../hooks/use-entity-form';
import { useFormDraft } from '../../hooks/use-form-draft';
import { useFormUploads } from '../../hooks/use-form-uploads';
import { productFormQuery } from '../../features/products/api/get-product-form';
import { LotsNotSavedError, useSaveProductForm } from '../../features/products/api/save-product-form';
import { BasicSection } from '../../features/products/components/product-form/basic-section';
import { DetailsSections } from '../../features/products/components/product-form/details-sections';
import { ImagesSection } from '../../features/products/components/product-form/images-section';
import { InventorySection } from '../../features/products/components/product-form/inventory-section';
import { KitSection } from '../../features/products/components/product-form/kit-section';
import { PricingSection } from '../../features/products/components/product-form/pricing-section';
import {
  changeCategory,
  emptyProductForm,
  isDuplicateSku,
  productFormFromRow,
  toProductPayload,
  validateProductForm,
  type ProductFormErrors,
  type ProductFormValues,
} from '../../features/products/lib/product-form';
import { todayIso, validateLots, type LotDraft, type LotErrors } from '../../features/products/lib/lots';
import { productTexts } from '../../features/products/texts';
import { emergencyPriceRefusal } from '../../lib/emergency';

const t = productTexts.form;
const toasts = productTexts.toasts;

/** /admin/products/new and /admin/products/:productId/edit: the form's sections, loaded and saved as one. */
export function ProductFormPage() {
  const { productId } = useParams();
  const editing = Boolean(productId);
  useDocumentTitle(editing ? t.editTitle : t.createTitle);
  const { values, setValues, latest, newId } = useFormDraft<ProductFormValues>(emptyProductForm);
  // Pictures uploaded in this visit: those not kept (replaced, or the form left unsaved) are removed again.
  const uploads = useFormUploads();
  const [errors, setErrors] = useState<ProductFormErrors['fields']>({});
  const [lots, setLots] = useState<LotDraft[]>([]);
  const [loadedLots, setLoadedLots] = useState<LotDraft[]>([]);
  const [lotErrors, setLotErrors] = useState<LotErrors>({});
  const [today] = useState(todayIso);
  const save = useSaveProductForm();
  const usesLots = lots.length > 0 || loadedLots.length > 0;

  const { loading, saving, formRef, submit } = useEntityForm({
    id: productId,
    kind: 'product',
    record: productFormQuery,
    onLoaded: ({ row, lots: loaded }) => {
      setValues(productFormFromRow(row));
      setLots(loaded);
      setLoadedLots(loaded);
    },
    validate: () => {
      const result = validateProductForm(values, { editing });
      const lotCheck = validateLots(lots, today);
      setErrors(result.fields);
      setLotErrors(lotCheck.errors);
      return result.summary ?? lotCheck.first;
    },
    save: async () => {
      const outcome = await save.mutate({
        id: productId ?? null,
        newId,
        payload: toProductPayload(values),
        lots,
        loadedLots,
      });
      // Another product has the SKU: say so at the field (what was typed stays) and go there.
      if (!outcome.ok && isDuplicateSku(outcome.error)) {
        setErrors((current) => ({ ...current, sku: t.errors.skuTaken }));
        requestAnimationFrame(() =>
          formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
        );
      }
      return outcome;
    },
    saving: save.busy,
    onSaveSettled: (outcome) => {
      const lotsRefused = !outcome.ok && outcome.error instanceof LotsNotSavedError ? outcome.error : null;
      // The product row was saved (with or without its lots): the images it names are its own now.
      if (outcome.ok || lotsRefused) {
        const { image_url, images } = toProductPayload(values);
        uploads.saved([image_url, ...(images ?? [])]);
      }
      if (lotsRefused) toast.error(toasts.lotsFailed(lotsRefused.message));
    },
    explainRefusal: (error) => (isDuplicateSku(error) ? t.errors.skuTaken : emergencyPriceRefusal(error)),
    listPath: routes.admin.products,
    toasts: { ...toasts, loadFailed: toasts.fetchProductFailed },
  });

  function update<K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
  }
  const section = { values, errors, update };

  return (
    <FormPage
      title={editing ? t.editTitle : t.createTitle}
      back={{ to: routes.admin.products, label: t.back }}
      loading={loading ? t.loading : null}
      formRef={formRef}
      onSubmit={(event) => void submit(event)}
      actions={<HistoryLink recordId={productId} name={values.name} />}
      className="space-y-6"
    >
      <BasicSection
        {...section}
        editing={editing}
        changeCategory={(categoryId) => {
          setValues((current) => changeCategory(current, categoryId));
          setErrors((current) => ({ ...current, category_id: undefined }));
        }}
      />
      <PricingSection {...section} />
      <ImagesSection
        {...section}
        ownerId={productId ?? newId}
        uploads={uploads}
        latest={latest}
        appendImage={(url) => setValues((current) => ({ ...current, images: [...current.images, url] }))}
      />
      <DetailsSections values={values} update={update} />
      <InventorySection
        {...section}
        productId={productId}
        lots={lots}
        usesLots={usesLots}
        lotErrors={lotErrors}
        today={today}
        onLotsChange={(next, changed) => {
          setLots(next);
          if (changed)
            setLotErrors((current) => {
              const lot = current[changed.key];
              if (!lot?.[changed.field]) return current;
              return { ...current, [changed.key]: { ...lot, [changed.field]: undefined } };
            });
        }}
      />
      <KitSection {...section} />
      <FormSection title={t.sections.actions}>
        <FormButtons
          layout="row"
          saving={saving}
          cancelTo={routes.admin.products}
          texts={{ submit: editing ? t.update : t.create, saving: t.saving, cancel: t.cancel }}
        />
      </FormSection>
    </FormPage>
  );
}
