// Store settings in the back office: an administrator with the settings permission changes a rule, a
// value out of range is refused with its field's message and what was typed stays, the saved value is
// what the database holds, and the settings' history in the audit log shows the change. A raised
// free-shipping threshold and a new hotline reach a shopper's storefront (top bar and cart) within the
// documented minute, and the storefront is back to the seeded values before the next spec.
import {
  expect,
  reloadUntil,
  seedCartStorage,
  serviceClient,
  signInAsAdmin,
  SUPER_ADMIN,
  test,
  type StoredCartLine,
} from './fixtures.ts';

async function holdHours(): Promise<number> {
  const { data, error } = await serviceClient()
    .from('store_settings')
    .select('unpaid_order_hold_hours')
    .single();
  if (error) throw error;
  return (data as { unpaid_order_hold_hours: number }).unpaid_order_hold_hours;
}

test.describe('store settings', () => {
  let before = 72;

  test.beforeAll(async () => {
    before = await holdHours();
  });

  test.afterAll(async () => {
    await serviceClient().from('store_settings').update({ unpaid_order_hold_hours: before }).eq('id', true);
  });

  test('an administrator changes the unpaid-order hold; a bad value is refused per field', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    await expect(page.getByText('Coming Soon')).toHaveCount(0);
    const hold = page.getByLabel('Unpaid order hold (hours)');
    await expect(hold).toHaveValue(String(before));

    await hold.fill('900');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Unpaid order hold must be a whole number from 1 to 720')).toBeVisible();
    await expect(hold).toHaveValue('900');
    await expect(hold).toBeFocused();
    expect(await holdHours()).toBe(before);

    const next = before === 48 ? 96 : 48;
    await hold.fill(String(next));
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
    await expect.poll(holdHours).toBe(next);
    await page.reload();
    await expect(page.getByLabel('Unpaid order hold (hours)')).toHaveValue(String(next));

    await page.getByRole('link', { name: 'History of the store settings' }).click();
    await expect(page).toHaveURL(/\/admin\/audit\?record=true$/);
    const entry = page.getByTestId('audit-entry').filter({ visible: true }).first();
    await expect(entry).toContainText(SUPER_ADMIN.email);
    await expect(entry).toContainText('unpaid_order_hold_hours:');
    await expect(entry.locator('ins')).toHaveText(String(next));
  });
});

const topBarShipping = (page: import('@playwright/test').Page) =>
  page.getByText(/^Free shipping on orders over /);

test.describe('the storefront follows the store settings', () => {
  // The radio (79.99, in stock) and two straws (19.95): 119.89, free shipping at the seeded $99.
  const lines: StoredCartLine[] = [
    {
      product: {
        id: '337a659a-03c4-5542-acef-bab69a537a5c',
        slug: 'eton-frx5-bt-hand-crank-weather-radio-337a659a-03c4-5542-acef-bab69a537a5c',
        name: 'Eton FRX5-BT Hand-Crank Weather Radio',
        price: 79.99,
        originalPrice: 99.99,
        image: '',
        category: 'Communication',
        inStock: true,
      },
      quantity: 1,
    },
    {
      product: {
        id: '5b82551b-06be-5ca3-bd6c-9094dabb791e',
        slug: 'lifestraw-personal-water-filter-5b82551b-06be-5ca3-bd6c-9094dabb791e',
        name: 'LifeStraw Personal Water Filter',
        price: 19.95,
        originalPrice: null,
        image: '',
        category: 'Water & Filtration',
        inStock: false,
      },
      quantity: 2,
    },
  ];

  test.afterAll(async ({ browser }) => {
    await serviceClient()
      .from('store_settings')
      .update({ free_shipping_threshold: 99, hotline_phone: '1-800-555-0199' })
      .eq('id', true);
    // The specs that follow expect the seeded rules on the storefront.
    const page = await browser.newPage();
    await reloadUntil(
      page,
      '/',
      async (shop) => (await topBarShipping(shop).textContent()) === 'Free shipping on orders over $99',
    );
    await page.close();
  });

  test("staff raise the free-shipping threshold; a shopper's cart message follows", async ({
    page,
    browser,
  }) => {
    const shopper = await browser.newContext();
    const shop = await shopper.newPage();
    await seedCartStorage(shop, JSON.stringify(lines));
    await shop.goto('/');
    await expect(topBarShipping(shop)).toHaveText('Free shipping on orders over $99');
    await shop
      .getByRole('banner')
      .getByRole('button', { name: /^Cart, / })
      .click();
    await expect(shop.getByRole('dialog').getByText('You qualify for free shipping!')).toBeVisible();

    await signInAsAdmin(page);
    await page.goto('/admin/settings');
    const threshold = page.getByLabel('Free shipping from ($)');
    await expect(threshold).toHaveValue('99');
    await threshold.fill('150.005');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(
      page.getByText('Free shipping from must be a number from 0 to 100,000 with at most two decimals'),
    ).toBeVisible();
    await expect(threshold).toHaveValue('150.005');
    await threshold.fill('150');
    await page.getByLabel('Emergency hotline').fill('1-800-555-0123');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();

    await reloadUntil(
      shop,
      '/',
      async (p) => (await topBarShipping(p).textContent()) === 'Free shipping on orders over $150',
    );
    await expect(shop.getByRole('link', { name: '1-800-555-0123' }).first()).toHaveAttribute(
      'href',
      'tel:18005550123',
    );
    await expect(shop.getByRole('contentinfo')).toContainText('1-800-555-0123');
    // Contact Us shows the same details beside its form.
    const details = (p: import('@playwright/test').Page) =>
      p.getByRole('region', { name: 'Contact details' });
    await reloadUntil(shop, '/pages/contact-us', async (p) =>
      ((await details(p).textContent()) ?? '').includes('1-800-555-0123'),
    );
    await expect(details(shop)).toContainText('support@readystock.example');
    await expect(details(shop)).toContainText('1200 Preparedness Way');
    await shop.goto('/');
    await shop
      .getByRole('banner')
      .getByRole('button', { name: /^Cart, / })
      .click();
    const cart = shop.getByRole('dialog');
    // 150 - 119.89 = 30.11 to go; shipping 9.99 below the threshold, tax 8 % of 119.89 = 9.59.
    await expect(cart.getByText('Add $30.11 more for free shipping')).toBeVisible();
    await expect(cart.getByTestId('cart-shipping')).toHaveText('$9.99');
    await expect(cart.getByTestId('cart-total')).toHaveText('$139.47');
    await shopper.close();
  });
});
