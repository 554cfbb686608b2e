import { getCatalogueClient } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';
import { mapContentPage, type ContentPage, type ContentPageRow } from './content-page';

/** How many posts the blog lists (the newest). */
export const BLOG_PAGE_SIZE = 50;

/** The newest published posts, without their text. */
export async function getPosts(): Promise<ContentPage[]> {
  const { data, error } = await getCatalogueClient()
    .from('content_pages')
    .select('slug, kind, title, summary, form, published_at, updated_at')
    .eq('kind', 'post')
    .eq('published', true)
    .order('published_at', { ascending: false })
    .order('slug')
    .limit(BLOG_PAGE_SIZE)
    .overrideTypes<Omit<ContentPageRow, 'body'>[], { merge: false }>();
  if (error) throw error;
  return data.map((row) => mapContentPage({ ...row, body: '' }));
}

/** The blog's list: key ['posts', []]. */
export const postsQuery = defineQuery('posts', getPosts);
