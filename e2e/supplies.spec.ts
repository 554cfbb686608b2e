// My Supplies and rotation reminders on the production build: a customer with a food order sees it in
// My Supplies; when the test moves the scheduled jobs' clock to 59 days before its best-before, the
// reminder e-mail arrives in the stack's local mailbox; its "Reorder these" link fills the cart with the
// product, and the order placed from it counts as a reorder from the reminder.
import { createClient } from '@supabase/supabase-js';
import { placeOrderThroughCheckout } from './checkout-helpers.ts';
import {
  expect,
  injectSession,
  mailsTo,
  NODE_CLIENT_OPTIONS,
  serviceClient,
  SHOP_URL,
  stackInfo,
  test,
  type MailboxMessage,
} from './fixtures.ts';

const DAY = 86_400_000;
const FOOD_STORAGE = '9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72';

test.describe.configure({ timeout: 180_000 });

test('a food order shows in My Supplies, the reminder e-mail comes when the clock moves, and its link reorders', async ({
  page,
}) => {
  const service = serviceClient();
  const stamp = Date.now();
  const email = `supplies.${stamp}@example.com`;
  const password = 'supplies-pass-1';
  const created = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { first_name: 'Robin', last_name: 'Vale', full_name: 'Robin Vale' },
  });
  expect(created.error).toBeNull();
  const userId = created.data.user!.id;

  // A food product whose one lot is good for 200 more days.
  const today = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
  const bestBefore = new Date(today.getTime() + 200 * DAY).toISOString().slice(0, 10);
  const name = `Rotation Stew ${stamp}`;
  const { data: product, error: productError } = await service
    .from('products')
    .insert({
      name,
      description: 'Freeze-dried stew for supplies.spec.ts',
      price: 24.5,
      category_id: FOOD_STORAGE,
      image_url: `${stackInfo().url}/storage/v1/object/public/catalog/freeze-dried-meal.svg`,
    })
    .select('id')
    .single();
  expect(productError).toBeNull();
  const lotCode = `RS-${stamp % 100000}`;
  expect(
    (
      await service
        .from('product_lots')
        .insert({ product_id: product!.id, lot_code: lotCode, quantity: 40, best_before: bestBefore })
    ).error,
  ).toBeNull();

  // The customer's food order (placed through the API: the checkout itself is checkout.spec.ts's).
  const customer = createClient(stackInfo().url, stackInfo().anonKey, NODE_CLIENT_OPTIONS);
  expect((await customer.auth.signInWithPassword({ email, password })).error).toBeNull();
  const placed = await customer.rpc('place_order', {
    p_lines: [{ product_id: product!.id, quantity: 3 }],
    p_shipping_address: {
      full_name: 'Robin Vale',
      line1: '8 Larder Row',
      line2: '',
      city: 'Boulder',
      region: 'CO',
      postal_code: '80302',
      country: 'United States',
      phone: '+1 303 555 0188',
    },
    p_payment_method: 'bank_transfer',
  });
  expect(placed.error).toBeNull();
  const orderId = (placed.data as { id: string }).id;
  // Paid (as staff would mark it), so moving the clock months on does not expire it as unpaid.
  expect(
    (await service.from('orders').update({ payment_status: 'paid' }).eq('id', orderId)).error,
  ).toBeNull();

  // My Supplies, from the account overlay.
  await injectSession(page, email, password, '/');
  await page.getByRole('banner').getByRole('button', { name: 'Hi, Robin' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'My Supplies' }).click();
  await expect(page).toHaveURL(/\/account\/supplies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Supplies' })).toBeVisible();
  const group = page.getByTestId('supply-group').filter({ hasText: name });
  await expect(group.getByRole('heading', { name })).toBeVisible();
  await expect(group.getByText(`3 units · Lot ${lotCode}`)).toBeVisible();
  await expect(group.getByText('200 days left')).toBeVisible();
  await expect(group.getByTestId('supply-status')).toHaveText('Fine');
  await expect(page.getByText('Reminders: 60 days before best-before')).toBeVisible();
  await page.getByRole('button', { name: 'Timeline' }).click();
  await expect(page.getByRole('button', { name: 'Timeline' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('timeline-month').filter({ hasText: name })).toBeVisible();

  // The clock moves on to 59 days before best-before: the scheduled jobs write the reminder.
  const at = new Date(today.getTime() + 141 * DAY + 12 * 3_600_000).toISOString();
  const jobs = await service.rpc('scheduled_jobs_run', { p_now: at });
  expect(jobs.error).toBeNull();
  expect((jobs.data as { supply_reminder_emails: number }).supply_reminder_emails).toBeGreaterThanOrEqual(1);
  let mail: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        mail = (await mailsTo(email)).find(
          (entry) => entry.subject === 'Rotation reminder: 1 item near best-before',
        );
        return mail !== undefined;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  expect(mail!.text).toContain(`3 × ${name}, lot ${lotCode}, best before ${bestBefore} (59 days left)`);
  // The same clock again writes nothing more.
  await service.rpc('scheduled_jobs_run', { p_now: at });
  const reorderLink = mail!.links.find((link) => link.includes('/checkout/reorder?'))!;
  expect(reorderLink.startsWith(SHOP_URL)).toBe(true);

  // "Reorder these": the cart opens with the product; the order placed counts as a reorder.
  await page.goto(reorderLink);
  await expect(page.getByRole('status').filter({ hasText: 'We put 1 product in your cart.' })).toBeVisible();
  const cart = page.getByRole('dialog', { name: /cart/i });
  await expect(cart.getByText(name)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Checkout' }).click();
  const reorder = await placeOrderThroughCheckout(page);
  await expect
    .poll(async () => {
      const { data } = await service
        .from('supply_reminder_orders')
        .select('order_id')
        .eq('order_id', reorder.id);
      return data?.length ?? 0;
    })
    .toBe(1);
  expect(
    (await mailsTo(email)).filter((entry) => entry.subject.startsWith('Rotation reminder')),
  ).toHaveLength(1);
  expect(userId).not.toBe('');
});
