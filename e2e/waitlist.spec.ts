// The back-in-stock waitlist: a signed-in customer asks to be told on an out-of-stock product page
// (one click), the back office shows one waiting, an administrator restocks the product in the product
// form, and the e-mail arrives in the local mailbox (delivered by the stack's outbox sender) with a link
// that opens the product, now in stock, and a one-click unsubscribe link. A visitor gives an address
// (checked in the form), confirms it from the e-mail, and gets the e-mail at the restock.
import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  expect,
  injectSession,
  serviceClient,
  signInAsAdmin,
  SHOP_URL,
  stackInfo,
  test,
} from './fixtures.ts';

interface Mail {
  to: string;
  subject: string;
  links: string[];
}

/** The local mailbox's messages to `to` (the service role key stays in the test process). */
async function mails(to: string): Promise<Mail[]> {
  const { url, serviceRoleKey } = stackInfo();
  const response = await fetch(`${url}/mailbox/messages?to=${encodeURIComponent(to)}`, {
    headers: { apikey: serviceRoleKey },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Mail[];
}

/** Waits for the mail with `subject` to `to` (the sender polls every second) and returns it. */
async function mailWithSubject(to: string, subject: string): Promise<Mail> {
  await expect
    .poll(async () => (await mails(to)).filter((mail) => mail.subject === subject).length, {
      timeout: 15_000,
    })
    .toBe(1);
  return (await mails(to)).find((mail) => mail.subject === subject)!;
}

/** A fresh out-of-stock product of its own, so no other spec's data moves under this one. */
async function soldOutProduct(label: string): Promise<{ id: string; name: string; slug: string }> {
  const service = serviceClient();
  const { data: model } = await service
    .from('products')
    .select('category_id, image_url')
    .order('name')
    .limit(1)
    .single();
  const name = `${label} Crank Lantern ${Date.now()}`;
  const { data, error } = await service
    .from('products')
    .insert({
      name,
      description: 'A hand-crank lantern for the waitlist journey.',
      price: 34.5,
      category_id: model!.category_id,
      image_url: model!.image_url,
      in_stock: false,
      stock_count: 0,
    })
    .select('id, name, slug')
    .single();
  expect(error).toBeNull();
  return data!;
}

async function newCustomer(tag: string): Promise<{ email: string; password: string }> {
  const account = { email: `waitlist.${tag}.${Date.now()}@example.com`, password: 'waitlist1234' };
  const { error } = await serviceClient().auth.admin.createUser({
    ...account,
    email_confirm: true,
    user_metadata: { first_name: 'Wade', last_name: 'Waiter' },
  });
  expect(error).toBeNull();
  return account;
}

/** The new UI at a phone's and a desktop's width, kept with the test's results. */
async function screenshots(page: Page, testInfo: TestInfo, name: string, focus?: Locator): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: false });
  }
}

test('a signed-in customer subscribes, an administrator restocks, the e-mail links to the product', async ({
  page,
  browser,
}, testInfo) => {
  const product = await soldOutProduct('Notify');
  const customer = await newCustomer('customer');
  const productPath = `/product/${product.slug}`;

  await injectSession(page, customer.email, customer.password, productPath);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  // The product's own status comes first; related products below may be sold out too.
  await expect(page.getByText('Out of Stock', { exact: true }).first()).toBeVisible();
  const alert = page.getByRole('region', { name: 'Back-in-stock alert' });
  await alert.getByRole('button', { name: "Notify me when it's back" }).click();
  await expect(alert.getByText('You will be notified by e-mail when it is back in stock.')).toBeVisible();
  await screenshots(page, testInfo, 'notify-signed-in', alert);
  // Stored in the database: a reload still says so.
  await page.reload();
  await expect(alert.getByRole('button', { name: 'Cancel notification' })).toBeVisible();

  const adminContext = await browser.newContext({ baseURL: SHOP_URL });
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto(`/admin/products?q=${encodeURIComponent(product.name)}`);
  await expect(admin.locator('[data-waitlist-count="1"]').first()).toHaveText(/1 waiting/);
  await screenshots(admin, testInfo, 'admin-list-waiting');
  await admin
    .getByRole('link', { name: `Edit ${product.name}` })
    .first()
    .click();
  await expect(
    admin.getByText('1 customer is waiting for a back-in-stock e-mail', { exact: false }),
  ).toBeVisible();
  await screenshots(admin, testInfo, 'admin-form-waiting', admin.locator('[data-waitlist-count]'));
  await admin.getByLabel('Stock Count').fill('7');
  await admin.getByLabel('In Stock').check();
  await admin.getByRole('button', { name: 'Update Product' }).click();
  await expect(admin).toHaveURL(/\/admin\/products(\?.*)?$/);
  await adminContext.close();

  const mail = await mailWithSubject(customer.email, `Back in stock: ${product.name}`);
  const productLink = mail.links.find((link) => link.includes('/product/'))!;
  expect(productLink).toBe(`${SHOP_URL}${productPath}`);
  await page.goto(productLink);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('Low Stock: only 7 left')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Back-in-stock alert' })).toHaveCount(0);

  const unsubscribe = mail.links.find((link) => link.includes('/waitlist/unsubscribe?token='))!;
  await page.goto(unsubscribe);
  await expect(page.getByText(`You are unsubscribed: no more e-mails about ${product.name}.`)).toBeVisible();
  await page.reload();
  await expect(
    page.getByText(`You were already unsubscribed from e-mails about ${product.name}.`),
  ).toBeVisible();
  // Exactly one e-mail for this restock.
  expect((await mails(customer.email)).filter((m) => m.subject.startsWith('Back in stock'))).toHaveLength(1);
});

test('a visitor gives an address, confirms it from the e-mail, and is told at the restock', async ({
  page,
}, testInfo) => {
  const product = await soldOutProduct('Visitor');
  const email = `waitlist.visitor.${Date.now()}@example.com`;

  await page.goto(`/product/${product.slug}`);
  const alert = page.getByRole('region', { name: 'Back-in-stock alert' });
  const field = alert.getByLabel('Your e-mail address');
  const notify = alert.getByRole('button', { name: "Notify me when it's back" });
  await notify.click();
  await expect(alert.getByText('Please enter your e-mail address')).toBeVisible();
  await field.fill('not-an-address');
  await notify.click();
  await expect(field).toHaveAccessibleDescription('Please enter a valid e-mail address');
  await screenshots(page, testInfo, 'notify-visitor-error', alert);
  await field.fill(email);
  await notify.click();
  await expect(alert.getByRole('status')).toContainText(`we sent a confirmation link to ${email}`);
  await screenshots(page, testInfo, 'notify-visitor-sent', alert);

  const confirmation = await mailWithSubject(email, `Confirm: tell me when ${product.name} is back`);
  const confirm = confirmation.links.find((link) => link.includes('/waitlist/confirm?token='))!;
  expect(confirm.startsWith(`${SHOP_URL}/waitlist/confirm?token=`)).toBe(true);
  await page.goto(confirm);
  await expect(
    page.getByText(`Confirmed: we will e-mail you once ${product.name} is back in stock.`),
  ).toBeVisible();
  await screenshots(page, testInfo, 'waitlist-confirmed');
  await page.getByRole('link', { name: 'View the product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  const { error } = await serviceClient()
    .from('products')
    .update({ stock_count: 3, in_stock: true })
    .eq('id', product.id);
  expect(error).toBeNull();
  const mail = await mailWithSubject(email, `Back in stock: ${product.name}`);
  expect(mail.links).toContain(`${SHOP_URL}/product/${product.slug}`);
});
