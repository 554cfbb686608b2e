// The served pages' browser security headers (docs/security-headers.md): every page of the shop, its
// overlays and the back office load nothing that the Content-Security-Policy built from /config.json does
// not list (Chromium enforces it and reports each refusal), and no other site can frame the shop.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Response } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createClient } from '@supabase/supabase-js';
import { addToCartOnProductPage, BAOFENG_RADIO } from './checkout-helpers.ts';
import {
  DEMO_CUSTOMER,
  expect,
  NODE_CLIENT_OPTIONS,
  serviceClient,
  SHOP_URL,
  signInAsAdmin,
  stackInfo,
  test,
} from './fixtures.ts';

const DEMO_CUSTOMER_ID = '00000000-0000-4000-8000-000000000001';

/**
 * Another site on this machine (127.0.0.1 on a free port: another origin than the shop's localhost, and
 * local like it, so Chromium's private-network rules do not refuse the frames before the shop can): its
 * page holds `body(origin)`, and /framable is a page of its own that may be framed.
 */
async function serveOtherSite(
  body: (origin: string) => string,
): Promise<{ origin: string; close: () => void }> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      req.url === '/framable'
        ? '<!doctype html><title>Framable</title><div id="root">framed</div>'
        : `<!doctype html><title>Other site</title><body>${body(origin)}</body>`,
    );
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => server.close() };
}

interface PolicyWatch {
  /** Every load or connection the page's policy refused, as Chromium reported it (once each, no query). */
  violations: Set<string>;
  /** Pages whose document arrived without the policy. */
  unprotected: string[];
}

/**
 * Records what the policy refuses on every document the page opens: the `securitypolicyviolation`
 * events (through a binding, so they survive navigations) and Chromium's console errors about the
 * policy. A document without the policy would refuse nothing, so each page's response must carry it.
 */
async function watchPolicy(page: Page): Promise<PolicyWatch> {
  const watch: PolicyWatch = { violations: new Set(), unprotected: [] };
  const record = (text: string) => watch.violations.add(text.replace(/\?[^\s'"]*/g, ''));
  await page.exposeBinding(
    'reportPolicyViolation',
    ({ frame }, event: { directive: string; blocked: string; sample: string }) => {
      record(
        `${frame.url()}: ${event.directive} refused ${event.blocked || '(inline)'} ${event.sample}`.trim(),
      );
    },
  );
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (value: unknown) => void })
        .reportPolicyViolation;
      report({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) record(message.text());
  });
  page.on('response', (response: Response) => {
    const request = response.request();
    if (!request.isNavigationRequest() || response.frame() !== page.mainFrame()) return;
    const policy = response.headers()['content-security-policy'] ?? '';
    if (!/frame-ancestors 'none'/.test(policy) || !/(^|;)\s*script-src [^;]+/.test(policy))
      watch.unprotected.push(`${response.url()}: "${policy}"`);
  });
  return watch;
}

/** Opens `path` and waits until its slots have rendered and the network is quiet. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-mf]').first()).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

async function openOverlay(page: Page, button: RegExp | string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: button }).click();
  await expect(page.locator('[data-mf] dialog[open]')).toBeVisible();
  await page.waitForLoadState('networkidle');
}

async function closeOverlay(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

function expectNothingRefused(watch: PolicyWatch): void {
  expect(watch.unprotected, 'pages served without the policy').toEqual([]);
  expect([...watch.violations], 'loads and connections the policy refused').toEqual([]);
}

/**
 * Runs a journey through pages under the watch, then expects nothing refused. A page that broke because
 * the policy refused what it needed fails with the refusals rather than with the step that broke.
 */
async function journeyUnderPolicy(page: Page, journey: () => Promise<void>): Promise<void> {
  const watch = await watchPolicy(page);
  try {
    await journey();
  } catch (error) {
    expectNothingRefused(watch);
    throw error;
  }
  expectNothingRefused(watch);
}

