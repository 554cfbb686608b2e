import { getSupabase } from '@prepper/shared';
import { defineMutation, defineQuery } from '../../../lib/query';

export interface AdminContentPage {
  id: string;
  slug: string;
  kind: 'page' | 'post';
  title: string;
  summary: string;
  body: string;
  form: 'contact' | 'bulk' | null;
  published: boolean;
  updated_at: string;
}

export type ContentPageInput = Omit<AdminContentPage, 'id' | 'updated_at'>;

const COLUMNS = 'id, slug, kind, title, summary, body, form, published, updated_at';

/** Every page and post (drafts too: RLS shows them to staff with settings), by kind then title. */
export async function getContentPages(): Promise<AdminContentPage[]> {
  const { data, error } = await getSupabase()
    .from('content_pages')
    .select(COLUMNS)
    .order('kind')
    .order('title')
    .overrideTypes<AdminContentPage[], { merge: false }>();
  if (error) throw new Error(error.message);
  return data;
}

export const contentPagesQuery = defineQuery('content-pages', getContentPages);

export async function getContentPage(id: string): Promise<AdminContentPage | null> {
  const { data, error } = await getSupabase()
    .from('content_pages')
    .select(COLUMNS)
    .eq('id', id)
    .maybeSingle()
    .overrideTypes<AdminContentPage | null, { merge: false }>();
  if (error) throw new Error(error.message);
  return data;
}

export const contentPageQuery = defineQuery('content-page', getContentPage);

/** A refusal of the database, with its code (23505: the address is taken). */
export class SaveError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/**
 * Creates (no id) or updates a page; the database checks the settings permission (RLS) and every field
 * (check constraints), and records the change in the audit log. A refused update changes no row.
 */
export async function saveContentPage(id: string | null, page: ContentPageInput): Promise<AdminContentPage> {
  const table = getSupabase().from('content_pages');
  const { data, error } = await (id ? table.update(page).eq('id', id) : table.insert(page))
    .select(COLUMNS)
    .overrideTypes<AdminContentPage[], { merge: false }>();
  if (error) throw new SaveError(error.message, error.code);
  if (!data || data.length === 0) throw new SaveError('permission denied', '42501');
  return data[0]!;
}

export const saveContentPageMutation = defineMutation('save content page', saveContentPage, {
  invalidates: [contentPagesQuery, contentPageQuery],
});

export async function deleteContentPage(page: AdminContentPage): Promise<void> {
  const { data, error } = await getSupabase().from('content_pages').delete().eq('id', page.id).select('id');
  if (error) throw new Error(error.message);
  if (!data || data.length === 0) throw new Error('permission denied');
}

export const deleteContentPageMutation = defineMutation('delete content page', deleteContentPage, {
  invalidates: [contentPagesQuery, contentPageQuery],
});
