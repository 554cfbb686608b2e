import { getCatalogueClient } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';
import { CONTENT_PAGE_COLUMNS, mapContentPage, type ContentPage, type ContentPageRow } from './content-page';

/** The published page with this slug, or null (unknown, or a draft). */
export async function getContentPage(slug: string): Promise<ContentPage | null> {
  const { data, error } = await getCatalogueClient()
    .from('content_pages')
    .select(CONTENT_PAGE_COLUMNS)
    .eq('slug', slug)
    .eq('published', true)
    .maybeSingle()
    .overrideTypes<ContentPageRow | null, { merge: false }>();
  if (error) throw error;
  return data ? mapContentPage(data) : null;
}

/** One page by slug: key ['content-page', [slug]]. */
export const contentPageQuery = defineQuery('content-page', getContentPage);
