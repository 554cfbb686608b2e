import { routes, toast } from '@prepper/shared';
import { FallbackImage, useDocumentTitle } from '@prepper/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  FormButtons,
  FormPage,
  FormSection,
  ImageUploadField,
  InputField,
  SelectField,
  TextareaField,
} from '../../components';
import { useEntityForm } from '../../hooks/use-entity-form';
import { useFormUploads } from '../../hooks/use-form-uploads';
import {
  getCategoryOptions,
  getSubcategoryOptions,
  type Option,
} from '../../features/products/api/get-category-options';
import { getProduct } from '../../features/products/api/get-product';
import { getProductLots } from '../../features/products/api/get-product-lots';
import { saveProduct } from '../../features/products/api/save-product';
import { saveProductLots } from '../../features/products/api/save-product-lots';
import { addListItem } from '../../features/products/lib/list-items';
import {
  addImageUrl,
  changeCategory,
  emptyProductForm,
  productFormFromRow,
  toProductPayload,
  validateProductForm,
  type ProductFormErrors,
  type ProductFormValues,
} from '../../features/products/lib/product-form';
import {
  lotDraftsFromRows,
  lotsChanged,
  lotsTotal,
  todayIso,
  toLotsPayload,
  validateLots,
  type LotDraft,
  type LotErrors,
} from '../../features/products/lib/lots';
import { productTexts } from '../../features/products/texts';
import { ListEditor } from '../../features/products/components/list-editor';
import { LotEditor } from '../../features/products/components/lot-editor';
import { SpecificationsEditor } from '../../features/products/components/specifications-editor';
import { ProductWaitlistCount } from '../../features/products/components/waitlist-count';

const t = productTexts.form;
const toasts = productTexts.toasts;

const addUnique = (items: string[], input: string) => ({
  items: addListItem(items, input, { unique: true }),
  error: null,
});
const addAny = (items: string[], input: string) => ({
  items: addListItem(items, input, { unique: false }),
  error: null,
});
const addImage = (items: string[], input: string) => {
  const result = addImageUrl(items, input);
  return { items: result.error ? items : result.images, error: result.error };
};

