import { routes } from '@prepper/shared';
import { FallbackImage, Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  buttonStyles,
  icons,
  ImageUploadField,
  InputField,
  PageHeader,
  TextareaField,
} from '../../../components';
import { useEntityForm } from '../../../hooks/use-entity-form';
import { getCategory } from '../api/get-category';
import { saveCategory } from '../api/save-category';
import {
  categoryFormFromRow,
  emptyCategoryForm,
  renameCategory,
  toSaveCategoryArgs,
  validateCategoryForm,
  type CategoryFormErrors,
  type CategoryFormValues,
} from '../lib/category-form';
import {
  addDraft,
  draftsFromRows,
  removeDraft,
  restoreDraft,
  updateDraft,
  type SubcategoryDraft,
} from '../lib/subcategory-drafts';
import { categoryTexts } from '../texts';
import { SubcategoryEditor } from './subcategory-editor';

const t = categoryTexts.form;
const toasts = categoryTexts.toasts;
const noErrors: CategoryFormErrors = { summary: null, fields: {}, subcategories: {} };

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** /admin/categories/new and /admin/categories/:categoryId/edit. */
export function CategoryFormPage() {
  const { categoryId } = useParams();
  const editing = Boolean(categoryId);
  useDocumentTitle(editing ? t.editTitle : t.createTitle);
  const [values, setValues] = useState<CategoryFormValues>(emptyCategoryForm);
  // A new category's id, chosen now so the images uploaded before the first save are filed under it.
  const [newId] = useState(() => crypto.randomUUID());
  const [drafts, setDrafts] = useState<SubcategoryDraft[]>([]);
  const [errors, setErrors] = useState<CategoryFormErrors>(noErrors);
  const nextKey = useRef(0);
  const { loading, saving, formRef, submit } = useEntityForm({
    id: categoryId,
    kind: 'category',
    fetch: getCategory,
    onLoaded: (category) => {
      setValues(categoryFormFromRow(category));
      setDrafts(draftsFromRows(category.subcategories));
    },
    validate: () => {
      const result = validateCategoryForm(values, drafts);
      setErrors(result);
      return result.summary;
    },
    save: () => saveCategory(toSaveCategoryArgs(categoryId ?? null, values, drafts), newId),
    listPath: routes.admin.categories,
    toasts: { ...toasts, loadFailed: toasts.fetchCategoryFailed },
  });

  function setField(field: keyof CategoryFormValues, value: string) {
    setValues((current) =>
      field === 'name' ? renameCategory(current, value) : { ...current, [field]: value },
    );
  }

  const back = (
    <Link to={routes.admin.categories} className={buttonStyles.back}>
      <icons.arrowLeft />
      {t.back}
    </Link>
  );

  if (loading) {
    return (
      <div>
        <PageHeader title={t.editTitle} back={back} />
        <Spinner label={t.loading} />
      </div>
    );
  }

  const slug = values.slug.trim();
  return (
    <div>
      <PageHeader title={editing ? t.editTitle : t.createTitle} back={back} />
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid grid-cols-1 gap-6 lg:grid-cols-3 lg:items-start"
      >
        <div className="space-y-6 lg:col-span-2">
          <Card title={t.details}>
            <div className="space-y-4">
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
                onUploaded={(url) => setField('image_url', url)}
              />
            </div>
          </Card>

          <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <div className="mb-4 flex items-center justify-between gap-2">
              <h2 className="text-lg font-semibold text-slate-900">{t.subcategories}</h2>
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
            </div>
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
          </section>
        </div>

        <div className="space-y-6">
          <Card title={t.preview}>
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
          </Card>

          <section
            aria-labelledby="category-seo"
            className="rounded-lg border border-blue-200 bg-blue-50 p-4 sm:p-6"
          >
            <h2 id="category-seo" className="mb-3 text-lg font-semibold text-blue-900">
              {t.seo}
            </h2>
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
          </section>

          <div className="flex flex-col gap-3">
            <button type="submit" className={buttonStyles.primary} disabled={saving}>
              {saving ? t.saving : editing ? t.update : t.create}
            </button>
            <Link to={routes.admin.categories} className={buttonStyles.secondary}>
              {t.cancel}
            </Link>
          </div>
        </div>
      </form>
    </div>
  );
}
