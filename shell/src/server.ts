import type { RenderOptions, RenderResult } from './server/render-page';

export type { RenderOptions, RenderResult } from './server/render-page';

/**
 * The shell's server build (dist/server/index.js): the shop's server calls `renderPage` for each
 * storefront page. The render loads behind this import, after the federation runtime has set up the
 * shared singletons (as the browser entry loads ./bootstrap).
 */
export async function renderPage(options: RenderOptions): Promise<RenderResult> {
  const { renderPage: render } = await import('./server/render-page');
  return render(options);
}