/** /admin/products/new and /admin/products/:productId/edit. */
export function ProductFormPage() {
  const { productId } = useParams();
  const editing = Boolean(productId);
  useDocumentTitle(editing ? t.editTitle : t.createTitle);
  const [values, setValues] = useState<ProductFormValues>(emptyProductForm);
  // The values as last rendered, for an upload that finishes after the admin went on editing.
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  }, [values]);
  // Pictures uploaded in this visit: those not kept (replaced, or the form left unsaved) are removed again.
  const uploads = useFormUploads();
  // A new product's id, chosen now so the images uploaded before the first save are filed under it.
  const [newId] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<ProductFormErrors['fields']>({});
  const [categories, setCategories] = useState<Option[]>([]);
  const [lots, setLots] = useState<LotDraft[]>([]);
  const [loadedLots, setLoadedLots] = useState<LotDraft[]>([]);
  const [lotErrors, setLotErrors] = useState<LotErrors>({});
  const [today] = useState(todayIso);
  const [subcategoryOptions, setSubcategoryOptions] = useState<{
    categoryId: string;
    options: Option[];
  } | null>(null);

  useEffect(() => {
    let active = true;
    getCategoryOptions()
      .then((options) => {
        if (active) setCategories(options);
      })
      .catch((error: unknown) => {
        console.error(error);
        if (active) toast.error(toasts.fetchCategoriesFailed);
      });
    return () => {
      active = false;
    };
  }, []);

  const usesLots = lots.length > 0 || loadedLots.length > 0;

  const { loading, saving, formRef, submit } = useEntityForm({
    id: productId,
    kind: 'product',
    fetch: async (id) => {
      const [row, lotRows] = await Promise.all([getProduct(id), getProductLots(id)]);
      return { row, lots: lotDraftsFromRows(lotRows) };
    },
    onLoaded: ({ row, lots: loaded }) => {
      setValues(productFormFromRow(row));
      setLots(loaded);
      setLoadedLots(loaded);
    },
    validate: () => {
      const result = validateProductForm(values);
      const lotCheck = validateLots(lots, today);
      setErrors(result.fields);
      setLotErrors(lotCheck.errors);
      return result.summary ?? lotCheck.first;
    },
    save: async () => {
      // With lots, the stock is theirs: the product saves without a number and the lots follow.
      const { stock_count, ...rest } = toProductPayload(values);
      const saved = await saveProduct(productId ?? null, usesLots ? rest : { ...rest, stock_count }, newId);
      uploads.saved([rest.image_url, ...(rest.images ?? [])]);
      if (!lotsChanged(lots, loadedLots)) return saved;
      try {
        await saveProductLots(saved.id, toLotsPayload(lots));
      } catch (error) {
        toast.error(toasts.lotsFailed(error instanceof Error ? error.message : String(error)));
        throw error;
      }
      return saved;
    },
    listPath: routes.admin.products,
    toasts: { ...toasts, loadFailed: toasts.fetchProductFailed },
  });

  const categoryId = values.category_id;
  const subcategories = subcategoryOptions?.categoryId === categoryId ? subcategoryOptions.options : [];
  useEffect(() => {
    if (!categoryId) return;
    let active = true;
    getSubcategoryOptions(categoryId)
      .then((options) => {
        if (active) setSubcategoryOptions({ categoryId, options });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (active) toast.error(toasts.fetchSubcategoriesFailed);
      });
    return () => {
      active = false;
    };
  }, [categoryId]);

  function update<K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
  }

  return (
    <FormPage
      title={editing ? t.editTitle : t.createTitle}
      back={{ to: routes.admin.products, label: t.back }}
      loading={loading ? t.loading : null}
      formRef={formRef}
      onSubmit={(event) => void submit(event)}
      className="space-y-6"
    >
      <FormSection title={t.sections.basic}>
        <InputField
          label={t.name}
          required
          value={values.name}
          error={errors.name}
          onChange={(event) => update('name', event.target.value)}
        />
        <TextareaField
          label={t.description}
          required
          rows={4}
          value={values.description}
          error={errors.description}
          onChange={(event) => update('description', event.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t.category}
            required
            value={values.category_id}
            error={errors.category_id}
            onChange={(event) => {
              const next = event.target.value;
              setValues((current) => changeCategory(current, next));
              setErrors((current) => ({ ...current, category_id: undefined }));
            }}
          >
            <option value="">{t.chooseCategory}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t.subcategory}
            value={values.subcategory_id}
            disabled={!values.category_id}
            onChange={(event) => update('subcategory_id', event.target.value)}
          >
            <option value="">{values.category_id ? t.chooseSubcategory : t.chooseCategoryFirst}</option>
            {subcategories.map((subcategory) => (
              <option key={subcategory.id} value={subcategory.id}>
                {subcategory.name}
              </option>
            ))}
          </SelectField>
        </div>
      </FormSection>

      <FormSection title={t.sections.pricing}>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={t.price}
            required
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={values.price}
            error={errors.price}
            onChange={(event) => update('price', event.target.value)}
          />
          <InputField
            label={t.originalPrice}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={values.original_price}
            hint={t.originalPriceHint}
            error={errors.original_price}
            onChange={(event) => update('original_price', event.target.value)}
          />
        </div>
      </FormSection>

      <FormSection title={t.sections.images}>
        <InputField
          label={t.mainImage}
          required
          type="url"
          placeholder="https://"
          value={values.image_url}
          error={errors.image_url}
          onChange={(event) => update('image_url', event.target.value)}
        />
        <ImageUploadField
          label={t.uploadMainImage}
          owner="products"
          ownerId={productId ?? newId}
          onStored={uploads.uploaded}
          onUploaded={(url) => {
            const previous = latest.current.image_url;
            update('image_url', url);
            uploads.replaced(previous, latest.current.images);
          }}
        />
        <div>
          <h3 className="mb-2 text-sm font-medium text-slate-700">{t.additionalImages}</h3>
          <ListEditor
            items={values.images}
            onChange={(images) => update('images', images)}
            add={addImage}
            inputType="url"
            inputLabel={t.additionalImage}
            placeholder="https://"
            addLabel={t.addImage}
            removeLabel={t.removeImage}
            emptyText={t.noImages}
          />
          <ImageUploadField
            label={t.uploadAdditionalImage}
            className="mt-4"
            owner="products"
            ownerId={productId ?? newId}
            onStored={uploads.uploaded}
            onUploaded={(url) => setValues((current) => ({ ...current, images: [...current.images, url] }))}
          />
        </div>
        {values.image_url.trim() ? (
          <div>
            <h3 className="mb-2 text-sm font-medium text-slate-700">{t.preview}</h3>
            <FallbackImage
              src={values.image_url.trim()}
              alt={t.previewAlt}
              className="h-48 w-48 rounded-lg border border-slate-200 object-cover"
            />
          </div>
        ) : null}
      </FormSection>

      <FormSection title={t.sections.features}>
        <ListEditor
          items={values.features}
          onChange={(features) => update('features', features)}
          add={addAny}
          inputLabel={t.feature}
          addLabel={t.addFeature}
          removeLabel={t.removeFeature}
          emptyText={t.noFeatures}
        />
      </FormSection>

      <FormSection title={t.sections.specifications}>
        <SpecificationsEditor
          value={values.specifications}
          onChange={(specifications) => update('specifications', specifications)}
        />
      </FormSection>

      <FormSection title={t.sections.tags}>
        <ListEditor
          items={values.tags}
          onChange={(tags) => update('tags', tags)}
          add={addUnique}
          inputLabel={t.tag}
          addLabel={t.addTag}
          removeLabel={t.removeTag}
          emptyText={t.noTags}
          layout="chips"
        />
      </FormSection>

      <FormSection title={t.sections.inventory}>
        {productId ? <ProductWaitlistCount productId={productId} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {usesLots ? (
            <p className="self-end py-2 text-sm font-medium text-slate-700" data-testid="stock-from-lots">
              {productTexts.lots.fromLots(lotsTotal(lots))}
            </p>
          ) : (
            <InputField
              label={t.stockCount}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={values.stock_count}
              error={errors.stock_count}
              onChange={(event) => update('stock_count', event.target.value)}
            />
          )}
          <InputField
            label={t.purchaseLimit}
            hint={t.purchaseLimitHint}
            type="number"
            inputMode="numeric"
            min={1}
            max={999}
            step={1}
            placeholder={t.noLimit}
            value={values.purchase_limit}
            error={errors.purchase_limit}
            onChange={(event) => update('purchase_limit', event.target.value)}
          />
          <label className="flex items-center gap-2 py-2 text-sm font-medium text-slate-700 sm:col-span-2">
            <input
              type="checkbox"
              checked={values.in_stock}
              onChange={(event) => update('in_stock', event.target.checked)}
              className="h-4 w-4 rounded border-slate-300 accent-orange-600"
            />
            {t.inStock}
          </label>
        </div>
        <LotEditor
          lots={lots}
          errors={lotErrors}
          today={today}
          onChange={(next, changed) => {
            setLots(next);
            if (changed)
              setLotErrors((current) => {
                const lot = current[changed.key];
                if (!lot?.[changed.field]) return current;
                return { ...current, [changed.key]: { ...lot, [changed.field]: undefined } };
              });
          }}
        />
      </FormSection>

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
