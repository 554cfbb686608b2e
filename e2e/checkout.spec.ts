// Checkout, the storefront half of the journey on the production build: a visitor fills a cart from two
// product pages, goes to the checkout, is asked to sign in and creates an account in the overlay,
// confirms it from the e-mail in the local mailbox, comes back to the checkout with the cart intact, places the order, sees the confirmation, finds the order in
// Order History, and the product pages show the stock gone down by what was ordered.
import type { Page } from '@playwright/test';
import {
  BAOFENG_RADIO,
  MIDLAND_RADIOS,
  TEST_ADDRESS,
  addToCartOnProductPage,
  placeOrderThroughCheckout,
  stockOnProductPage,
} from './checkout-helpers.ts';
import { authLinkFor, expect, serviceClient, test } from './fixtures.ts';

const header = (page: Page) => page.getByRole('banner');

test('a visitor signs up at the checkout, places an order and finds it in Order History', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const email = `checkout-${Date.now()}@example.com`;

  const baofengBefore = await stockOnProductPage(page, BAOFENG_RADIO);
  await addToCartOnProductPage(page, BAOFENG_RADIO, 2);
  const midlandBefore = await stockOnProductPage(page, MIDLAND_RADIOS);
  await addToCartOnProductPage(page, MIDLAND_RADIOS, 1);

  await header(page).getByRole('button', { name: 'Cart, 3 items' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // Asked to sign in: the account overlay opens over the checkout; this visitor creates an account.
  await expect(page.getByRole('heading', { name: 'Sign in to check out' })).toBeVisible();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await dialog.getByLabel('First name').fill('Riley');
  await dialog.getByLabel('Last name').fill('Harbor');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('ready-set-42');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  // The address is confirmed first: the e-mailed link brings the new customer back here, signed in.
  await expect(dialog.getByRole('alert')).toHaveText(
    'Check your inbox to confirm your email address, then sign in.',
  );
  await page.goto(await authLinkFor(email, 'Confirm Your Signup'));
  await expect(header(page).getByRole('button', { name: 'Hi, Riley' })).toBeVisible();

  // Back at the checkout with the cart intact, priced by the database: 2 × 34.99 + 89.99 = 159.97.
  await expect(page).toHaveURL(/\/checkout$/);
  const lines = page.getByTestId('checkout-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText(BAOFENG_RADIO.name);
  await expect(lines.nth(0).getByTestId('checkout-line-price')).toHaveText('2 × $34.99');
  await expect(lines.nth(1).getByTestId('checkout-line-price')).toHaveText('1 × $89.99');
  await expect(page.getByTestId('checkout-subtotal')).toHaveText('$159.97');
  await expect(page.getByTestId('checkout-shipping')).toHaveText('Free');
  await expect(page.getByTestId('checkout-tax')).toHaveText('$12.80');
  await expect(page.getByTestId('checkout-total')).toHaveText('$172.77');
  await expect(page.getByLabel('Full name')).toHaveValue('Riley Harbor');

  const order = await placeOrderThroughCheckout(page);
  expect(order.total).toBe('$172.77');
  await expect(header(page).getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  await expect(page.getByTestId('confirmation-line')).toHaveCount(2);
  await expect(page.getByTestId('confirmation-total')).toHaveText('$172.77');
  await expect(page.getByTestId('confirmation-address')).toContainText(TEST_ADDRESS.line1);
  await expect(page.getByTestId('bank-details')).toContainText(order.orderNumber);

  // What the database stored: its own prices, the customer's e-mail, pending and awaiting payment.
  const stored = await serviceClient()
    .from('orders')
    .select('email, status, payment_status, total_amount, order_items(product_name, unit_price, quantity)')
    .eq('id', order.id)
    .single();
  expect(stored.error).toBeNull();
  expect(stored.data).toMatchObject({
    email,
    status: 'pending',
    payment_status: 'awaiting_payment',
    total_amount: 172.77,
  });

  // Order History through the account overlay.
  await header(page).getByRole('button', { name: 'Hi, Riley' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Order History' }).click();
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  const card = page.getByTestId('order-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: order.orderNumber })).toBeVisible();
  await expect(card.getByTestId('order-status')).toHaveText('Pending');
  await expect(card.getByTestId('payment-status')).toHaveText('Awaiting payment');
  await expect(card.getByTestId('order-total')).toHaveText('$172.77');
  await expect(card.getByTestId('order-lines')).toContainText(`${BAOFENG_RADIO.name} × 2`);

  await card.getByRole('link', { name: `View order ${order.orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${order.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByTestId('order-line')).toHaveCount(2);
  await expect(page.getByTestId('order-event')).toHaveText([/Order placed by you/]);

  // The stock went down by what was ordered.
  expect(await stockOnProductPage(page, BAOFENG_RADIO)).toBe(baofengBefore - 2);
  expect(await stockOnProductPage(page, MIDLAND_RADIOS)).toBe(midlandBefore - 1);
  expect(errors).toEqual([]);
});
