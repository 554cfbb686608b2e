// Composition: each remote is fetched from its own origin, react-dom arrives once,
// the admin origin is never contacted on storefront pages, a remote that is down costs only its slot
// (fallback + Retry that works once it is back), and a missing /config.json gives a page with Retry.
import type { Page, Request } from '@playwright/test';
import { expect, remoteOrigin, SHOP_URL, stackInfo, startRemote, stopRemote, test } from './fixtures.ts';

function record(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

async function openAndCloseOverlay(page: Page, button: RegExp | string) {
  await page.getByRole('banner').getByRole('button', { name: button }).click();
  // The remote's own dialog (not the shell's loading one) before pressing Escape.
  await expect(page.locator('[data-mf] dialog[open]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('each remote is fetched from its own origin, never through the shell', async ({ page }) => {
  const requests = record(page);
  await page.goto('/products');
  await expect(page.locator('main [data-mf="catalog"]')).toBeVisible();
  await openAndCloseOverlay(page, /^Cart, /);
  await openAndCloseOverlay(page, 'Search');
  await openAndCloseOverlay(page, 'Sign In');
  await page.waitForLoadState('networkidle');

  const urls = requests.map((request) => new URL(request.url()));
  for (const name of ['catalog', 'cart', 'search', 'account'] as const) {
    const paths = urls.filter((url) => url.origin === remoteOrigin(name)).map((url) => url.pathname);
    expect(paths, `${name} manifest`).toContain('/mf-manifest.json');
    expect(
      paths.some((path) => path.endsWith('.js')),
      `${name} scripts`,
    ).toBe(true);
  }
  const shellPaths = urls.filter((url) => url.origin === SHOP_URL).map((url) => url.pathname);
  // The page is rendered on the server and carries its configuration: /config.json is not asked for.
  expect(shellPaths).not.toContain('/config.json');
  await expect(page.locator('#ssr-page')).toHaveCount(1);
  expect(shellPaths.filter((path) => path.includes('mf-manifest'))).toEqual([]);
  expect(requests.filter((request) => request.failure()).map((request) => request.url())).toEqual([]);
});

test('react-dom is downloaded once however many remotes load', async ({ page }) => {
  const reactDomScripts: string[] = [];
  const scriptOrigins = new Set<string>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scriptOrigins.add(new URL(response.url()).origin);
    const body = await response.text().catch(() => '');
    // A marker only react-dom's client build carries (every app has its own fallback copy on disk).
    if (body.includes('__reactFiber$')) reactDomScripts.push(response.url());
  });
  await page.goto('/');
  await expect(page.locator('main [data-mf="catalog"]')).toBeVisible();
  await openAndCloseOverlay(page, /^Cart, /);
  await openAndCloseOverlay(page, 'Search');
  await openAndCloseOverlay(page, 'Sign In');
  await page.waitForLoadState('networkidle');

  expect(scriptOrigins.size).toBeGreaterThanOrEqual(5);
  expect(reactDomScripts).toHaveLength(1);
});

test('storefront pages never contact the admin origin; /admin does', async ({ page }) => {
  const requests = record(page);
  for (const path of ['/', '/products', '/category/communication', '/privacy-policy', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('contentinfo')).toBeVisible();
  }
  await openAndCloseOverlay(page, /^Cart, /);
  await openAndCloseOverlay(page, 'Search');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await page.waitForLoadState('networkidle');
  const adminOrigin = remoteOrigin('admin');
  expect(requests.filter((request) => request.url().startsWith(adminOrigin)).map((r) => r.url())).toEqual([]);

  await page.goto('/admin/login');
  await expect(page.locator('[data-mf="admin"]')).toBeVisible();
  expect(requests.some((request) => request.url().startsWith(adminOrigin))).toBe(true);
  await expect(page.getByRole('banner')).toHaveCount(0);
});

