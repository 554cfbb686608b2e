import { routes } from '@prepper/shared';

/** The content pages that keep an address of their own (the policies): their slug is the path. */
const OWN_ADDRESS = new Set(['privacy-policy', 'terms-of-service', 'cookie-policy']);

/** Where a content page lives: /pages/<slug>, or /<slug> for the policies (/privacy-policy). */
export function pageAddress(slug: string): string {
  return OWN_ADDRESS.has(slug) ? `/${slug}` : routes.contentPage(slug);
}
