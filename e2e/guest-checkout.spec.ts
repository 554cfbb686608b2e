// Customers who look after themselves, on the production build: an address saved in the address book
// (/account/settings) and then used at checkout, and one saved from the checkout itself ("Save this
// address"); a guest who buys without an account (an anonymous sign-in), whose order e-mail (read from
// the local mailbox) carries the lookup link that shows the order to anyone holding it, and who then creates an account from the confirmation page ("Save your
// details"), confirmed through the local mailbox when config.toml asks for e-mail confirmations, and
// finds the order in Order History.
import type { Locator, Page } from '@playwright/test';
import { loadStackConfig } from '../supabase/stack/config.ts';
import { addToCartOnProductPage, type ShopProduct } from './checkout-helpers.ts';
import { expect, serviceClient, signInAsCustomer, stackInfo, test } from './fixtures.ts';

/** A product with plenty of stock, read from the stack (no spec counts its stock). */
async function stockedProduct(): Promise<ShopProduct> {
  const { data, error } = await serviceClient()
    .from('products')
    .select('id, name, slug')
    .eq('in_stock', true)
    .is('purchase_limit', null)
    .order('stock_count', { ascending: false })
    .limit(1)
    .single();
  if (error) throw new Error(error.message);
  return data as ShopProduct;
}

