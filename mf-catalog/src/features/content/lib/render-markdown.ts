import MarkdownIt from 'markdown-it';

/**
 * The one way a content page's Markdown becomes HTML (markdown-it, CommonMark with tables):
 *   * no raw HTML: `html: false` prints `<script>` and every other tag as text;
 *   * links go only to http(s), mailto and the shop's own paths (`/pages/faq`); anything else
 *     (`javascript:`, `data:`, `vbscript:`, `//other.host`) stays plain text;
 *   * no images (a page's text must not load from anywhere the shop's policy does not list);
 *   * links to other sites open as `rel="noopener noreferrer nofollow"`;
 *   * no `style` attribute (table alignment), which the Content-Security-Policy would refuse.
 * The same input gives the same HTML on the server and in the browser, so hydration matches.
 */
const markdown = new MarkdownIt('default', { html: false, linkify: false, typographer: false });

markdown.disable(['image']);

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/** Whether a link's target is allowed: http(s), mailto, or a path on this shop (not `//host`). */
export function isSafeLink(url: string): boolean {
  const target = url.trim();
  return (
    SAFE_LINK.test(target) || (target.startsWith('/') && !target.startsWith('//') && !target.includes('\\'))
  );
}

markdown.validateLink = isSafeLink;

markdown.core.ruler.push('shop_attributes', (state) => {
  for (const block of state.tokens) {
    if (block.type === 'th_open' || block.type === 'td_open') block.attrs = null;
    for (const token of block.children ?? []) {
      if (token.type !== 'link_open') continue;
      const href = String(token.attrGet('href') ?? '');
      if (/^https?:\/\//i.test(href)) token.attrSet('rel', 'noopener noreferrer nofollow');
    }
  }
});

/** The page's Markdown as safe HTML. */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
