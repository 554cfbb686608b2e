// Orders in the back office: a customer places an order (through place_order, as the checkout does); an
// administrator finds it in /admin/orders by its number, marks it paid, moves it to processing and then
// ships it with a carrier and tracking number, and the history shows who did what; the customer then gets
// the shipped e-mail with the tracking link (read from the local mailbox with the service key) and sees
// the new status and the tracking number (REST and their order page); an admin with only the orders
// permission opens orders but is refused the customers pages (and by the database).
import type { Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import {
  DEMO_CUSTOMER,
  expect,
  injectSession,
  NODE_CLIENT_OPTIONS,
  serviceClient,
  SHOP_URL,
  signInAsAdmin,
  stackInfo,
  SUPER_ADMIN,
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

interface Mail {
  subject: string;
  text: string;
  links: string[];
}

/** The local mailbox's messages to `to` (the service role key stays in the test process). */
async function mailbox(to: string): Promise<Mail[]> {
  const { url, serviceRoleKey } = stackInfo();
  const response = await fetch(`${url}/mailbox/messages?to=${encodeURIComponent(to)}`, {
    headers: { apikey: serviceRoleKey },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Mail[];
}

function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true });
}

test.describe('admin orders', () => {
  let customer: SupabaseClient;
  let product: { id: string; name: string; stock_count: number };
  let order: { id: string; order_number: string; total_amount: number };

  test.beforeAll(async () => {
    const { data, error } = await serviceClient()
      .from('products')
      .select('id, name, stock_count')
      .eq('in_stock', true)
      .gte('stock_count', 10)
      .is('purchase_limit', null)
      .order('name')
      .limit(1)
      .single();
    if (error) throw error;
    product = data;
    customer = await signedInClient(DEMO_CUSTOMER);
    const placed = await customer.rpc('place_order', {
      p_lines: [{ product_id: product.id, quantity: 2 }],
      p_shipping_address: ADDRESS,
      p_shipping_method: 'standard',
      p_payment_method: 'bank_transfer',
      p_idempotency_key: crypto.randomUUID(),
    });
    if (placed.error) throw placed.error;
    order = placed.data as typeof order;
    expect(order.order_number).toMatch(/^RS-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  });

  test.afterAll(async () => {
    const service = serviceClient();
    await service.from('orders').delete().eq('id', order.id);
    await service
      .from('products')
      .update({ stock_count: product.stock_count, in_stock: true })
      .eq('id', product.id);
  });

  test('an administrator finds the order, marks it paid and ships it; the customer sees it', async ({
    page,
    browser,
  }) => {
    // A long journey through two browsers and the outbox sender's delivery.
    test.slow();
    await signInAsAdmin(page);
    await page
      .getByRole('complementary', { name: 'Administrator' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();

    await page.getByRole('searchbox', { name: /order number or customer e-mail/ }).fill(order.order_number);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${order.order_number}`));
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(DEMO_CUSTOMER.email);
    await expect(rows.first()).toContainText('Pending');
    await expect(rows.first()).toContainText('Awaiting payment');
    await rows.first().getByRole('link', { name: order.order_number, exact: true }).click();

    await expect(page).toHaveURL(`/admin/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Items' })).toContainText(product.name);
    await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('12 Harbour Road');
    const actions = page.getByRole('region', { name: 'Actions' });
    // Only the allowed moves are offered.
    await expect(actions.getByRole('button')).toHaveText([
      'Move to Processing',
      'Mark as paid',
      'Cancel order',
    ]);

    await actions.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(toast(page, 'Order marked as paid')).toBeVisible();
    await actions.getByRole('button', { name: 'Move to Processing' }).click();
    await expect(toast(page, 'Order moved to Processing')).toBeVisible();
    await expect(actions.getByRole('button')).toHaveText([
      'Mark as shipped',
      'Refund payment',
      'Cancel order',
    ]);
    // Shipping needs the carrier and the tracking number.
    await actions.getByRole('button', { name: 'Mark as shipped' }).click();
    await expect(actions.getByText('Choose the carrier')).toBeVisible();
    await expect(actions.getByText('Enter the tracking number')).toBeVisible();
    await actions.getByLabel('Carrier').selectOption({ label: 'UPS' });
    await actions.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await actions.getByLabel('Note for the history (optional)').fill('Packed by Sam');
    await actions.getByRole('button', { name: 'Mark as shipped' }).click();
    await expect(
      toast(page, 'Order shipped; the customer gets an e-mail with the tracking number'),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tracking' })).toContainText('1Z999AA10123456784');
    await expect(actions.getByRole('button')).toHaveText([
      'Move to Completed',
      'Refund payment',
      'Record return',
    ]);

    const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
    await expect(history).toHaveCount(4);
    await expect(history.nth(0)).toContainText('Processing → Shipped');
    await expect(history.nth(0)).toContainText(`by ${SUPER_ADMIN.email}`);
    await expect(history.nth(0)).toContainText('Packed by Sam');
    await expect(history.nth(1)).toContainText('Pending → Processing');
    await expect(history.nth(2)).toContainText('Payment: Awaiting payment → Paid');
    await expect(history.nth(3)).toContainText('Order placed');

    // What the database holds, and what the customer reads about their own order.
    const { data: mine, error } = await customer
      .from('orders')
      .select(
        'status, payment_status, order_events(kind, actor_role, actor_email, order_event_staff(actor_email))',
      )
      .eq('id', order.id)
      .single();
    if (error) throw error;
    expect(mine.status).toBe('shipped');
    expect(mine.payment_status).toBe('paid');
    // Three events by the shop, but which administrator acted stays with the staff.
    expect(mine.order_events.filter((event) => event.actor_role === 'admin')).toHaveLength(3);
    expect(JSON.stringify(mine.order_events)).not.toContain(SUPER_ADMIN.email);

    // The customer's own order page shows it too.
    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    await injectSession(
      customerPage,
      DEMO_CUSTOMER.email,
      DEMO_CUSTOMER.password,
      `/account/orders/${order.id}`,
    );
    await expect(
      customerPage.getByRole('heading', { level: 1, name: `Order ${order.order_number}` }),
    ).toBeVisible();
    await expect(customerPage.getByTestId('order-status').first()).toHaveText('Shipped');
    await expect(customerPage.getByTestId('payment-status').first()).toHaveText('Paid');
    const tracking = customerPage.getByTestId('order-tracking');
    await expect(tracking).toContainText('UPS');
    await expect(tracking).toContainText('1Z999AA10123456784');
    await expect(customerPage.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );

    // The shipped e-mail, written by the database and delivered by the outbox-sender Edge Function.
    const subject = `Order ${order.order_number} has shipped`;
    await expect
      .poll(
        async () => (await mailbox(DEMO_CUSTOMER.email)).filter((mail) => mail.subject === subject).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    const shipped = (await mailbox(DEMO_CUSTOMER.email)).find((mail) => mail.subject === subject)!;
    expect(shipped.text).toContain('Carrier: UPS');
    expect(shipped.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(shipped.links).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(shipped.links).toContain(`${SHOP_URL}/account/orders/${order.id}`);
    await customerContext.close();

    // Back on the list the order shows its new state.
    await page.getByRole('link', { name: 'Back to Orders' }).click();
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('shipped');
    await page.getByRole('searchbox', { name: /order number or customer e-mail/ }).fill(order.order_number);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Shipped');
    await expect(rows.first()).toContainText('Paid');
  });

  test('an orders-only administrator opens orders but not customers', async ({ page }) => {
    await signInAsAdmin(page, ORDERS_ADMIN);
    await page.goto(`/admin/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Customer' }).getByRole('link')).toHaveCount(0);

    await page
      .getByRole('complementary', { name: 'Administrator' })
      .getByRole('link', { name: 'Customers' })
      .click();
    await expect(page.getByRole('heading', { name: 'Access Denied', level: 1 })).toBeVisible();
    await expect(page.getByText(/needs the Customers permission/)).toBeVisible();
    await page.goto('/admin/customers/00000000-0000-4000-8000-000000000001');
    await expect(page.getByRole('heading', { name: 'Access Denied', level: 1 })).toBeVisible();

    // The page only spares them a broken screen: the database refuses them anyway.
    const ordersAdmin = await signedInClient(ORDERS_ADMIN);
    const refused = await ordersAdmin.rpc('admin_list_customers', {});
    expect(refused.error?.message).toBe('Permission denied');
  });
});
