// Emergency mode's waitlist holds in the storefront: a customer waits for a sold-out product, staff
// declare an emergency and restock one unit in the product form, which holds it for that customer (the
// back-in-stock e-mail says until when, and so does the back office's preview of that e-mail while the
// emergency lasts). A second shopper sees the product as reserved for the waitlist, not as in stock:
// the product page says so (its card says Out of Stock), Add to Cart is refused, and the waitlist form
// is open, so they join the line; its card, the search overlay and the search page's availability filter
// say the same (reserved, not in stock), and the list's in-stock filter leaves it out. The holder sees that
// the unit is held for them until when and buys it with the page's own Add to Cart. The e-mail's link
// claims the hold for whoever opens it: signed out, they continue as a guest and may buy it.
import type { Page, TestInfo } from '@playwright/test';
import {
  createTestProduct,
  expect,
  injectSession,
  mailsTo,
  reloadUntil,
  serviceClient,
  signInAsAdmin,
  SHOP_URL,
  stackInfo,
  test,
} from './fixtures.ts';
import { createClient } from '@supabase/supabase-js';
import { NODE_CLIENT_OPTIONS } from './fixtures.ts';

/** The new UI at a phone's and a desktop's width, kept with the test's results. */
async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: false });
  }
}

test.describe('waitlist holds in the storefront', () => {
  const stamp = Date.now();
  const name = `E2E Held Lantern ${stamp}`;
  const emergency = `E2E Held Storm ${stamp}`;
  const holder = { email: `holds.holder.${stamp}@example.com`, password: 'holder1234' };
  let productId = '';
  let productPath = '';

  test.beforeAll(async () => {
    productId = await createTestProduct({ name, description: 'A crank lantern.', price: 30 });
    const service = serviceClient();
    const product = await service
      .from('products')
      .update({ stock_count: 0, in_stock: false })
      .eq('id', productId)
      .select('slug')
      .single();
    expect(product.error).toBeNull();
    productPath = `/product/${(product.data as { slug: string }).slug}`;
    const created = await service.auth.admin.createUser({
      ...holder,
      email_confirm: true,
      user_metadata: { first_name: 'Hollis', last_name: 'Holder' },
    });
    expect(created.error).toBeNull();
    // The holder waits for the product (the one click of the product page, through the API).
    const { url, anonKey } = stackInfo();
    const client = createClient(url, anonKey, NODE_CLIENT_OPTIONS);
    expect((await client.auth.signInWithPassword(holder)).error).toBeNull();
    const subscribed = await client.rpc('waitlist_subscribe', { p_product_id: productId });
    expect(subscribed.error).toBeNull();
  });

  test.afterAll(async ({ browser }) => {
    const service = serviceClient();
    await service.from('emergencies').update({ ended_at: new Date().toISOString() }).is('ended_at', null);
    await service.from('products').delete().eq('id', productId);
    await service.from('waitlist_subscriptions').delete().eq('email', holder.email);
    // The banner must not stay on the pages this spec rendered while the server may still keep them.
    const page = await browser.newPage();
    for (const path of ['/', '/products'])
      await reloadUntil(
        page,
        path,
        async (shop) => (await shop.getByRole('region', { name: 'Emergency notice' }).count()) === 0,
      );
    await page.close();
  });

  test('a held product shows as reserved, a shopper joins the line, the holder buys it', async ({
    page,
    browser,
  }, testInfo) => {
    // Staff declare the emergency and put one unit back in the product form: it is held for the holder.
    await signInAsAdmin(page);
    await page.goto('/admin/emergency');
    await page.getByLabel('Name').fill(emergency);
    await page.getByLabel('Regions affected').fill('Lake County');
    await page.getByRole('button', { name: 'Declare emergency' }).click();
    await expect(page.getByText('The emergency is declared.')).toBeVisible();
    await page.goto(`/admin/products/${productId}/edit`);
    await page.getByLabel('Stock Count').fill('1');
    await page.getByLabel('In Stock').check();
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(page).toHaveURL(/\/admin\/products(\?.*)?$/);

    await expect
      .poll(
        async () =>
          (await mailsTo(holder.email)).filter((m) => m.subject === `Back in stock: ${name}`).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    const mail = (await mailsTo(holder.email)).find((m) => m.subject === `Back in stock: ${name}`)!;
    expect(mail.text).toMatch(
      /We are holding one for you until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC\./,
    );

    // The back office's preview of that e-mail says the same while the emergency lasts.
    await page.goto('/admin/orders/emails');
    await page.getByLabel('E-mail', { exact: true }).selectOption({ label: 'Back in stock' });
    await expect(page.locator('pre')).toContainText('We are holding one for you until');
    await screenshots(page, testInfo, 'email-preview-held');

    // A second shopper: the product page says the product is reserved for the waitlist.
    const shopper = await browser.newPage({ baseURL: SHOP_URL });
    const reserved = 'Reserved for customers on the waitlist';
    await reloadUntil(shopper, productPath, async (shop) => (await shop.getByText(reserved).count()) > 0);
    await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(
      shopper.getByText('Every unit we have is held for customers on its waitlist.', { exact: false }),
    ).toBeVisible();
    await expect(shopper.getByText(/In Stock \(|Low Stock: only/)).toHaveCount(0);
    await shopper.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(shopper.getByText('This product is currently out of stock')).toBeVisible();
    await screenshots(shopper, testInfo, 'product-held-shopper');

    const alert = shopper.getByRole('region', { name: 'Back-in-stock alert' });
    const visitor = `holds.visitor.${stamp}@example.com`;
    await alert.getByLabel('Your e-mail address').fill(visitor);
    await alert.getByRole('button', { name: "Notify me when it's back" }).click();
    await expect(alert.getByRole('status')).toContainText(`we sent a confirmation link to ${visitor}`);

    // Its card: not in stock for this shopper, no count, and reserved for the waitlist.
    await shopper.goto(`/products?sort=newest`);
    const card = shopper.getByRole('article').filter({ hasText: name });
    await expect(card.getByText('Out of Stock', { exact: true })).toBeVisible();
    await expect(card.getByText(reserved)).toBeVisible();
    await expect(card.getByText(/in stock$/)).toHaveCount(0);
    await screenshots(shopper, testInfo, 'card-held-shopper');
    // The list's availability filter agrees: not in stock (it is the newest product), out of stock.
    await shopper.goto(`/products?sort=newest&stock=out_of_stock`);
    await expect(shopper.getByRole('article').filter({ hasText: name })).toBeVisible();
    await shopper.goto(`/products?sort=newest&stock=in_stock`);
    await expect(shopper.getByRole('article').first()).toBeVisible();
    await expect(shopper.getByRole('article').filter({ hasText: name })).toHaveCount(0);
    // So do the search page and its filter.
    await shopper.goto(`/products?q=${stamp}`);
    await expect(shopper.getByRole('article').filter({ hasText: name }).getByText(reserved)).toBeVisible();
    await shopper.goto(`/products?q=${stamp}&stock=in_stock`);
    await expect(shopper.getByText('No products found', { exact: false })).toBeVisible();
    await expect(shopper.getByRole('article').filter({ hasText: name })).toHaveCount(0);
    // And the search overlay.
    await shopper.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    const overlay = shopper.getByRole('dialog', { name: 'Search products' });
    await overlay.getByRole('searchbox', { name: 'Search products' }).fill(name);
    const result = overlay.getByRole('link', { name: new RegExp(name) });
    await expect(result.getByText(reserved)).toBeVisible();
    await screenshots(shopper, testInfo, 'search-held-shopper');
    await shopper.close();

    // The holder: told the unit is theirs until when, and buys it with the page's own Add to Cart.
    const holderContext = await browser.newContext({ baseURL: SHOP_URL });
    const own = await holderContext.newPage();
    await injectSession(own, holder.email, holder.password, productPath);
    await expect(own.getByText(/We are holding one for you until .+ UTC\./)).toBeVisible();
    await expect(own.getByText(reserved)).toHaveCount(0);
    await expect(own.getByRole('region', { name: 'Back-in-stock alert' })).toHaveCount(0);
    await expect(own.getByRole('button', { name: 'Add it to Cart' })).toBeVisible();
    await own.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(own.getByText(`Added 1 × ${name} to cart`)).toBeVisible();
    await screenshots(own, testInfo, 'product-held-holder');
    await holderContext.close();

    // The e-mail's link, opened signed out (say on another device): continue as a guest, and it is theirs.
    const link = /\S+\?hold=[0-9a-f]{64}/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const linkContext = await browser.newContext({ baseURL: SHOP_URL });
    const guest = await linkContext.newPage();
    await guest.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(
      guest.getByText('We are holding one for you. Sign in, or continue as a guest, to buy it.'),
    ).toBeVisible();
    await guest.getByRole('button', { name: 'Continue as guest' }).click();
    await expect(guest.getByText(/We are holding one for you until .+ UTC\./)).toBeVisible();
    await guest.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(guest.getByText(`Added 1 × ${name} to cart`)).toBeVisible();
    await screenshots(guest, testInfo, 'product-held-link');
    await linkContext.close();
  });
});
