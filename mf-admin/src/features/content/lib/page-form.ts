import { contentTexts } from '../texts';
import type { ContentPageInput } from '../api/content-pages';

const t = contentTexts.form;

export interface PageFormValues {
  title: string;
  slug: string;
  kind: 'page' | 'post';
  summary: string;
  body: string;
  form: '' | 'contact' | 'bulk';
  published: boolean;
}

export type PageFormErrors = Partial<Record<'title' | 'slug' | 'summary' | 'body', string>>;

export const EMPTY_PAGE: PageFormValues = {
  title: '',
  slug: '',
  kind: 'page',
  summary: '',
  body: '',
  form: '',
  published: false,
};

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** An address from a title: 'Winter Kit: 5 Things' → 'winter-kit-5-things'. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** The same rules as the database's check constraints, each with its own message. */
export function validatePage(
  values: PageFormValues,
): { ok: true; page: ContentPageInput } | { ok: false; errors: PageFormErrors } {
  const errors: PageFormErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = t.titleRequired;
  else if (title.length > 120) errors.title = t.titleTooLong;
  const slug = values.slug.trim();
  if (!SLUG.test(slug) || slug.length > 80) errors.slug = t.slugInvalid;
  if (values.summary.trim().length > 300) errors.summary = t.summaryTooLong;
  if (values.body.length > 50_000) errors.body = t.bodyTooLong;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    page: {
      title,
      slug,
      kind: values.kind,
      summary: values.summary.trim(),
      body: values.body,
      form: values.form === '' ? null : values.form,
      published: values.published,
    },
  };
}
