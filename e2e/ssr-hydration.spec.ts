// The server-rendered storefront in a real browser: every page hydrates without a warning or an error
// at a phone's and a desktop's width, reads nothing again that the server read, shows its content with
// JavaScript off, works (overlays, cart, sign-in) once hydrated, and a remote redeployed to a new origin
// through config.json is used by the server and the browser without a restart.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { serveStatic } from '@prepper/tools/serve';
import { productSlug } from '../shared/src/domain/slug.ts';
import {
  DEMO_CUSTOMER,
  expect,
  resetRemoteManifest,
  serviceClient,
  setRemoteManifest,
  test,
} from './fixtures.ts';
import { SHOP_PORT } from './harness.ts';

const root = resolve(import.meta.dirname, '..');

async function someProduct(): Promise<{ id: string; name: string; slug: string; category: string }> {
  const { data, error } = await serviceClient()
    .from('products')
    .select('id, name, category:categories(slug), subcategory:subcategories(slug)')
    .eq('in_stock', true)
    .not('subcategory_id', 'is', null)
    .order('id')
    .limit(1)
    .single();
  if (error) throw error;
  const row = data as unknown as { id: string; name: string; category: { slug: string } };
  return { id: row.id, name: row.name, slug: productSlug(row.name, row.id), category: row.category.slug };
}

/** Console errors and warnings (and uncaught errors) of a page, React's hydration warnings among them. */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    // A product image that is missing (rows other specs made on the shared stack point at files that
    // do not exist) is the catalogue's data, not a rendering fault: the page shows its fallback image.
    const missingImage =
      message.text().startsWith('Failed to load resource') &&
      /\/storage\/v1\/object\/|\.(svg|png|jpe?g|webp|avif)(\?|$)/.test(message.location().url);
    if ((message.type() === 'error' || message.type() === 'warning') && !missingImage) {
      messages.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

/** Whether React has hydrated #root (hydrateRoot marks the container). */
async function hydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const container = document.getElementById('root');
    return !!container && Object.keys(container).some((key) => key.startsWith('__reactContainer'));
  });
}

