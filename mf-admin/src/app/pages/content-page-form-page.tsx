import { routes, toast } from '@prepper/shared';
import { Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  buttonStyles,
  FormSection,
  HistoryLink,
  InputField,
  PageHeader,
  SelectField,
  TextareaField,
} from '../../components';
import {
  contentPageQuery,
  saveContentPageMutation,
  SaveError,
  type AdminContentPage,
} from '../../features/content/api/content-pages';
import {
  EMPTY_PAGE,
  slugFromTitle,
  validatePage,
  type PageFormErrors,
  type PageFormValues,
} from '../../features/content/lib/page-form';
import { contentTexts } from '../../features/content/texts';
import { contentRoutes } from '../../lib/content-routes';

const t = contentTexts.form;

function toValues(page: AdminContentPage): PageFormValues {
  return {
    title: page.title,
    slug: page.slug,
    kind: page.kind,
    summary: page.summary,
    body: page.body,
    form: page.form ?? '',
    published: page.published,
  };
}

/**
 * /admin/pages/new and /admin/pages/:pageId/edit (settings permission): a page's title, address, kind,
 * summary, Markdown text, form and whether it is published. Every field is checked here (an error per
 * field, what was typed kept) and again by the database, which records the change in the audit log.
 */
export function ContentPageFormPage() {
  const { pageId } = useParams();
  const editing = pageId !== undefined;
  useDocumentTitle(`${editing ? t.editTitle : t.newTitle} · Admin`);
  const navigate = useNavigate();
  const state = contentPageQuery.use(editing ? [pageId] : null);
  const { mutate, busy } = saveContentPageMutation.use();
  const [values, setValues] = useState<PageFormValues | null>(editing ? null : EMPTY_PAGE);
  const [slugTouched, setSlugTouched] = useState(editing);
  const [errors, setErrors] = useState<PageFormErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  if (values === null && state.status === 'success' && state.data) setValues(toValues(state.data));

  function update<K extends keyof PageFormValues>(key: K, value: PageFormValues[K]) {
    setValues((current) => {
      if (!current) return current;
      const next = { ...current, [key]: value };
      if (key === 'title' && !slugTouched) next.slug = slugFromTitle(String(value));
      return next;
    });
    setErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
  }

  function focusFirstError() {
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values) return;
    const checked = validatePage(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(t.invalid);
      focusFirstError();
      return;
    }
    const outcome = await mutate(pageId ?? null, checked.page);
    if (outcome.skipped) return;
    if (!outcome.ok) {
      const error = outcome.error;
      if (error instanceof SaveError && error.code === '23505') {
        setErrors({ slug: t.slugTaken });
        toast.error(t.invalid);
        focusFirstError();
        return;
      }
      toast.error(t.saveFailed(error instanceof Error ? error.message : String(error)));
      return;
    }
    toast.success(t.saved);
    setValues(toValues(outcome.data));
    if (!editing) void navigate(contentRoutes.editPage(outcome.data.id), { replace: true });
  }

  const header = (
    <PageHeader
      title={editing ? t.editTitle : t.newTitle}
      back={
        <Link to={contentRoutes.pages} className="text-sm font-medium text-orange-700 hover:underline">
          ← {t.back}
        </Link>
      }
      actions={editing && values ? <HistoryLink recordId={pageId} name={values.title} /> : null}
    />
  );

  if (values === null) {
    return (
      <div>
        {header}
        {state.status === 'success' && !state.data ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-800">
            {t.notFound}
          </p>
        ) : state.status === 'error' ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-800">
            {t.saveFailed(state.error instanceof Error ? state.error.message : String(state.error))}
          </p>
        ) : (
          <Spinner label={t.loading} />
        )}
      </div>
    );
  }

  return (
    <div>
      {header}
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="max-w-4xl space-y-6">
        <FormSection title={t.editTitle}>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              label={t.title}
              required
              maxLength={200}
              value={values.title}
              error={errors.title}
              onChange={(event) => update('title', event.target.value)}
            />
            <InputField
              label={t.slug}
              hint={t.slugHint}
              required
              value={values.slug}
              error={errors.slug}
              onChange={(event) => {
                setSlugTouched(true);
                update('slug', event.target.value);
              }}
            />
            <SelectField
              label={t.kind}
              value={values.kind}
              onChange={(event) => update('kind', event.target.value as PageFormValues['kind'])}
            >
              <option value="page">{contentTexts.list.kinds.page}</option>
              <option value="post">{contentTexts.list.kinds.post}</option>
            </SelectField>
            <SelectField
              label={t.form}
              value={values.form}
              onChange={(event) => update('form', event.target.value as PageFormValues['form'])}
            >
              <option value="">{t.forms.none}</option>
              <option value="contact">{t.forms.contact}</option>
              <option value="bulk">{t.forms.bulk}</option>
            </SelectField>
            <TextareaField
              label={t.summary}
              hint={t.summaryHint}
              fieldClassName="sm:col-span-2"
              rows={2}
              value={values.summary}
              error={errors.summary}
              onChange={(event) => update('summary', event.target.value)}
            />
            <TextareaField
              label={t.body}
              hint={t.bodyHint}
              fieldClassName="sm:col-span-2"
              className="font-mono"
              rows={20}
              value={values.body}
              error={errors.body}
              onChange={(event) => update('body', event.target.value)}
            />
            <label className="flex items-center gap-2 text-sm font-medium text-slate-700 sm:col-span-2">
              <input
                type="checkbox"
                className="h-4 w-4 accent-orange-600"
                checked={values.published}
                onChange={(event) => update('published', event.target.checked)}
              />
              {t.published}
            </label>
          </div>
        </FormSection>
        <div className="flex justify-end gap-3">
          {editing && values.published ? (
            <a href={routes.contentPage(values.slug)} className={buttonStyles.secondary}>
              {contentTexts.list.view(values.title)}
            </a>
          ) : null}
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {busy ? t.saving : t.save}
          </button>
        </div>
      </form>
    </div>
  );
}
