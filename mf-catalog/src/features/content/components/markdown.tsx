import { useMemo } from 'react';
import './markdown.css';
import { renderMarkdown } from '../lib/render-markdown';

/**
 * A content page's text. The HTML comes only from renderMarkdown (no raw HTML, safe links only), so it
 * may be set as inner HTML; the server and the browser produce the same markup.
 */
export function Markdown({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className="content-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
