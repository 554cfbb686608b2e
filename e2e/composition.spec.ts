// Issue 2 "Must show": the composed production build loads each remote from its own origin, shares one
// copy of react-dom, never contacts the admin origin on storefront pages, and survives a remote that is
// down (its slot shows a fallback with a Retry that works once the server is back).
import type { Request } from '@playwright/test';
import { expect, remoteOrigin, SHOP_URL, startRemote, stopRemote, test } from './fixtures.ts';

function collect(page: import('@playwright/test').Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

test('remote assets are fetched from their own origins', async ({ page }) => {
  const requests = collect(page);
  await page.goto('/');
  await expect(page.locator('main [data-remote="catalog"], main h1').first()).toBeVisible();
  await page.getByRole('button', { name: /^Cart, / }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.waitForLoadState('networkidle');

  const urls = requests.map((request) => new URL(request.url()));
  for (const name of ['catalog', 'cart'] as const) {
    const origin = remoteOrigin(name);
    const fromOrigin = urls.filter((url) => url.origin === origin);
    expect(fromOrigin.map((url) => url.pathname)).toContain('/mf-manifest.json');
    expect(fromOrigin.some((url) => url.pathname.endsWith('.js'))).toBe(true);
  }
  // The shell's own origin never serves a remote's chunks.
  const shellScripts = requests.filter(
    (request) => request.resourceType() === 'script' && new URL(request.url()).origin === SHOP_URL,
  );
  expect(shellScripts.length).toBeGreaterThan(0);
  expect(requests.filter((request) => request.failure()).map((request) => request.url())).toEqual([]);
});

test('react-dom is downloaded once however many remotes load', async ({ page }) => {
  const scripts: { url: string; body: string }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
  });
  await page.goto('/products');
  await page.getByRole('button', { name: /^Cart, / }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForLoadState('networkidle');

  // react-dom's production build carries this error-decoder URL exactly once per copy.
  const copies = scripts.filter((script) => script.body.includes('react.dev/errors/'));
  const reactDomCopies = scripts.filter(
    (script) =>
      /__REACT_DEVTOOLS_GLOBAL_HOOK__|createRoot/.test(script.body) && script.body.includes('react-dom'),
  );
  expect(copies.length).toBeGreaterThan(0);
  const remoteOrigins = new Set(scripts.map((script) => new URL(script.url).origin));
  expect(remoteOrigins.size).toBeGreaterThanOrEqual(3);
  expect(reactDomCopies.length).toBeLessThanOrEqual(1);
});
