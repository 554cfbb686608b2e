// Discount codes on the production build: the super administrator creates a code at /admin/promotions;
// a customer types it (in lower case) into the cart's 'Discount code' field and sees what it takes off,
// the checkout applies it, the confirmation, the customer's order page and the back office's order page
// show the code and the discount, the database recorded both, and the promotions list and the dashboard
// count the use.
// A code the database refuses shows its own message at the checkout.
import type { Page } from '@playwright/test';
import { placeOrderThroughCheckout } from './checkout-helpers.ts';
import { DEMO_CUSTOMER, expect, injectSession, serviceClient, signInAsAdmin, test } from './fixtures.ts';

function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true });
}

test('a code created in the back office is applied at checkout and shows on the order', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const code = `E2ESAVE${Date.now() % 1_000_000}`;

  // A product with stock and no purchase limit that the other journeys do not buy.
  const { data: product, error } = await serviceClient()
    .from('products')
    .select('id, name, slug, price')
    .eq('in_stock', true)
    .gte('stock_count', 10)
    .is('purchase_limit', null)
    .gte('price', 20)
    .lte('price', 90)
    .order('name', { ascending: false })
    .limit(1)
    .single();
  if (error) throw error;

  // The back office: a 20 % code with a usage limit.
  await signInAsAdmin(page);
  await page.goto('/admin/promotions');
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  await page.getByRole('link', { name: 'Add Code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Discount Code' })).toBeVisible();
  // A bad value is refused on the page, and what was typed stays.
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await page.getByLabel('Percentage off (%)').fill('120');
  await page.getByRole('button', { name: 'Save Code' }).click();
  await expect(page.getByText('Enter a percentage from 0.01 to 100')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue(code);
  await page.getByLabel('Percentage off (%)').fill('20');
  await page.getByLabel('Total uses').fill('5');
  await page.getByRole('button', { name: 'Save Code' }).click();
  await expect(toast(page, 'Discount code created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/promotions$/);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toBeVisible();
  await expect(row).toContainText('20% off');
  await expect(row).toContainText('0 / 5');

  // The customer, in a browser of their own.
  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  await injectSession(shop, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, `/product/${product.slug}`);
  await expect(shop.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await shop.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(shop.getByText(`Added 1 × ${product.name} to cart`)).toBeVisible();
  await shop
    .getByRole('banner')
    .getByRole('button', { name: /^Cart, \d+ items?$/ })
    .click();
  const cart = shop.getByRole('dialog');
  const expected = Math.round(Number(product.price) * 20) / 100;
  const money = (amount: number) => `$${amount.toFixed(2)}`;

  // An unknown code gets the database's message; the real one, typed in lower case, applies.
  await cart.getByLabel('Discount code').fill('nosuchcode');
  await cart.getByRole('button', { name: 'Apply' }).click();
  await expect(cart.getByTestId('cart-discount-problem')).toHaveText(
    '"nosuchcode" is not a valid discount code',
  );
  await cart.getByRole('button', { name: 'Remove discount code nosuchcode' }).click();
  await cart.getByLabel('Discount code').fill(code.toLowerCase());
  await cart.getByRole('button', { name: 'Apply' }).click();
  await expect(cart.getByTestId('cart-discount-code')).toContainText(code);
  await expect(cart.getByText(`Discount (${code})`, { exact: true })).toBeVisible();
  await expect(cart.getByTestId('cart-discount')).toHaveText(`−${money(expected)}`);

  await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(shop).toHaveURL(/\/checkout$/);
  await expect(shop.getByTestId('checkout-discount-code')).toContainText(code);
  await expect(shop.getByTestId('checkout-discount')).toHaveText(`−${money(expected)}`);
  const order = await placeOrderThroughCheckout(shop);
  await expect(shop.getByTestId('confirmation-discount')).toHaveText(`−${money(expected)}`);
  await expect(shop.getByText(`Discount (${code})`, { exact: true })).toBeVisible();

  // The database recorded the code and the discount, and charged the total after it.
  const stored = await serviceClient()
    .from('orders')
    .select('discount_code, discount_amount, subtotal, total_amount')
    .eq('id', order.id)
    .single();
  expect(stored.error).toBeNull();
  expect(stored.data).toMatchObject({ discount_code: code, discount_amount: expected });
  expect(order.total).toBe(money(Number(stored.data!.total_amount)));

  // The customer's order page shows it.
  await shop.goto(`/account/orders/${order.id}`);
  await expect(shop.getByText(`Discount (${code})`, { exact: true })).toBeVisible();
  await expect(shop.getByText(`−${money(expected)}`, { exact: true })).toBeVisible();
  await shopper.close();

  // The back office: the order page and the use in the promotions list.
  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByText(`Discount (${code})`, { exact: true })).toBeVisible();
  await page.goto('/admin/promotions');
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('1 / 5');
  // The dashboard lists the codes that brought revenue, with their uses.
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('dashboard-promotion').filter({ hasText: code })).toContainText(
    money(Number(stored.data!.total_amount)),
  );
});
