// The shell: the shared layout, the cart badge fed from storage, the mobile menu,
// overlays that open and close independently (Escape, focus return), policy pages and not-found.
import type { Page } from '@playwright/test';
import { CART_STORAGE_KEY, expect, seedCartStorage, test, type StoredCartLine } from './fixtures.ts';

function line(id: string, quantity: number, price = 24.5): StoredCartLine {
  return {
    product: {
      id,
      slug: `item-${id}`,
      name: `Test item ${id}`,
      price,
      originalPrice: null,
      image: '',
      category: 'Survival Gear',
      inStock: true,
    },
    quantity,
  };
}

/** The remote's own open dialog (not the shell's loading one that stands in while its code arrives). */
const remoteDialog = (page: Page) => page.locator('[data-mf] dialog[open]');
const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Cart, / });

test('the shared layout: hotline, logo, navigation, actions and footer', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Emergency Hotline:')).toBeVisible();
  await expect(banner.getByRole('link', { name: '1-800-555-0199' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'ReadyStock home' })).toHaveAttribute('href', '/');
  await expect(banner.locator('[data-mf="catalog"]')).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  const footer = page.getByRole('contentinfo');
  for (const label of [
    'About Us',
    'Blog',
    'Reviews',
    'Bulk Orders',
    'Contact Us',
    'Shipping Info',
    'Returns',
    'Size Guide',
    'FAQ',
  ]) {
    await expect(footer.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    '/terms-of-service',
  );
  await expect(footer.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookie-policy');
  await expect(footer).toContainText('1-800-555-0199');
  await expect(footer).toContainText('(555) 010-2030');
  await expect(footer).toContainText('support@readystock.example');
  await expect(footer).toContainText('1200 Preparedness Way');
  await expect(footer).toContainText('© 2024 ReadyStock');
});

test('cart lines in storage show in the badge, follow changes live and survive a reload', async ({
  page,
}) => {
  await seedCartStorage(page, JSON.stringify([line('a', 2), line('b', 1)]));
  await page.goto('/');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');
  await expect(page.getByTestId('cart-badge')).toHaveText('3');

  await cartButton(page).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Test item a')).toBeVisible();
  await dialog.getByRole('button', { name: 'Increase quantity of Test item a' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('4');
  await dialog.getByRole('button', { name: 'Remove Test item b from cart' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('3');
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');
  const stored = JSON.parse(
    (await page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY)) ?? '[]',
  );
  expect(stored).toEqual([{ ...line('a', 3) }]);

  await cartButton(page).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear All Items' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
});

test('corrupt stored cart data leaves an empty, working cart', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await seedCartStorage(page, '{"not": "a cart"');
  await page.goto('/');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  await cartButton(page).click();
  await expect(page.getByRole('dialog').getByText('Your cart is empty')).toBeVisible();
  await page.keyboard.press('Escape');

  // The cart still works: a line added through storage in another tab shows up, and no error was thrown.
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    CART_STORAGE_KEY,
    JSON.stringify([line('c', 5)]),
  ] as const);
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 5 items');
  expect(errors).toEqual([]);
});

test('overlays open and close independently, close on Escape and return focus', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');

  await cartButton(page).click();
  await expect(page.getByRole('dialog', { name: /Shopping Cart/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(cartButton(page)).toBeFocused();

  const search = banner.getByRole('button', { name: 'Search' });
  await search.click();
  await expect(remoteDialog(page)).toHaveCount(1);
  await expect(page.getByPlaceholder('Search for products, categories, or features...')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(search).toBeFocused();

  const signIn = banner.getByRole('button', { name: 'Sign In' });
  await signIn.click();
  await expect(remoteDialog(page)).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(signIn).toBeFocused();

  // Keyboard shortcuts open search: '/' and Ctrl+K.
  await page.locator('body').press('/');
  await expect(page.getByPlaceholder('Search for products, categories, or features...')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await expect(page.getByPlaceholder('Search for products, categories, or features...')).toBeVisible();
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the mobile menu opens and closes, and navigating closes it', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`.replace(/:/g, '\\:'));
    await expect(menu).toBeVisible();
    await expect(menu.locator('[data-mf="catalog"]')).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await menu.getByRole('link', { name: 'All Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

for (const [path, title] of [
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/cookie-policy', 'Cookie Policy'],
] as const) {
  test(`${path} renders its policy from the footer link`, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} | ReadyStock`);
  });
}

test('an unknown address shows the not-found page inside the layout', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found | ReadyStock');
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