/** A confirmed customer of its own, made with the service role (so no other spec shares its data). */
async function freshCustomer(
  firstName: string,
): Promise<{ email: string; password: string; firstName: string }> {
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.com`;
  const password = 'ready-set-77';
  const { error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { first_name: firstName, last_name: 'Tester' },
  });
  if (error) throw new Error(error.message);
  return { email, password, firstName };
}

async function toCheckout(page: Page, product: ShopProduct): Promise<void> {
  await page.goto(`/product/${product.slug}`);
  await addToCartOnProductPage(page, product, 1);
  await page.goto('/checkout');
}

async function fillAddress(scope: Locator | Page, address: Address) {
  await scope.getByLabel('Full name').fill(address.fullName);
  await scope.getByLabel('Address', { exact: true }).fill(address.line1);
  await scope.getByLabel('City').fill(address.city);
  await scope.getByLabel('State / Region').fill(address.region);
  await scope.getByLabel('Postal code').fill(address.postalCode);
  await scope.getByLabel('Country').fill(address.country);
  await scope.getByLabel('Phone').fill(address.phone);
}

interface Address {
  fullName: string;
  line1: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
}

const CABIN: Address = {
  fullName: 'Morgan Tester',
  line1: '7 Cabin Lane',
  city: 'Bend',
  region: 'OR',
  postalCode: '97701',
  country: 'United States',
  phone: '541-555-0107',
};

const OFFICE: Address = {
  fullName: 'Morgan Tester',
  line1: '300 Office Park',
  city: 'Salem',
  region: 'OR',
  postalCode: '97301',
  country: 'United States',
  phone: '503-555-0300',
};

/** The local mailbox's messages to `to`, newest first (read with the service key, in the test process). */
async function mailTo(to: string): Promise<{ subject: string; links: string[] }[]> {
  const { url, serviceRoleKey } = stackInfo();
  const response = await fetch(`${url}/mailbox/messages?to=${encodeURIComponent(to)}`, {
    headers: { apikey: serviceRoleKey },
  });
  return (await response.json()) as { subject: string; links: string[] }[];
}

// Each journey walks several pages of the production build on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

test('an address saved in the address book is preselected at checkout; one saved at checkout joins the book', async ({
  page,
}) => {
  const product = await stockedProduct();
  const customer = await freshCustomer('Morgan');
  await page.goto('/');
  await signInAsCustomer(page, customer);

  // The address book on Account Settings: add one, with a clear error for a missing field first.
  await page.goto('/account/settings');
  const book = page.getByRole('region', { name: 'Address book' });
  await expect(book.getByText('No saved addresses yet.')).toBeVisible();
  await book.getByRole('button', { name: 'Add address' }).click();
  const form = book.getByRole('form', { name: 'New address' });
  await expect(form.getByLabel('Full name')).toBeFocused();
  await fillAddress(form, { ...CABIN, city: '' });
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByText('City is required')).toBeVisible();
  await expect(form.getByLabel('City')).toBeFocused();
  await form.getByLabel('City').fill(CABIN.city);
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(book.getByRole('status')).toHaveText('Address saved.');
  const saved = book.getByTestId('saved-address');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('7 Cabin Lane');
  await expect(saved.getByText('Default', { exact: true })).toBeVisible();

  // Checkout offers it, preselected: no address fields to fill.
  await toCheckout(page, product);
  const cabin = page.getByRole('radio', { name: /7 Cabin Lane/ });
  await expect(cabin).toBeChecked();
  await expect(page.getByLabel('Full name')).toHaveCount(0);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByTestId('confirmation-address')).toContainText('7 Cabin Lane');

  // A new address at checkout, saved with "Save this address".
  await toCheckout(page, product);
  await page.getByRole('radio', { name: 'Use a new address' }).check();
  await fillAddress(page, OFFICE);
  await page.getByRole('checkbox', { name: 'Save this address' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByTestId('confirmation-address')).toContainText('300 Office Park');

  // Both are in the book; the first stays the default until another is marked.
  await page.goto('/account/settings');
  await expect(saved).toHaveCount(2);
  await expect(saved.filter({ has: page.getByText('Default', { exact: true }) })).toContainText(
    '7 Cabin Lane',
  );
  await book.getByRole('button', { name: /^Make default: .*300 Office Park/ }).click();
  await expect(book.getByRole('status')).toHaveText('Default address changed.');
  await expect(saved.filter({ has: page.getByText('Default', { exact: true }) })).toContainText(
    '300 Office Park',
  );
  await book.getByRole('button', { name: /^Delete address: .*7 Cabin Lane/ }).click();
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('300 Office Park');
});

test('a guest buys without an account, the lookup link shows the order, then "create an account" keeps it', async ({
  page,
  browser,
}) => {
  const product = await stockedProduct();
  const email = `guest.${Date.now()}@example.com`;

  await toCheckout(page, product);
  // Asked to sign in (the account overlay opens), or to go on as a guest.
  await expect(page.getByRole('heading', { name: 'Sign in to check out' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  // Still a visitor everywhere else: the header offers Sign In.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();

  await fillAddress(page, { ...CABIN, fullName: 'Robin Guest' });
  await expect(page.getByRole('checkbox', { name: 'Save this address' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Please enter your e-mail address')).toBeVisible();
  await expect(page.getByLabel('E-mail for your order')).toBeFocused();
  await page.getByLabel('E-mail for your order').fill(email);
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByText(`A copy of the details goes to ${email}.`)).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(orderNumber).toMatch(/^RS-/);

  // The order e-mail goes to the address the guest gave and carries the order's lookup link, which
  // shows the order to anyone holding it, signed in or not.
  const { data: order } = await serviceClient()
    .from('orders')
    .select('email, lookup_token')
    .eq('order_number', orderNumber)
    .single();
  expect(order?.email).toBe(email);
  let lookupLink = '';
  await expect
    .poll(
      async () => {
        const mail = (await mailTo(email)).find(
          (candidate) => candidate.subject === `Order ${orderNumber} received`,
        );
        lookupLink = mail?.links.find((candidate) => candidate.includes('/order-status?token=')) ?? '';
        return lookupLink;
      },
      { timeout: 30_000 },
    )
    .toMatch(new RegExp(`/order-status\\?token=${order?.lookup_token as string}$`));
  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  await other.goto(lookupLink);
  await expect(other.getByTestId('order-number')).toHaveText(orderNumber);
  await expect(other.getByText('7 Cabin Lane')).toBeVisible();
  await other.goto('/order-status?token=0000');
  await expect(other.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await visitor.close();

  // "Save your details": an account from the guest, with the order's e-mail suggested.
  const offer = page.getByRole('region', { name: 'Save your details: create an account' });
  await expect(offer.getByLabel('Email')).toHaveValue(email);
  await offer.getByLabel('Password').fill('guest-pass-42');
  await offer.getByRole('button', { name: 'Create account' }).click();

  const confirmations = (loadStackConfig().auth.email as { enable_confirmations?: boolean } | undefined)
    ?.enable_confirmations;
  if (confirmations) {
    await expect(offer.getByRole('status')).toContainText(`we sent a link to ${email}`);
    let link = '';
    await expect
      .poll(async () => {
        const mails = await mailTo(email);
        const mail = mails.find((candidate) => candidate.subject === 'Confirm Email Change');
        link = mail?.links.find((candidate) => candidate.includes('/verify')) ?? '';
        return link;
      })
      .toContain('type=email_change');
    await page.goto(link);
  } else {
    await expect(offer.getByRole('status')).toContainText('Your account is ready');
    await offer.getByRole('link', { name: 'View your orders' }).click();
  }

  // A full account now, with the guest's order in Order History.
  await expect(page).toHaveURL(/\/account\/orders/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Hi, Robin' })).toBeVisible();
  await expect(page.getByRole('heading', { name: orderNumber })).toBeVisible();
});
