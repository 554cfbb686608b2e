// Which redirect_to targets the auth service follows: GoTrue accepts any URL on the site_url's host
// and URLs matching additional_redirect_urls (globs where * stops at '.' and '/', ** does not).
import type { AuthSettings } from './settings.ts';

function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i] ?? '';
    if (char === '*') {
      if (pattern[i + 1] === '*') {
        source += '.*';
        i += 1;
      } else {
        source += '[^./]*';
      }
    } else if (char === '?') {
      source += '[^./]';
    } else {
      source += char.replace(/[.+^${}()|[\]\\/]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

export function isRedirectAllowed(target: string, settings: AuthSettings): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return settings.additionalRedirectUrls.some((pattern) => globToRegExp(pattern).test(target));
  }
  try {
    if (new URL(settings.siteUrl).hostname === url.hostname) return true;
  } catch {
    // an unusable site_url only leaves the allow list
  }
  const withoutFragment = target.split('#')[0] ?? target;
  return settings.additionalRedirectUrls.some(
    (pattern) =>
      globToRegExp(pattern).test(withoutFragment) ||
      globToRegExp(pattern).test(withoutFragment.replace(/\/$/, '')),
  );
}

/** The redirect to use: the requested one when allowed, the site URL otherwise. */
export function resolveRedirect(requested: string | null | undefined, settings: AuthSettings): string {
  if (requested && isRedirectAllowed(requested, settings)) return requested;
  return settings.siteUrl;
}
