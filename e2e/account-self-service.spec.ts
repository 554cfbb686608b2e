// A customer looks after their own account, on the production build, with every e-mail read from the
// stack's local mailbox (service role key, test process only): "Forgot password?" through to signing in
// with the new password (and the used link refused), an e-mail change that waits for both links, a
// password change that needs the current password, and deleting the account (its order stays for staff).
import type { Page } from '@playwright/test';
import { BAOFENG_RADIO, TEST_ADDRESS } from './checkout-helpers.ts';
import {
  authLinkFor,
  expect,
  injectSession,
  passwordSession,
  serviceClient,
  stackInfo,
  test,
} from './fixtures.ts';

const header = (page: Page) => page.getByRole('banner');

let serial = 0;

/** A confirmed customer of their own, so no other spec's account changes under this one. */
async function newCustomer(label: string, password = 'first-pass-1') {
  serial += 1;
  const email = `${label}.${serial}.${Date.now()}@example.com`;
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { first_name: 'Avery', last_name: 'Stone' },
  });
  expect(error).toBeNull();
  return { id: data.user!.id, email, password };
}

async function signInFails(email: string, password: string): Promise<boolean> {
  try {
    await passwordSession(email, password);
    return false;
  } catch {
    return true;
  }
}

test('forgot password: the reset e-mail, a weak then a good new password, and signing in with it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const customer = await newCustomer('forgot');
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account' });
  await dialog.getByLabel('Email').fill(customer.email);
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue(customer.email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    `If ${customer.email} has an account, a reset link is on its way.`,
  );

  const link = await authLinkFor(customer.email, 'Reset Your Password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password', level: 1 })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm new password').fill('abc');
  await page.getByRole('button', { name: 'Save new password' }).click();
  // The auth service's reason, as it gives it.
  await expect(page.getByRole('alert')).toHaveText(
    'Please choose a stronger password. Password should be at least 6 characters.',
  );
  await page.getByLabel('New password', { exact: true }).fill('second-pass-2');
  await page.getByLabel('Confirm new password').fill('second-pass-2');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your new password is saved and you are signed in.');
  await expect(header(page).getByRole('button', { name: 'Hi, Avery' })).toBeVisible();

  expect(await signInFails(customer.email, customer.password)).toBe(true);
  expect((await passwordSession(customer.email, 'second-pass-2')).user.email).toBe(customer.email);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText(
    'This reset link has expired or has already been used.',
  );
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
});

test('change e-mail: nothing changes until the links to both addresses are followed', async ({ page }) => {
  test.setTimeout(90_000);
  const customer = await newCustomer('moving');
  const next = `moved.${Date.now()}@example.com`;
  await injectSession(page, customer.email, customer.password, '/account/settings');
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
  await expect(page.getByTestId('settings-email')).toHaveText(`Current address: ${customer.email}`);

  await page.getByLabel('New e-mail address').fill(next);
  await page.getByRole('button', { name: 'Change e-mail address' }).click();
  const pending = page.getByTestId('email-change-pending');
  await expect(pending).toContainText(
    `We sent a confirmation link to ${next} and another to ${customer.email}.`,
  );

  const toNew = await authLinkFor(next, 'Confirm Email Change');
  const toOld = await authLinkFor(customer.email, 'Confirm Email Change');
  await page.goto(toNew);
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
  await expect(page.getByText('One address is confirmed.')).toBeVisible();
  await expect(page.getByTestId('settings-email')).toHaveText(`Current address: ${customer.email}`);
  expect(await signInFails(next, customer.password)).toBe(true);

  await page.goto(toOld);
  await expect(page.getByTestId('settings-email')).toHaveText(`Current address: ${next}`);
  await expect(page.getByTestId('email-change-pending')).toHaveCount(0);
  expect((await passwordSession(next, customer.password)).user.email).toBe(next);
  expect(await signInFails(customer.email, customer.password)).toBe(true);
});

test('change name and password: the password needs the current one', async ({ page }) => {
  const customer = await newCustomer('rekey');
  await injectSession(page, customer.email, customer.password, '/account/settings');
  await page.getByLabel('First name').fill('Rowan');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name has been saved.')).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Hi, Rowan' })).toBeVisible();

  const section = page.getByRole('region', { name: 'Password' });
  await section.getByLabel('Current password').fill('not-my-password');
  await section.getByLabel('New password', { exact: true }).fill('second-pass-2');
  await section.getByLabel('Confirm new password').fill('second-pass-2');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByRole('alert')).toHaveText('Your current password is not correct.');
  expect(await signInFails(customer.email, 'second-pass-2')).toBe(true);

  await section.getByLabel('Current password').fill(customer.password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByRole('status')).toContainText('Your password has been changed.');
  expect(await signInFails(customer.email, customer.password)).toBe(true);
  expect((await passwordSession(customer.email, 'second-pass-2')).user.email).toBe(customer.email);
});

test('delete my account: confirmed by password; the order stays for staff without the person', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const customer = await newCustomer('leaving');
  const session = await passwordSession(customer.email, customer.password);
  const { url, anonKey } = stackInfo();
  const placed = await fetch(`${url}/rest/v1/rpc/place_order`, {
    method: 'POST',
    headers: {
      apikey: anonKey,
      Authorization: `Bearer ${session.access_token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      p_lines: [{ product_id: BAOFENG_RADIO.id, quantity: 1 }],
      p_shipping_address: {
        full_name: 'Avery Stone',
        line1: TEST_ADDRESS.line1,
        line2: '',
        city: TEST_ADDRESS.city,
        region: TEST_ADDRESS.region,
        postal_code: TEST_ADDRESS.postalCode,
        country: 'United States',
        phone: TEST_ADDRESS.phone,
      },
    }),
  });
  expect(placed.status).toBe(200);
  const order = (await placed.json()) as { id: string };

  await injectSession(page, customer.email, customer.password, '/account/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The password is not correct.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeFocused();

  await page.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByLabel('Your password').fill(customer.password);
  await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await signInFails(customer.email, customer.password)).toBe(true);

  const kept = await serviceClient()
    .from('orders')
    .select('user_id, email, shipping_address')
    .eq('id', order.id)
    .single();
  expect(kept.data).toMatchObject({
    user_id: null,
    email: null,
    shipping_address: { full_name: 'Former customer', phone: '' },
  });
});