test('with the search server down the shop works and the search slot offers a Retry that works', async ({
  page,
}) => {
  await stopRemote('search');
  await page.goto('/');
  await expect(page.locator('main [data-mf="catalog"]')).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Search is temporarily unavailable.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog.getByText('Search is temporarily unavailable.')).toBeVisible();

  // The rest of the shop keeps working meanwhile.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await openAndCloseOverlay(page, /^Cart, /);
  await page.getByRole('link', { name: 'All Products' }).first().click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.locator('main [data-mf="catalog"]')).toBeVisible();

  await startRemote('search');
  await page.keyboard.press('/');
  await expect(page.getByRole('dialog').getByText('Search is temporarily unavailable.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByPlaceholder('Search for products, categories, or features...')).toBeVisible();
});

test('a remote that is down at first load costs only its slot (catalogue page)', async ({ page }) => {
  await stopRemote('catalog');
  await page.goto('/products');
  await expect(page.getByRole('main').getByText('The catalogue is temporarily unavailable.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'ReadyStock home' }).first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('© 2024 ReadyStock');
  await openAndCloseOverlay(page, /^Cart, /);

  await expect(
    page.getByRole('banner').getByText('Category navigation is temporarily unavailable.'),
  ).toBeVisible();

  await startRemote('catalog');
  await page.getByRole('main').getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('main [data-mf="catalog"]')).toBeVisible();
  // The header's navigation, which failed on the same remote, follows without its own Retry.
  await expect(page.getByRole('banner').locator('[data-mf="catalog"]')).toBeVisible();
  await expect(page.getByRole('main').getByText('The catalogue is temporarily unavailable.')).toHaveCount(0);
});

test('when /config.json cannot be loaded the page says so and Retry starts the shop', async ({ page }) => {
  // A page rendered in the browser (checkout belongs to one person) reads /config.json itself.
  await page.route('**/config.json', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'ReadyStock could not start' })).toBeVisible();
  await page.unroute('**/config.json');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.locator('main [data-mf="cart"]')).toBeVisible();
});

test('a remote that loads late does not hold back the first paint of the shop', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${remoteOrigin('catalog')}/mf-manifest.json`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  // The server's page is there while the browser's catalogue is still on its way: header, footer and
  // the catalogue's page itself (server-rendered), before the browser could load the remote.
  await expect(page.getByRole('banner').getByRole('button', { name: /^Cart, / })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('© 2024 ReadyStock');
  await expect(page.locator('main [data-mf="catalog"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shop by Category' })).toBeVisible();
  release();
  // Once the remote has loaded the page hydrates: a link then navigates in the browser.
  await page.getByRole('link', { name: 'View All Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { name: 'All Products', level: 1 })).toBeVisible();
});

test('the servers send what cross-origin loading and caching need', async ({ request }) => {
  const manifest = await request.get(`${remoteOrigin('cart')}/mf-manifest.json`, {
    headers: { Origin: SHOP_URL, 'Accept-Encoding': 'gzip' },
  });
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['access-control-allow-origin']).toBe('*');
  expect(manifest.headers()['content-type']).toContain('application/json');
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const entry = ((await manifest.json()) as { metaData: { remoteEntry: { name: string } } }).metaData
    .remoteEntry;

  const script = await request.get(`${remoteOrigin('cart')}/${entry.name}`, {
    headers: { 'Accept-Encoding': 'br, gzip' },
  });
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toContain('text/javascript');
  expect(script.headers()['content-encoding']).toBe('br');
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers()['access-control-allow-origin']).toBe('*');

  const deepLink = await request.get('/category/communication/two-way-radios');
  expect(deepLink.headers()['content-type']).toContain('text/html');
  // A server-rendered page: a CDN may keep it briefly (ssr-server.spec.ts checks the rest).
  expect(deepLink.headers()['cache-control']).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
  expect(await deepLink.text()).toContain('<div id="root">');

  const config = await request.get('/config.json');
  expect(config.headers()['cache-control']).toBe('no-cache');
  const body = (await config.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['remotes', 'supabaseAnonKey', 'supabaseUrl']);
  expect(JSON.stringify(body)).not.toContain(stackInfo().serviceRoleKey);

  expect((await request.get('/static/js/no-such-chunk.js')).status()).toBe(404);
  const traversal = await request.get(`${remoteOrigin('cart')}/..%2f..%2fpackage.json`);
  expect(traversal.status()).toBe(404);
});
