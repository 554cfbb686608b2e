import { routes } from '@prepper/shared';
import { FallbackImage, useDocumentTitle } from '@prepper/shared/ui';
import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  buttonStyles,
  FormButtons,
  FormPage,
  FormSection,
  icons,
  ImageUploadField,
  InputField,
  TextareaField,
  HistoryLink,
} from '../../components';
import { useEntityForm } from '../../hooks/use-entity-form';
import { useFormDraft } from '../../hooks/use-form-draft';
import { useFormUploads } from '../../hooks/use-form-uploads';
import { categoryQuery } from '../../features/categories/api/get-category';
import { useSaveCategory } from '../../features/categories/api/save-category';
import {
  categoryFormFromRow,
  emptyCategoryForm,
  renameCategory,
  toSaveCategoryArgs,
  validateCategoryForm,
  type CategoryFormErrors,
  type CategoryFormValues,
} from '../../features/categories/lib/category-form';
import {
  addDraft,
  draftsFromRows,
  removeDraft,
  restoreDraft,
  updateDraft,
  type SubcategoryDraft,
} from '../../features/categories/lib/subcategory-drafts';
import { categoryTexts } from '../../features/categories/texts';
import { SubcategoryEditor } from '../../features/categories/components/subcategory-editor';

const t = categoryTexts.form;
const toasts = categoryTexts.toasts;
const noErrors: CategoryFormErrors = { summary: null, fields: {}, subcategories: {} };

/** /admin/categories/new and /admin/categories/:categoryId/edit. */
export function CategoryFormPage() {
  const { categoryId } = useParams();
  const editing = Boolean(categoryId);
  useDocumentTitle(editing ? t.editTitle : t.createTitle);
  const { values, setValues, latest, newId } = useFormDraft<CategoryFormValues>(emptyCategoryForm);
  // Pictures uploaded in this visit: those not kept (replaced, or the form left unsaved) are removed again.
  const uploads = useFormUploads();
  const [drafts, setDrafts] = useState<SubcategoryDraft[]>([]);
  const [errors, setErrors] = useState<CategoryFormErrors>(noErrors);
  const nextKey = useRef(0);
  const save = useSaveCategory();
  const { loading, saving, formRef, submit } = useEntityForm({
    id: categoryId,
    kind: 'category',
    record: categoryQuery,
    onLoaded: (category) => {
      setValues(categoryFormFromRow(category));
      setDrafts(draftsFromRows(category.subcategories));
    },
    validate: () => {
      const result = validateCategoryForm(values, drafts);
      setErrors(result);
      return result.summary;
    },
    save: () => save.mutate(toSaveCategoryArgs(categoryId ?? null, values, drafts), newId),
    saving: save.busy,
    onSaveSettled: (outcome) => {
      if (!outcome.ok) return;
      const imageUrl = toSaveCategoryArgs(categoryId ?? null, values, drafts).p_image_url;
      uploads.saved(imageUrl ? [imageUrl] : []);
    },
    listPath: routes.admin.categories,
    toasts: { ...toasts, loadFailed: toasts.fetchCategoryFailed },
  });

  function setField(field: keyof CategoryFormValues, value: string) {
    setValues((current) =>
      field === 'name' ? renameCategory(current, value) : { ...current, [field]: value },
    );
  }

  const slug = values.slug.trim();
  return (
    <FormPage
      title={editing ? t.editTitle : t.createTitle}
      back={{ to: routes.admin.categories, label: t.back }}
      loading={loading ? t.loading : null}
      formRef={formRef}
      onSubmit={(event) => void submit(event)}
      actions={<HistoryLink recordId={categoryId} name={values.name} />}
      className="grid grid-cols-1 gap-6 lg:grid-cols-3 lg:items-start"
    >
      <div className="space-y-6 lg:col-span-2">
        <FormSection title={t.details}>
          <InputField
            label={t.name}
            required
            value={values.name}
            error={errors.fields.name}
            onChange={(event) => setField('name', event.target.value)}
          />
          <InputField
            label={t.slug}
            required
            value={values.slug}
            hint={t.slugHint}
            error={errors.fields.slug}
            onChange={(event) => setField('slug', event.target.value)}
          />
          <TextareaField
            label={t.description}
            required
            rows={3}
            value={values.description}
            error={errors.fields.description}
            onChange={(event) => setField('description', event.target.value)}
          />
          <InputField
            label={t.imageUrl}
            required
            type="url"
            placeholder="https://"
            value={values.image_url}
            error={errors.fields.image_url}
            onChange={(event) => setField('image_url', event.target.value)}
          />
          <ImageUploadField
            label={t.uploadImage}
            owner="categories"
            ownerId={categoryId ?? newId}
            onStored={uploads.uploaded}
            onUploaded={(url) => {
              const previous = latest.current.image_url;
              setField('image_url', url);
              uploads.replaced(previous, []);
            }}
          />
        </FormSection>

        <FormSection
          title={t.subcategories}
          actions={
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => {
                nextKey.current += 1;
                setDrafts((current) => addDraft(current, `new-${nextKey.current}`));
              }}
            >
              <icons.plus />
              {t.addSubcategory}
            </button>
          }
        >
          {drafts.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
              {t.noSubcategories}
            </p>
          ) : (
            <ul className="space-y-3">
              {drafts.map((draft, index) => (
                <SubcategoryEditor
                  key={draft.key}
                  draft={draft}
                  position={index + 1}
                  errors={errors.subcategories[draft.key]}
                  onChange={(field, value) =>
                    setDrafts((current) => updateDraft(current, draft.key, field, value))
                  }
                  onRemove={() => setDrafts((current) => removeDraft(current, draft.key))}
                  onRestore={() => setDrafts((current) => restoreDraft(current, draft.key))}
                />
              ))}
            </ul>
          )}
        </FormSection>
      </div>

      <div className="space-y-6">
        <FormSection title={t.preview}>
          <div className="overflow-hidden rounded-lg border border-slate-200">
            <FallbackImage
              src={values.image_url.trim()}
              alt={t.previewAlt}
              className="h-40 w-full object-cover"
            />
            <div className="p-3">
              <p className="font-semibold text-slate-900">{values.name.trim() || t.name}</p>
              <p className="line-clamp-3 text-sm text-slate-600">{values.description.trim()}</p>
            </div>
          </div>
        </FormSection>

        <FormSection title={t.seo} tone="info">
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="font-medium text-blue-900">{t.seoUrl}</dt>
              <dd className="break-all text-blue-800">{routes.category(slug)}</dd>
            </div>
            <div>
              <dt className="font-medium text-blue-900">{t.seoTitle}</dt>
              <dd className="text-blue-800">{values.name.trim()}</dd>
            </div>
            <div>
              <dt className="font-medium text-blue-900">{t.seoDescription}</dt>
              <dd className="text-blue-800">{values.description.trim()}</dd>
            </div>
          </dl>
        </FormSection>

        <FormButtons
          layout="stack"
          saving={saving}
          cancelTo={routes.admin.categories}
          texts={{ submit: editing ? t.update : t.create, saving: t.saving, cancel: t.cancel }}
        />
      </div>
    </FormPage>
  );
}
