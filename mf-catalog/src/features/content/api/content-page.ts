/** A content page or blog post as the storefront shows it (public.content_pages, published only). */
export interface ContentPage {
  slug: string;
  kind: 'page' | 'post';
  title: string;
  summary: string;
  /** Markdown: rendered with renderMarkdown only. */
  body: string;
  /** The form shown below the text (Contact Us, Bulk Orders), if any. */
  form: 'contact' | 'bulk' | null;
  publishedAt: string | null;
  updatedAt: string;
}

export interface ContentPageRow {
  slug: string;
  kind: 'page' | 'post';
  title: string;
  summary: string;
  body: string;
  form: 'contact' | 'bulk' | null;
  published_at: string | null;
  updated_at: string;
}

export const CONTENT_PAGE_COLUMNS = 'slug, kind, title, summary, body, form, published_at, updated_at';

export function mapContentPage(row: ContentPageRow): ContentPage {
  return {
    slug: row.slug,
    kind: row.kind,
    title: row.title,
    summary: row.summary,
    body: row.body,
    form: row.form,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
  };
}
