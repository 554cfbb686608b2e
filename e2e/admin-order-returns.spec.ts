// The order flow's later states in the browser: a customer cancels an order staff had marked paid and
// both sides see "Refund due" until staff refund it; a shipped pay-on-delivery order is refused at the
// door; a paid, shipped order is returned (its goods back in stock) and owed a refund, which the
// customer's order page shows. Orders are placed through place_order as the checkout does.
import type { Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import {
  DEMO_CUSTOMER,
  expect,
  injectSession,
  NODE_CLIENT_OPTIONS,
  serviceClient,
  signInAsAdmin,
  stackInfo,
  test,
} from './fixtures.ts';

const ORDERS_ADMIN = { email: 'orders.admin@example.com', password: 'orders1234' };
const ADDRESS = {
  full_name: 'Jamie Carter',
  line1: '12 Harbour Road',
  line2: '',
  city: 'Portland',
  region: 'OR',
  postal_code: '97201',
  country: 'US',
  phone: '555-0142',
};

async function signedInClient(account: { email: string; password: string }): Promise<SupabaseClient> {
  const { url, anonKey } = stackInfo();
  const client = createClient(url, anonKey, NODE_CLIENT_OPTIONS);
  const { error } = await client.auth.signInWithPassword(account);
  if (error) throw error;
  return client;
}

test.describe('refunds owed, refusal at the door and returns', () => {
  let customer: SupabaseClient;
  let staff: SupabaseClient;
  let product: { id: string; stock_count: number };
  const placedIds: string[] = [];

  async function place(method: 'bank_transfer' | 'cash_on_delivery') {
    const { data, error } = await customer.rpc('place_order', {
      p_lines: [{ product_id: product.id, quantity: 1 }],
      p_shipping_address: ADDRESS,
      p_payment_method: method,
      p_idempotency_key: crypto.randomUUID(),
    });
    if (error) throw error;
    const order = data as { id: string; order_number: string };
    placedIds.push(order.id);
    return order;
  }

  async function staffDo(fn: string, args: Record<string, unknown>) {
    const { error } = await staff.rpc(fn, args);
    if (error) throw error;
  }

  async function stock(): Promise<number> {
    const { data } = await serviceClient()
      .from('products')
      .select('stock_count')
      .eq('id', product.id)
      .single();
    return (data as { stock_count: number }).stock_count;
  }

  test.beforeAll(async () => {
    const { data, error } = await serviceClient()
      .from('products')
      .select('id, stock_count')
      .eq('in_stock', true)
      .gte('stock_count', 10)
      .is('purchase_limit', null)
      .order('name', { ascending: false })
      .limit(1)
      .single();
    if (error) throw error;
    product = data;
    customer = await signedInClient(DEMO_CUSTOMER);
    staff = await signedInClient(ORDERS_ADMIN);
  });

  test.afterAll(async () => {
    const service = serviceClient();
    await service.from('orders').delete().in('id', placedIds);
    await service
      .from('products')
      .update({ stock_count: product.stock_count, in_stock: true })
      .eq('id', product.id);
  });

  async function openAsCustomer(page: Page, orderId: string) {
    await injectSession(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, `/account/orders/${orderId}`);
  }

  test('a paid order the customer cancels shows "Refund due" on both sides until staff refund it', async ({
    page,
    browser,
  }) => {
    const order = await place('bank_transfer');
    await staffDo('admin_set_payment_status', { p_order_id: order.id, p_payment_status: 'paid' });

    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    await openAsCustomer(customerPage, order.id);
    await customerPage.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = customerPage.getByRole('dialog', { name: `Cancel order ${order.order_number}?` });
    await expect(dialog).toContainText('You have already paid for it');
    await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
    await expect(customerPage.getByTestId('order-status').first()).toHaveText('Cancelled');
    await expect(customerPage.getByTestId('payment-status').first()).toHaveText('Refund due');
    await expect(customerPage.getByRole('status').filter({ hasText: 'Refund due' })).toBeVisible();

    await signInAsAdmin(page, ORDERS_ADMIN);
    await page.goto(`/admin/orders/${order.id}`);
    const actions = page.getByRole('region', { name: 'Actions' });
    await expect(actions).toContainText('Refund due: the customer paid for this order');
    await expect(actions.getByRole('button')).toHaveText(['Refund payment']);
    await actions.getByRole('button', { name: 'Refund payment' }).click();
    await page
      .getByRole('dialog', { name: 'Refund this payment?' })
      .getByRole('button', { name: 'Mark as refunded' })
      .click();
    await expect(page.getByText('Payment marked as refunded', { exact: true })).toBeVisible();
    await expect(actions).toContainText('This order is closed');

    await customerPage.reload();
    await expect(customerPage.getByTestId('payment-status').first()).toHaveText('Refunded');
    await customerContext.close();
  });

  test('staff refuse a shipped pay-on-delivery order at the door, and its stock comes back', async ({
    page,
  }) => {
    const order = await place('cash_on_delivery');
    await staffDo('admin_set_order_status', { p_order_id: order.id, p_status: 'processing' });
    await staffDo('admin_set_order_status', { p_order_id: order.id, p_status: 'shipped' });
    const before = await stock();

    await signInAsAdmin(page, ORDERS_ADMIN);
    await page.goto(`/admin/orders/${order.id}`);
    const actions = page.getByRole('region', { name: 'Actions' });
    await expect(actions.getByRole('button')).toHaveText([
      'Move to Completed',
      'Mark as paid',
      'Refused at the door',
      'Record return',
    ]);
    await actions.getByRole('button', { name: 'Refused at the door' }).click();
    await page
      .getByRole('dialog', { name: 'Refused at the door?' })
      .getByRole('button', { name: 'Cancel as refused' })
      .click();
    await expect(
      page.getByText('Order cancelled; its stock is back on the shelf', { exact: true }),
    ).toBeVisible();
    const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
    await expect(history.first()).toContainText('Refused at the door');
    expect(await stock()).toBe(before + 1);
  });

  test('a paid, shipped order is returned into stock and owed a refund; the customer sees it', async ({
    page,
    browser,
  }) => {
    const order = await place('bank_transfer');
    await staffDo('admin_set_payment_status', { p_order_id: order.id, p_payment_status: 'paid' });
    await staffDo('admin_set_order_status', { p_order_id: order.id, p_status: 'processing' });
    // Shipping needs the payment: the database refuses an unpaid order, so this one was paid first.
    await staffDo('admin_set_order_status', { p_order_id: order.id, p_status: 'shipped' });
    const before = await stock();

    await signInAsAdmin(page, ORDERS_ADMIN);
    await page.goto(`/admin/orders/${order.id}`);
    const actions = page.getByRole('region', { name: 'Actions' });
    await expect(actions.getByLabel('The returned goods can be sold again')).toBeChecked();
    await actions.getByRole('button', { name: 'Record return' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a return?' });
    await expect(dialog).toContainText('its items go back into stock');
    await dialog.getByRole('button', { name: 'Record return' }).click();
    await expect(page.getByText('Return recorded', { exact: true })).toBeVisible();
    await expect(actions).toContainText('Refund due');
    expect(await stock()).toBe(before + 1);

    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    await openAsCustomer(customerPage, order.id);
    await expect(customerPage.getByTestId('order-status').first()).toHaveText('Returned');
    await expect(customerPage.getByTestId('payment-status').first()).toHaveText('Refund due');
    await customerContext.close();
  });
});
