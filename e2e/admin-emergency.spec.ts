// Emergency mode in the back office: an administrator with the settings permission declares an
// emergency (each field checked on the page), the product form then explains why a steep price rise is
// refused (the database's price-rise guard) while a drop is saved, and ending the emergency lifts the
// guard and lists it under past emergencies. While it lasts, a shopper's storefront shows its banner
// (within the documented minute), which leads to the preparedness page, and a customer who bought the
// product's limit in one order is refused more in a second order, with how many more and from when;
// once ended, the banner goes and the limit is per order again (the refused unit can be ordered).
import { placeOrderThroughCheckout } from './checkout-helpers.ts';
import {
  createTestProduct,
  expect,
  reloadUntil,
  serviceClient,
  signInAsAdmin,
  signInAsCustomer,
  test,
} from './fixtures.ts';

test.describe('emergency mode', () => {
  const name = `E2E Emergency Radio ${Date.now()}`;
  const emergency = `E2E Ice Storm ${Date.now()}`;
  let productId = '';
  let productPath = '';

  test.beforeAll(async () => {
    productId = await createTestProduct({ name, description: 'A hand-crank radio.', price: 40 });
    await serviceClient().from('products').update({ purchase_limit: 2 }).eq('id', productId);
  });

  test.afterAll(async ({ browser }) => {
    // Never leave an emergency open, or its banner showing, for the specs that follow.
    await serviceClient()
      .from('emergencies')
      .update({ ended_at: new Date().toISOString() })
      .is('ended_at', null);
    await serviceClient().from('products').delete().eq('id', productId);
    const page = await browser.newPage();
    // Every page this spec had rendered with the banner, as the server may still keep it for a few seconds.
    for (const path of ['/', '/products', '/pages/preparedness', productPath].filter(Boolean))
      await reloadUntil(page, path, async (shop) => (await banner(shop).count()) === 0);
    await page.close();
  });

  const banner = (page: import('@playwright/test').Page) =>
    page.getByRole('region', { name: 'Emergency notice' });

  test('declare, see a price rise refused with the reason, end it', async ({ page, browser }) => {
    const shop = await browser.newPage();
    await shop.goto('/products');
    await expect(shop.getByRole('heading', { name: 'All Products', level: 1 })).toBeVisible();
    await expect(banner(shop)).toHaveCount(0);

    await signInAsAdmin(page);
    await page.goto('/admin/emergency');
    await expect(page.getByRole('heading', { name: 'Emergency Mode', level: 1 })).toBeVisible();

    // Each field's own message, and what was typed stays.
    await page.getByLabel('Price-rise limit (%)').fill('150');
    // The start is never in the future; one in the last 30 days is kept (a storm that hit yesterday).
    await page.getByLabel('Started (UTC)').fill('2099-01-01T00:00');
    await page.getByRole('button', { name: 'Declare emergency' }).click();
    await expect(
      page.getByText('The start is a moment in the last 30 days, not in the future'),
    ).toBeVisible();
    await expect(page.getByText('Please enter a name (at most 120 characters)')).toBeVisible();
    await expect(
      page.getByText('Enter a percentage between 0 and 100 with at most two decimals'),
    ).toBeVisible();
    await expect(page.getByLabel('Name')).toBeFocused();
    await expect(page.getByLabel('Price-rise limit (%)')).toHaveValue('150');

    await page.getByLabel('Name').fill(emergency);
    await page.getByLabel('Regions affected').fill('Northern Plains');
    await page.getByLabel('Price-rise limit (%)').fill('10');
    const yesterday = `${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T08:30`;
    await page.getByLabel('Started (UTC)').fill(yesterday);
    await page.getByRole('button', { name: 'Declare emergency' }).click();
    await expect(page.getByText('The emergency is declared.')).toBeVisible();
    const active = page.getByRole('region', { name: `Emergency in effect: ${emergency}` });
    await expect(active.locator('time').first()).toHaveAttribute('datetime', new RegExp(`^${yesterday}`));
    await expect(active).toContainText('Northern Plains');
    await expect(active).toContainText("10% above each product's highest price");

    // A shopper's storefront shows the banner on every page, and it leads to the preparedness guide.
    await reloadUntil(shop, '/products', async (p) => (await banner(p).count()) === 1);
    await expect(banner(shop)).toContainText(`Emergency: ${emergency}`);
    await expect(banner(shop)).toContainText('Northern Plains');
    await banner(shop).getByRole('link', { name: 'How to prepare' }).click();
    await expect(shop).toHaveURL(/\/pages\/preparedness$/);
    await expect(shop.getByRole('heading', { name: 'Preparedness', level: 1 })).toBeVisible();
    await expect(banner(shop)).toBeVisible();

    // The limit (2) counts the customer's orders over the window: a first order of 2, then 1 more is refused.
    const { data } = await serviceClient().from('products').select('slug').eq('id', productId).single();
    productPath = `/product/${(data as { slug: string }).slug}`;
    await signInAsCustomer(shop);
    await shop.goto(productPath);
    const main = shop.getByRole('main');
    await main.getByRole('button', { name: 'Increase quantity' }).click();
    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(shop.getByRole('banner').getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
    await shop.goto('/checkout');
    await placeOrderThroughCheckout(shop);
    await shop.goto(productPath);
    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(shop.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    await shop.goto('/checkout');
    await expect(
      shop.getByText(
        new RegExp(
          `You can buy at most 2 of "${name}" in \\d+ days, and your other orders already hold 2: 0 more now, more from [A-Z][a-z]{2} \\d{1,2}, \\d{4}`,
        ),
      ),
    ).toBeVisible();
    await expect(shop.getByRole('button', { name: 'Place order' })).toBeDisabled();

    // 40 + 10 % = 44.00: 50 is refused with the database's reason, the page keeps the typed price.
    await page.goto(`/admin/products/${productId}/edit`);
    await expect(page.getByLabel('Product Name')).toHaveValue(name);
    await page.getByLabel('Price ($)', { exact: true }).fill('50');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(
      page.getByText(
        `During the emergency "${emergency}" the price of "${name}" may rise to at most $44.00 (10% above its highest price in the 30 days before it began, $40.00)`,
      ),
    ).toBeVisible();
    await expect(page.getByLabel('Price ($)', { exact: true })).toHaveValue('50');
    const unchanged = await serviceClient().from('products').select('price').eq('id', productId).single();
    expect((unchanged.data as { price: number }).price).toBe(40);

    // A drop is always allowed.
    await page.getByLabel('Price ($)', { exact: true }).fill('35');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText('Product updated successfully', { exact: true })).toBeVisible();

    // Ending it (confirmed in a dialog) lifts the guard and lists it as past.
    await page.goto('/admin/emergency');
    await active.getByRole('button', { name: 'End emergency' }).click();
    const dialog = page.getByRole('dialog', { name: 'End the emergency?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'End emergency' }).click();
    await expect(page.getByText('The emergency has ended.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Declare an emergency' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Past emergencies' })).toContainText(emergency);
    await reloadUntil(shop, '/products', async (p) => (await banner(p).count()) === 0);
    // With the emergency over a purchase limit is per order again: the refused unit can now be ordered.
    await shop.goto('/checkout');
    await placeOrderThroughCheckout(shop);

    await page.goto(`/admin/products/${productId}/edit`);
    await page.getByLabel('Price ($)', { exact: true }).fill('50');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText('Product updated successfully', { exact: true })).toBeVisible();
  });
});
