// The cart overlay on the composed production build, driven through lines put into
// browser storage ('readystock:cart'): texts, totals, quantity, remove, clear, the free-shipping message,
// the header badge following live, a reload keeping the cart and corrupt storage leaving a working cart.
import type { Page } from '@playwright/test';
import { CART_STORAGE_KEY, expect, seedCartStorage, test, type StoredCartLine } from './fixtures.ts';

const radio: StoredCartLine = {
  product: {
    id: '337a659a-03c4-5542-acef-bab69a537a5c',
    slug: 'eton-frx5-bt-hand-crank-weather-radio-337a659a-03c4-5542-acef-bab69a537a5c',
    name: 'Eton FRX5-BT Hand-Crank Weather Radio',
    price: 79.99,
    originalPrice: 99.99,
    image: '/not-there.png',
    category: 'Communication',
    inStock: true,
  },
  quantity: 1,
};
const straw: StoredCartLine = {
  product: {
    id: '5b82551b-06be-5ca3-bd6c-9094dabb791e',
    slug: 'lifestraw-personal-water-filter-5b82551b-06be-5ca3-bd6c-9094dabb791e',
    name: 'LifeStraw Personal Water Filter',
    price: 19.95,
    originalPrice: null,
    image: '',
    category: 'Water & Filtration',
    inStock: false,
  },
  quantity: 2,
};

const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Cart, / });

async function openCart(page: Page) {
  await cartButton(page).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function storedCart(page: Page): Promise<StoredCartLine[]> {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '[]') as StoredCartLine[],
    CART_STORAGE_KEY,
  );
}

test('stored lines show in the badge and the overlay with prices, badges and totals', async ({ page }) => {
  await seedCartStorage(page, JSON.stringify([radio, straw]));
  await page.goto('/');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');

  const dialog = await openCart(page);
  await expect(dialog.getByRole('heading', { name: 'Shopping Cart (3)' })).toBeVisible();
  const lines = dialog.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);

  const first = lines.nth(0);
  await expect(first.getByRole('link', { name: radio.product.name })).toBeVisible();
  await expect(first.getByText('Communication')).toBeVisible();
  await expect(first.getByText('In Stock', { exact: true })).toBeVisible();
  await expect(first.getByTestId('cart-line-price')).toHaveText('$79.99');
  await expect(first.locator('s')).toHaveText(/\$99\.99/);
  await expect(first.getByTestId('cart-line-total')).toHaveText('$79.99');
  // A broken image address falls back to the placeholder picture.
  await expect(first.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);

  const second = lines.nth(1);
  await expect(second.getByText('Out of Stock', { exact: true })).toBeVisible();
  await expect(second.getByTestId('cart-line-total')).toHaveText('$39.90');

  // 79.99 + 39.90 = 119.89: free shipping, tax 9.59, total 129.48.
  await expect(dialog.getByTestId('cart-subtotal')).toHaveText('$119.89');
  await expect(dialog.getByTestId('cart-shipping')).toHaveText('Free');
  await expect(dialog.getByTestId('cart-tax')).toHaveText('$9.59');
  await expect(dialog.getByTestId('cart-total')).toHaveText('$129.48');
  await expect(dialog.getByText('You qualify for free shipping!')).toBeVisible();
});

