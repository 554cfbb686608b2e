/**
 * The head of a server-rendered page: its title, description, canonical URL, Open Graph and Twitter card
 * tags and JSON-LD, from what the page said about itself (`usePageMeta` in @prepper/shared), and the JSON
 * blocks the browser reads. Plain text building with escaping; no script here runs in the browser (JSON-LD
 * and the data blocks are data blocks, which a Content-Security-Policy does not govern).
 */
import type { PageMeta } from '@prepper/shared';

const BRAND = 'ReadyStock';
const DEFAULT_TITLE = 'ReadyStock — Be Ready. Stay Safe.';
const DEFAULT_DESCRIPTION = 'ReadyStock — emergency-preparedness and survival gear. Be Ready. Stay Safe.';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON safe inside a `<script>` element: no `</script>`, no `<!--`, no line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function pageTitleOf(meta: PageMeta | undefined): string {
  return meta?.title ? `${meta.title} | ${BRAND}` : DEFAULT_TITLE;
}

function absolute(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin).href;
}

/** The head tags of a page at `url` (its path and query) on `origin`. */
export function headTags(meta: PageMeta | undefined, origin: string, url: string): string {
  const title = pageTitleOf(meta);
  const description = meta?.description || DEFAULT_DESCRIPTION;
  const canonical = absolute(origin, meta?.canonical ?? new URL(url, origin).pathname);
  const tags = [
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    meta?.noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta property="og:site_name" content="${BRAND}">`,
    `<meta property="og:type" content="${meta?.type === 'product' ? 'product' : 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    meta?.image ? `<meta property="og:image" content="${escapeHtml(absolute(origin, meta.image))}">` : '',
    `<meta name="twitter:card" content="${meta?.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    meta?.image ? `<meta name="twitter:image" content="${escapeHtml(absolute(origin, meta.image))}">` : '',
    ...Object.entries(meta?.extra ?? {}).map(
      ([property, content]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}">`,
    ),
    ...(meta?.jsonLd ?? []).map(
      (block) => `<script type="application/ld+json">${scriptJson(block)}</script>`,
    ),
  ];
  return tags.filter(Boolean).join('');
}

/**
 * The shell's index.html with the server's page in it: the template's title and description replaced,
 * `head` added at the end of its head, the markup inside #root (without the "needs JavaScript" notice),
 * and `body` (the data blocks) before </body>.
 */
export function composePage(
  template: string,
  parts: { title: string; head: string; root: string; body: string },
): string {
  // Replacer functions: the parts are inserted as they are ('$' in them means nothing).
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(parts.title)}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, '')
    .replace('</head>', () => `${parts.head}</head>`)
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
    .replace('<div id="root"></div>', () => `<div id="root">${parts.root}</div>`)
    .replace('</body>', () => `${parts.body}</body>`);
}