for (const width of [375, 1280]) {
  test(`every server-rendered page hydrates without a warning or an error at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const product = await someProduct();
    const pages: [string, number, string][] = [
      ['/', 200, 'Emergency gear you can count on'],
      ['/products?page=2&sort=price-low', 200, 'All Products'],
      [`/category/${product.category}`, 200, ''],
      ['/category/communication/two-way-radios', 200, ''],
      [`/product/${product.slug}`, 200, product.name],
      ['/kit-builder?adults=2&children=1&pets=1&days=14&by=price', 200, 'Kit Builder'],
      ['/privacy-policy', 200, 'Privacy Policy'],
      ['/terms-of-service', 200, 'Terms of Service'],
      ['/cookie-policy', 200, 'Cookie Policy'],
      ['/pages/shipping-info', 200, 'Shipping Info'],
      ['/pages/contact-us', 200, 'Contact Us'],
      ['/blog', 200, 'Blog'],
      ['/reviews', 200, 'Customer Reviews'],
      ['/pages/no-such-page', 404, 'Page Not Found'],
      ['/no-such-page', 404, 'Page Not Found'],
      ['/product/gone-00000000-0000-4000-8000-000000000000', 404, 'Product Not Found'],
    ];
    for (const [path, status, heading] of pages) {
      const messages = watchConsole(page);
      const reads: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/rest/v1/')) reads.push(request.url());
      });
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      expect(response?.status(), path).toBe(status);
      await expect.poll(() => hydrated(page), { message: `${path} hydrates` }).toBe(true);
      if (heading) await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
      await page.waitForTimeout(300);
      // The browser logs a document answered 404 itself; nothing else may be logged.
      const unexpected = messages.filter(
        (message) => !(status === 404 && /Failed to load resource: .* 404/.test(message)),
      );
      expect(unexpected, path).toEqual([]);
      // What the server read came inside the page: hydrating asks the database for none of it again.
      expect(reads, path).toEqual([]);
      // Nor does it link a stylesheet the server linked a second time (a new sheet restyles the whole page).
      const sheets = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href),
      );
      expect(sheets.length, `${path} stylesheets`).toBeGreaterThan(0);
      expect(sheets, `${path} stylesheets`).toEqual([...new Set(sheets)]);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
      page.removeAllListeners('request');
    }
  });
}

test('with JavaScript off a product page shows its name, price, stock and breadcrumb', async ({
  browser,
}) => {
  const product = await someProduct();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText(/^\$\d/).first()).toBeVisible();
    await expect(page.getByText(/In Stock \(\d+ available\)|Low Stock: only \d+ left/).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Shop by Category' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Communication/ }).first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test('after hydration the cart, the overlays and sign-in work', async ({ page }) => {
  const messages = watchConsole(page);
  const product = await someProduct();
  await page.goto(`/product/${product.slug}`);
  await expect.poll(() => hydrated(page)).toBe(true);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Cart, 1 item/ })).toBeVisible();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Cart, / })
    .click();
  await expect(page.locator('[data-mf="cart"] dialog[open]')).toContainText(product.name);
  await page.keyboard.press('Escape');

  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  await expect(page.locator('[data-mf="search"] dialog[open]')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.locator('[data-mf="account"] dialog[open]');
  await dialog.getByLabel('Email').fill(DEMO_CUSTOMER.email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_CUSTOMER.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByRole('banner').getByRole('button', { name: `Hi, ${DEMO_CUSTOMER.firstName}` }),
  ).toBeVisible();

  // A new page load: the server sends the signed-out header, the browser shows the visitor's after hydrating.
  await page.goto('/');
  await expect(
    page.getByRole('banner').getByRole('button', { name: `Hi, ${DEMO_CUSTOMER.firstName}` }),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Cart, 1 item/ })).toBeVisible();
  expect(messages.filter((message) => /hydrat|Minified React error/i.test(message))).toEqual([]);
});

test('a catalogue redeployed to a new origin through config.json is used by the server and the browser', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const copy = mkdtempSync(join(tmpdir(), 'readystock-catalog-v2-'));
  cpSync(join(root, 'mf-catalog', 'dist'), copy, { recursive: true });
  // The new version says something the old one does not, in its browser and its server build alike.
  let patched = 0;
  for (const file of readdirSync(copy, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    const path = join(copy, file);
    const source = readFileSync(path, 'utf8');
    const next = source.replaceAll('Shop by Category', 'Shop by Category, v2');
    if (next !== source) {
      writeFileSync(path, next);
      patched += 1;
    }
  }
  expect(patched).toBeGreaterThanOrEqual(2);
  const requested: string[] = [];
  const served = await serveStatic({ dir: copy, port: SHOP_PORT + 12, log: (line) => requested.push(line) });
  try {
    await setRemoteManifest('catalog', `${served.url}/mf-manifest.json`);
    const messages = watchConsole(page);
    // The first request after the change may leave the slot to the browser while the new server build
    // loads (the remote's budget); the ones after it are rendered with the new deploy.
    await expect
      .poll(async () => (await page.request.get('/')).text(), { timeout: 15_000 })
      .toContain('Shop by Category, v2');
    // The server loaded the new deploy's server build from the new origin.
    expect(requested.some((line) => /GET \/server\/catalog\.js 200/.test(line))).toBe(true);

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Shop by Category, v2' })).toBeVisible();
    await expect.poll(() => hydrated(page)).toBe(true);
    expect(requested.some((line) => /GET \/static\/js\/.+\.js 200/.test(line))).toBe(true);
    expect(messages.filter((message) => /hydrat|Minified React error/i.test(message))).toEqual([]);
  } finally {
    await resetRemoteManifest('catalog');
    await served.close();
    rmSync(copy, { recursive: true, force: true });
  }
  // And back: the old deploy again, without a restart.
  await expect
    .poll(async () => (await page.request.get('/')).text(), { timeout: 15_000 })
    .toContain('Shop by Category<');
});
