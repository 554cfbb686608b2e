// Card payments on the production build, against the local Stripe stand-in (the stack's test stand-in
// for Stripe, which is outside the project and out of reach here; it signs its webhooks as Stripe does):
// a customer pays by card on the hosted page and sees "Paid" on the confirmation, in Order History and
// in /admin/orders; a cancelled payment leaves the order unpaid with a way to pay again; an expired
// payment page puts the stock back; an administrator refunds and the customer sees "Refunded".
import type { Page } from '@playwright/test';
import { placeOrderThroughCheckout, type ShopProduct } from './checkout-helpers.ts';
import { DEMO_CUSTOMER, expect, injectSession, serviceClient, signInAsAdmin, test } from './fixtures.ts';
import { ENV } from './harness.ts';

async function stockOf(product: ShopProduct): Promise<number> {
  const { data } = await serviceClient().from('products').select('stock_count').eq('id', product.id).single();
  return data!.stock_count as number;
}

function standIn() {
  const url = process.env[ENV.stripeUrl];
  const key = process.env[ENV.stripeSecretKey];
  if (!url || !key) throw new Error('The Stripe stand-in is not running (global-setup starts it)');
  return { url, key };
}

/** A product of this spec's own, so no other spec's stock figures move. */
async function ownProduct(stock: number): Promise<ShopProduct> {
  const client = serviceClient();
  const { data: category } = await client.from('categories').select('id').limit(1).single();
  const name = `Card Spec Lantern ${Date.now()}`;
  const { data, error } = await client
    .from('products')
    .insert({
      name,
      description: 'A lantern for the card payment spec',
      price: 20,
      category_id: category!.id,
      image_url: '/images/products/default.svg',
      stock_count: stock,
      in_stock: true,
    })
    .select('id, name, slug')
    .single();
  if (error || !data) throw new Error(`Could not create the product: ${error?.message}`);
  return { id: data.id, name: data.name, slug: data.slug };
}

async function buyByCard(page: Page, product: ShopProduct, quantity = 1) {
  await page.goto(`/product/${product.slug}`);
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill(String(quantity));
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('radio', { name: /^Card/ })).toBeVisible();
  const placing = placeOrderThroughCheckout(page, 'Card');
  // Place order goes on to Stripe's (here: the stand-in's) hosted page.
  await page.waitForURL(/\/pay\/cs_test_/);
  await placing.catch(() => undefined);
  await expect(page.getByText('This is a local stand-in for Stripe Checkout')).toBeVisible();
  const sessionId = /\/pay\/(cs_test_\w+)/.exec(page.url())![1]!;
  const { data } = await serviceClient()
    .from('orders')
    .select('id, order_number')
    .eq('stripe_checkout_session_id', sessionId)
    .single();
  return { sessionId, id: data!.id as string, orderNumber: data!.order_number as string };
}

test('a customer pays by card and sees Paid; an administrator refunds and the customer sees Refunded', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const product = await ownProduct(10);
  await injectSession(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const order = await buyByCard(page, product, 2);

  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/confirmation/${order.id}\\?payment=success`));
  // "Payment processing" until the webhook settles it, then "Paid", without a reload.
  await expect(page.getByTestId('card-payment-state')).toHaveText('Paid', { timeout: 20_000 });

  await page.goto('/account/orders');
  const row = page.getByTestId('order-card').filter({ hasText: order.orderNumber });
  await expect(row).toContainText('Paid');

  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/orders');
  const adminRow = admin.getByRole('row', { name: new RegExp(order.orderNumber) });
  await expect(adminRow).toContainText('Paid');
  await admin.goto(`/admin/orders/${order.id}`);
  await expect(admin.getByTestId('stripe-payment-id')).toHaveText(/^pi_test_/);
  // Paid with the stand-in's test key (sk_test_…): the payment is in the dashboard's test mode.
  await expect(admin.getByTestId('stripe-payment-id')).toHaveAttribute(
    'href',
    /^https:\/\/dashboard\.stripe\.com\/test\/payments\/pi_test_/,
  );
  await expect(admin.getByText('by Stripe').first()).toBeVisible();
  await admin.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText(`of order ${order.orderNumber}`);
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(admin.getByRole('main').getByText('Refunded', { exact: true }).first()).toBeVisible({
    timeout: 20_000,
  });
  await admin.close();

  await page.goto(`/account/orders/${order.id}`);
  await expect(page.getByText('Refunded', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('by Stripe').first()).toBeVisible();
});

test('a cancelled card payment leaves the order unpaid with a way to pay; an expired page puts the stock back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const product = await ownProduct(6);
  await injectSession(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  expect(await stockOf(product)).toBe(6);
  const order = await buyByCard(page, product, 3);

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/confirmation/${order.id}\\?payment=cancelled`));
  await expect(page.getByTestId('card-payment-state')).toHaveText('Payment not completed');
  expect(await stockOf(product)).toBe(3);

  // Try again: the same payment page opens.
  await page.goto(`/checkout/confirmation/${order.id}?payment=cancelled`);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.waitForURL(new RegExp(`/pay/${order.sessionId}$`));
  await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();

  // The page expires (as Stripe's does after its time): the order is cancelled and the stock returns.
  const { url, key } = standIn();
  const expired = await fetch(`${url}/v1/checkout/sessions/${order.sessionId}/expire`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(expired.status).toBe(200);
  await expect
    .poll(
      async () =>
        (await serviceClient().from('orders').select('status').eq('id', order.id).single()).data?.status,
      {
        timeout: 20_000,
      },
    )
    .toBe('cancelled');
  expect(await stockOf(product)).toBe(6);
  await page.goto(`/checkout/confirmation/${order.id}`);
  await expect(page.getByText('so this order was cancelled and nothing was charged')).toBeVisible();
});
