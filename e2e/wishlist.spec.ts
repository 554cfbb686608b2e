// The wishlist: a visitor hearts two products (kept in the browser, counted on the account
// button), signs in and finds both in the account overlay's Wishlist (merged into the database, the
// browser's list cleared); 'Move to cart' moves one (the cart count goes up, one stays, also after a
// reload); the hearts follow on the product page.
import type { Page } from '@playwright/test';
import { expect, serviceClient, signInAsCustomer, test } from './fixtures.ts';

const header = (page: Page) => page.getByRole('banner');
const WISHLIST_STORAGE_KEY = 'readystock:wishlist';

test('a visitor hearts two products, signs in, finds both in the wishlist and moves one to the cart', async ({
  page,
}) => {
  const account = {
    email: `wishlist.${Date.now()}@example.com`,
    password: 'wishlist1234',
    firstName: 'Wren',
  };
  const service = serviceClient();
  const { data: created, error } = await service.auth.admin.createUser({
    email: account.email,
    password: account.password,
    email_confirm: true,
    user_metadata: { first_name: 'Wren', last_name: 'Saver' },
  });
  expect(error).toBeNull();
  const userId = created.user!.id;
  const savedRows = async () =>
    (await service.from('wishlist_items').select('product_id').eq('user_id', userId)).data ?? [];

  await page.goto('/products');
  const inStock = page
    .getByRole('main')
    .getByRole('article')
    .filter({ hasText: /\d+ in stock/ });
  await expect(inStock.nth(1)).toBeVisible();
  const names: string[] = [];
  for (const index of [0, 1]) {
    const card = inStock.nth(index);
    const name = (await card.getAttribute('aria-label'))!;
    names.push(name);
    await card.getByRole('button', { name: `Add ${name} to wishlist` }).click();
    await expect(card.getByRole('button', { name: `Remove ${name} from wishlist` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(
      page.getByRole('status').filter({ hasText: `Added ${name} to your wishlist` }),
    ).toBeVisible();
  }
  await expect(header(page).getByTestId('wishlist-badge')).toHaveText('2');
  const accountButton = header(page).getByRole('button', { name: 'Sign In' });
  await expect(accountButton).toHaveAccessibleDescription('2 products in your wishlist');
  expect(await savedRows()).toEqual([]);

  // The visitor's list is in the overlay too, with an invitation to sign in.
  await accountButton.click();
  const dialog = page.getByRole('dialog', { name: 'Account' });
  await dialog.getByRole('button', { name: 'Your wishlist (2)' }).click();
  await expect(dialog.getByTestId('wishlist-item')).toHaveCount(2);
  await expect(dialog.getByText('Your wishlist is kept in this browser only.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign in to keep it on every device' }).click();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await signInAsCustomer(page, account);
  await expect.poll(async () => (await savedRows()).length).toBe(2);
  expect(await page.evaluate((key) => localStorage.getItem(key), WISHLIST_STORAGE_KEY)).toBe('[]');
  await expect(header(page).getByTestId('wishlist-badge')).toHaveText('2');

  await header(page).getByRole('button', { name: 'Hi, Wren' }).click();
  await expect(dialog.getByTestId('account-wishlist-count')).toHaveText('2');
  await dialog.getByRole('button', { name: 'Wishlist' }).click();
  const items = dialog.getByTestId('wishlist-item');
  await expect(items).toHaveCount(2);
  for (const name of names) await expect(dialog.getByRole('link', { name })).toBeVisible();
  await expect(dialog.getByText('Your wishlist is kept in this browser only.')).toHaveCount(0);

  await expect(header(page).getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  await dialog.getByRole('button', { name: `Move ${names[0]} to cart` }).click();
  await expect(items).toHaveCount(1);
  await expect(dialog.getByRole('link', { name: names[1] })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(header(page).getByTestId('wishlist-badge')).toHaveText('1');
  await expect.poll(async () => (await savedRows()).length).toBe(1);

  // The hearts on the page followed without a reload, and everything survives one.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: `Add ${names[0]} to wishlist` })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.reload();
  await expect(header(page).getByTestId('wishlist-badge')).toHaveText('1');
  await expect(page.getByRole('button', { name: `Remove ${names[1]} from wishlist` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(header(page).getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
});

test('the product page heart saves for a signed-in customer, and signing out shows the empty browser list', async ({
  page,
}) => {
  const email = `wishlist.page.${Date.now()}@example.com`;
  const service = serviceClient();
  const { data: created } = await service.auth.admin.createUser({
    email,
    password: 'wishlist1234',
    email_confirm: true,
    user_metadata: { first_name: 'Page', last_name: 'Saver' },
  });
  await page.goto('/products');
  const card = page.getByRole('main').getByRole('article').first();
  const name = (await card.getAttribute('aria-label'))!;
  await signInAsCustomer(page, { email, password: 'wishlist1234', firstName: 'Page' });
  await card.getByRole('link', { name: /See Details/ }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const heart = page.getByRole('main').getByRole('button', { name: `Add ${name} to wishlist` });
  await heart.click();
  await expect(
    page.getByRole('main').getByRole('button', { name: `Remove ${name} from wishlist` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(
      async () => (await service.from('wishlist_items').select('id').eq('user_id', created.user!.id)).data,
    )
    .toHaveLength(1);

  await header(page).getByRole('button', { name: 'Hi, Page' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(header(page).getByTestId('wishlist-badge')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button', { name: `Add ${name} to wishlist` })).toBeVisible();
});
