/**
 * The headers of the shop's servers written for other hosts (docs/security-headers.md): what tools/serve
 * sends on the shell's origin and on a remote's, as plain `Name: value` lines, a Netlify or Cloudflare
 * Pages `_headers` file, a `vercel.json` or nginx `add_header` lines.
 */
import { remoteSecurityHeaders, securityHeaders } from '@prepper/shared/security-headers';
import { CORS_HEADERS } from './cors.ts';

export const HEADER_FORMATS = ['headers', 'netlify', 'vercel', 'nginx'] as const;
export type HeaderFormat = (typeof HEADER_FORMATS)[number];

/** The shell's headers for a /config.json body, or a remote's (its files are read cross-origin). */
export function hostHeaders(app: { config: unknown } | { remote: true }): Record<string, string> {
  return 'remote' in app ? { ...CORS_HEADERS, ...remoteSecurityHeaders() } : securityHeaders(app.config);
}

/** `headers` as one host's configuration, applying to every path. */
export function formatHeaders(headers: Record<string, string>, format: HeaderFormat): string {
  const entries = Object.entries(headers);
  switch (format) {
    case 'headers':
      return entries.map(([name, value]) => `${name}: ${value}`).join('\n');
    case 'netlify':
      return ['/*', ...entries.map(([name, value]) => `  ${name}: ${value}`)].join('\n');
    case 'vercel':
      return JSON.stringify(
        { headers: [{ source: '/(.*)', headers: entries.map(([key, value]) => ({ key, value })) }] },
        null,
        2,
      );
    case 'nginx':
      // `always`: on error answers too (a 404 page is a page).
      return entries
        .map(([name, value]) => `add_header ${name} "${value.replace(/"/g, '\\"')}" always;`)
        .join('\n');
  }
}
