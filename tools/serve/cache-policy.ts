/**
 * The shop's cache rules for its static files, the same on every host (docs/deploying.md, "The front ends").
 */

/** Entry points a deploy replaces in place: always revalidated. */
const ALWAYS_REVALIDATE =
  /(^|\/)(index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js|config\.json)$/;

/**
 * The Cache-Control of a request path: entry points and pages (a path without a file extension is
 * answered with index.html) are revalidated every time, the content-hashed files under /static/ never
 * change, anything else is kept five minutes.
 */
export function cacheControlFor(urlPath: string): string {
  const lastSegment = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  if (ALWAYS_REVALIDATE.test(urlPath) || !lastSegment.includes('.')) return 'no-cache';
  if (urlPath.startsWith('/static/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}