test('quantity, remove and clear update the overlay, the badge and storage live', async ({ page }) => {
  await seedCartStorage(page, JSON.stringify([radio, straw]));
  await page.goto('/');
  const dialog = await openCart(page);

  await dialog.getByRole('button', { name: `Increase quantity of ${radio.product.name}` }).click();
  await expect(dialog.getByRole('heading', { name: 'Shopping Cart (4)' })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 4 items');
  await expect(dialog.getByTestId('cart-line-total').first()).toHaveText('$159.98');
  expect((await storedCart(page)).map((line) => line.quantity)).toEqual([2, 2]);

  // Minus at quantity 1 removes the line (set-quantity with quantity minus one).
  await dialog.getByRole('button', { name: `Decrease quantity of ${straw.product.name}` }).click();
  await dialog.getByRole('button', { name: `Decrease quantity of ${straw.product.name}` }).click();
  await expect(dialog.getByText(straw.product.name)).toHaveCount(0);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

  await dialog.getByRole('button', { name: `Remove ${radio.product.name} from cart` }).click();
  await expect(dialog.getByText('Your cart is empty')).toBeVisible();
  await expect(dialog.getByText("Looks like you haven't added anything to your cart yet.")).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    CART_STORAGE_KEY,
    JSON.stringify([radio, straw]),
  ] as const);
  await page.reload();
  const again = await openCart(page);
  await again.getByRole('button', { name: 'Clear All Items' }).click();
  await expect(again.getByText('Your cart is empty')).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  expect(await storedCart(page)).toEqual([]);
});

test('the free-shipping message below $99 and at exactly $99', async ({ page }) => {
  const at99: StoredCartLine = { product: { ...straw.product, price: 49.5, inStock: true }, quantity: 2 };
  const below: StoredCartLine = { ...at99, quantity: 1 };
  await seedCartStorage(page, JSON.stringify([below]));
  await page.goto('/');
  const dialog = await openCart(page);
  await expect(dialog.getByText('Add $49.50 more for free shipping')).toBeVisible();
  await expect(dialog.getByTestId('cart-shipping')).toHaveText('$9.99');
  await expect(dialog.getByTestId('cart-tax')).toHaveText('$3.96');
  await expect(dialog.getByTestId('cart-total')).toHaveText('$63.45');

  await dialog.getByRole('button', { name: `Increase quantity of ${straw.product.name}` }).click();
  await expect(dialog.getByTestId('cart-subtotal')).toHaveText('$99.00');
  await expect(dialog.getByText('You qualify for free shipping!')).toBeVisible();
  await expect(dialog.getByText(/more for free shipping/)).toHaveCount(0);
  await expect(dialog.getByTestId('cart-shipping')).toHaveText('Free');
  await expect(dialog.getByTestId('cart-total')).toHaveText('$106.92');
});

test('a reload keeps the cart', async ({ page }) => {
  await seedCartStorage(page, JSON.stringify([radio]));
  await page.goto('/');
  const dialog = await openCart(page);
  await dialog.getByRole('button', { name: `Increase quantity of ${radio.product.name}` }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  const reopened = await openCart(page);
  await expect(reopened.getByRole('heading', { name: 'Shopping Cart (2)' })).toBeVisible();
});

test('corrupt stored data leaves an empty, working cart', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await seedCartStorage(
    page,
    '[{"product":{"id":"x","name":"<img src=x onerror=alert(1)>","price":"NaN"},"quantity":-5}, {oops',
  );
  await page.goto('/');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  const dialog = await openCart(page);
  await expect(dialog.getByText('Your cart is empty')).toBeVisible();
  expect(errors).toEqual([]);
});

test('links and buttons: product page, Start Shopping, Continue Shopping, checkout, focus return', async ({
  page,
}) => {
  await seedCartStorage(page, JSON.stringify([radio]));
  await page.goto('/');
  let dialog = await openCart(page);
  await expect(dialog.getByRole('button', { name: 'Close cart' })).toBeFocused();

  // Proceed to Checkout closes the drawer and opens the checkout, which asks a visitor to sign in.
  await dialog.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Sign in to check out' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);

  dialog = await openCart(page);
  await dialog.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(dialog).toBeHidden();
  await expect(cartButton(page)).toBeFocused();

  dialog = await openCart(page);
  await dialog.getByRole('link', { name: radio.product.name }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${radio.product.slug}$`));
  await expect(page.getByRole('dialog')).toBeHidden();

  dialog = await openCart(page);
  await dialog.getByRole('button', { name: `Remove ${radio.product.name} from cart` }).click();
  await dialog.getByRole('link', { name: 'Start Shopping' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('dialog')).toBeHidden();
});