test.describe('security headers', () => {
  // Each journey walks through every page of its kind.
  test.describe.configure({ timeout: 120_000 });
  let customer: SupabaseClient;
  let order: { id: string };
  let stockBefore: number;

  test.beforeAll(async () => {
    const { url, anonKey } = stackInfo();
    customer = createClient(url, anonKey, NODE_CLIENT_OPTIONS);
    const { error } = await customer.auth.signInWithPassword(DEMO_CUSTOMER);
    if (error) throw error;
    const product = await serviceClient()
      .from('products')
      .select('stock_count')
      .eq('id', BAOFENG_RADIO.id)
      .single();
    if (product.error) throw product.error;
    stockBefore = product.data.stock_count as number;
    const placed = await customer.rpc('place_order', {
      p_lines: [{ product_id: BAOFENG_RADIO.id, quantity: 1 }],
      p_shipping_address: {
        full_name: 'Jamie Carter',
        line1: '12 Harbour Road',
        line2: '',
        city: 'Portland',
        region: 'OR',
        postal_code: '97201',
        country: 'US',
        phone: '555-0142',
      },
      p_shipping_method: 'standard',
      p_payment_method: 'bank_transfer',
      p_idempotency_key: crypto.randomUUID(),
    });
    if (placed.error) throw placed.error;
    order = placed.data as { id: string };
  });

  test.afterAll(async () => {
    const service = serviceClient();
    await service.from('orders').delete().eq('id', order.id);
    await service
      .from('products')
      .update({ stock_count: stockBefore, in_stock: true })
      .eq('id', BAOFENG_RADIO.id);
  });

  test('storefront pages and overlays load nothing the policy does not list', async ({ page }) => {
    await journeyUnderPolicy(page, async () => {
      for (const path of [
        '/',
        '/products',
        '/category/communication',
        '/category/communication/two-way-radios',
        `/product/${BAOFENG_RADIO.slug}`,
        '/privacy-policy',
        '/waitlist/confirm?token=not-a-token',
        '/waitlist/unsubscribe?token=not-a-token',
        '/no-such-page',
      ]) {
        await visit(page, path);
      }

      // Overlays: the cart with a line (its picture), search with results, sign-in.
      await visit(page, `/product/${BAOFENG_RADIO.slug}`);
      await addToCartOnProductPage(page, BAOFENG_RADIO);
      await openOverlay(page, /^Cart, /);
      await closeOverlay(page);
      await openOverlay(page, 'Search');
      await page.getByRole('dialog').getByRole('searchbox').fill('radio');
      await expect(page.getByRole('dialog').locator('img').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Close search' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await openOverlay(page, 'Sign In');
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/email/i).fill(DEMO_CUSTOMER.email);
      await dialog.getByLabel(/^password$/i).fill(DEMO_CUSTOMER.password);
      await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(
        page.getByRole('banner').getByRole('button', { name: `Hi, ${DEMO_CUSTOMER.firstName}` }),
      ).toBeVisible();

      // The signed-in customer's pages.
      for (const path of [
        '/checkout',
        `/checkout/confirmation/${order.id}`,
        '/account/orders',
        `/account/orders/${order.id}`,
      ]) {
        await visit(page, path);
      }
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });

  test('back-office pages load nothing the policy does not list', async ({ page }) => {
    await journeyUnderPolicy(page, async () => {
      const category = await serviceClient()
        .from('categories')
        .select('id')
        .eq('slug', 'communication')
        .single();
      if (category.error) throw category.error;
      await visit(page, '/admin/login');
      await signInAsAdmin(page);
      for (const path of [
        '/admin/dashboard',
        '/admin/products',
        '/admin/products/new',
        `/admin/products/${BAOFENG_RADIO.id}/edit`,
        '/admin/categories',
        '/admin/categories/new',
        `/admin/categories/${category.data.id}/edit`,
        '/admin/reviews',
        '/admin/administrators',
        '/admin/orders',
        `/admin/orders/${order.id}`,
        '/admin/customers',
        `/admin/customers/${DEMO_CUSTOMER_ID}`,
        '/admin/analytics',
        '/admin/settings',
      ]) {
        await visit(page, path);
      }
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });

  test('no other site can frame the back office or the checkout', async ({ page }) => {
    const framedPaths = ['/admin', '/admin/login', '/checkout'];
    const otherSite = await serveOtherSite((origin) =>
      [...framedPaths.map((path) => `${SHOP_URL}${path}`), `${origin}/framable`]
        .map((src) => `<iframe src="${src}" onload="window.loaded = (window.loaded || 0) + 1"></iframe>`)
        .join(''),
    );
    try {
      await page.goto(`${otherSite.origin}/`);
      // Each frame's load event fires whether its document was shown or refused.
      await page.waitForFunction(
        (count) => (window as unknown as { loaded?: number }).loaded === count,
        framedPaths.length + 1,
      );
      const frames = page.frames().filter((frame) => frame !== page.mainFrame());
      expect(frames).toHaveLength(framedPaths.length + 1);
      // The check sees a framed page when there is one: the other site's own page in its frame.
      const framable = frames.find((frame) => frame.url() === `${otherSite.origin}/framable`);
      await expect(framable!.locator('#root')).toHaveText('framed');
      const shown: string[] = [];
      for (const frame of frames) {
        if (frame === framable) continue;
        // A refused frame holds Chromium's error page instead of the shop's document.
        if (frame.url().startsWith(SHOP_URL) || (await frame.locator('#root').count()) > 0)
          shown.push(frame.url());
      }
      expect(shown, 'shop pages another site could frame').toEqual([]);
    } finally {
      await otherSite.close();
    }
  });
});
