// The account overlay: sign in with the seeded demo customer (header 'Hi, Jamie', survives a
// reload), the wrong-password message, creating an account that is confirmed from the local mailbox
// (the link sent again on request) and can sign in again later, an e-mail that is already registered,
// and signing out clearing the header.
import type { Page } from '@playwright/test';
import { AUTH_STORAGE_KEY, DEMO_CUSTOMER, authLinkFor, expect, signInAsCustomer, test } from './fixtures.ts';

const header = (page: Page) => page.getByRole('banner');

async function openAuth(page: Page, name: string | RegExp = 'Sign In') {
  await header(page).getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog', { name: 'Account' });
  // The first opening loads the account remote, which takes longer than 10 s on a loaded machine.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  return dialog;
}

test('signing in with the demo account greets the customer and survives a reload', async ({ page }) => {
  await page.goto('/');
  const dialog = await openAuth(page);
  await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(dialog.getByText(/demo@example\.com \/ demo1234/)).toBeVisible();
  await dialog.getByLabel('Email').fill(DEMO_CUSTOMER.email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_CUSTOMER.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expect(dialog).toBeHidden();
  await expect(header(page).getByRole('button', { name: 'Hi, Jamie' })).toBeVisible();
  await page.reload();
  await expect(header(page).getByRole('button', { name: 'Hi, Jamie' })).toBeVisible();

  const account = await openAuth(page, 'Hi, Jamie');
  await expect(account.getByRole('heading', { name: 'Account' })).toBeVisible();
  await expect(account.getByText('Welcome back, Jamie!')).toBeVisible();
  await expect(account.getByTestId('account-name')).toHaveText('Jamie Carter');
  await expect(account.getByTestId('account-email')).toHaveText(DEMO_CUSTOMER.email);
  for (const name of ['Order History', 'Wishlist', 'Sign Out']) {
    await expect(account.getByRole('button', { name })).toBeVisible();
  }
  await expect(account.getByRole('link', { name: 'Account Settings' })).toBeVisible();
});

test('a wrong password shows the specified message and keeps the overlay open', async ({ page }) => {
  await page.goto('/');
  const dialog = await openAuth(page);
  await dialog.getByLabel('Email').fill(DEMO_CUSTOMER.email);
  await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Invalid credentials. Try demo@example.com / demo1234');
  await expect(dialog).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('required fields are checked before anything is sent; the password can be shown', async ({ page }) => {
  const authRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/auth/v1/token') || request.url().includes('/auth/v1/signup')) {
      authRequests.push(request.url());
    }
  });
  await page.goto('/');
  const dialog = await openAuth(page);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog.getByText('Please enter your email address')).toBeVisible();
  await expect(dialog.getByText('Please enter your password')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeFocused();

  const password = dialog.getByLabel('Password', { exact: true });
  await password.fill('visible?');
  await expect(password).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');

  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText('Please enter your first name')).toBeVisible();
  await expect(dialog.getByText('Please enter your last name')).toBeVisible();
  expect(authRequests).toEqual([]);
});

test('create an account, confirm it from the e-mail (sent again on request), sign out, and sign in again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'ready-set-42';
  await page.goto('/');
  let dialog = await openAuth(page);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await dialog.getByLabel('First name').fill('Morgan');
  await dialog.getByLabel('Last name').fill('Fields');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  // Sign-up confirms the address first (config.toml enable_confirmations): the overlay says what that means.
  await expect(dialog.getByRole('alert')).toHaveText(
    'Check your inbox to confirm your email address, then sign in.',
  );
  await expect(
    dialog.getByText('cannot sign in, place orders or join a waitlist with one click'),
  ).toBeVisible();
  await authLinkFor(email, 'Confirm Your Signup');
  // The auth service lets a link be sent again only after a short wait (GoTrue's max_frequency): a fast
  // click is told to wait, and the next one after it sends.
  await expect(async () => {
    await dialog.getByRole('button', { name: 'Send the confirmation link again' }).click();
    await expect(dialog.getByRole('status')).toHaveText(`We sent a new confirmation link to ${email}.`, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  const link = await authLinkFor(email, 'Confirm Your Signup', 2);

  // Until then the account cannot sign in.
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Check your inbox to confirm your email address, then sign in.',
  );
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();

  // The link signs the new customer in, on the page they signed up on.
  await page.goto(link);
  await expect(header(page).getByRole('button', { name: 'Hi, Morgan' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');

  dialog = await openAuth(page, 'Hi, Morgan');
  await expect(dialog.getByTestId('account-name')).toHaveText('Morgan Fields');
  await expect(dialog.getByTestId('account-email')).toHaveText(email);
  await dialog.getByRole('button', { name: 'Sign Out' }).click();
  await expect(dialog).toBeHidden();
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();

  await signInAsCustomer(page, { email, password, firstName: 'Morgan' });
  await page.reload();
  await expect(header(page).getByRole('button', { name: 'Hi, Morgan' })).toBeVisible();
});

test('an e-mail that is already registered gets a clear message', async ({ page }) => {
  await page.goto('/');
  const dialog = await openAuth(page);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await dialog.getByLabel('First name').fill('Jamie');
  await dialog.getByLabel('Last name').fill('Again');
  await dialog.getByLabel('Email').fill(DEMO_CUSTOMER.email);
  await dialog.getByLabel('Password', { exact: true }).fill('another-pass-1');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'An account with this email already exists. Sign in instead.',
  );
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('signing out clears the header, also after a reload', async ({ page }) => {
  await page.goto('/');
  await signInAsCustomer(page);
  const dialog = await openAuth(page, 'Hi, Jamie');
  await dialog.getByRole('button', { name: 'Sign Out' }).click();
  await expect(dialog).toBeHidden();
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: /^Hi, / })).toHaveCount(0);
  await page.reload();
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
  const stored = await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY);
  expect(stored).toBeNull();
});
