// Steps of the shopping journey that more than one spec needs: reading a product's stock on its page,
// adding a product from its page, and checking out a cart as a signed-in customer. The checkout spec
// uses them; a spec that continues with an order (the back office marking it paid and shipped) can
// start from placeOrderThroughCheckout.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** A seeded product the journeys buy (ids from supabase/seed.sql; no other spec touches their stock). */
export interface ShopProduct {
  id: string;
  name: string;
  slug: string;
}

export const BAOFENG_RADIO: ShopProduct = {
  id: '0b056794-753e-51df-bd2a-0d94d47239b1',
  name: 'Baofeng UV-5R Dual-Band Radio',
  slug: 'baofeng-uv-5r-dual-band-radio-0b056794-753e-51df-bd2a-0d94d47239b1',
};

export const MIDLAND_RADIOS: ShopProduct = {
  id: '5ab0a60d-3a88-5a1a-8941-e28d9e23201c',
  name: 'Midland GXT1000 Two-Way Radio Pair',
  slug: 'midland-gxt1000-two-way-radio-pair-5ab0a60d-3a88-5a1a-8941-e28d9e23201c',
};

export const TEST_ADDRESS = {
  fullName: 'Riley Harbor',
  line1: '12 Harbor Road',
  city: 'Boulder',
  region: 'CO',
  postalCode: '80301',
  phone: '555-0100',
} as const;

/** Opens the product page and reads 'In Stock (n available)'. */
export async function stockOnProductPage(page: Page, product: ShopProduct): Promise<number> {
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const text = await page.getByText(/^In Stock \(\d+ available\)$/).textContent();
  const match = /\((\d+) available\)/.exec(text ?? '');
  if (!match) throw new Error(`No stock shown for ${product.name}: ${text}`);
  return Number(match[1]);
}

/** On the product page: sets the quantity, clicks Add to Cart and waits for the toast. */
export async function addToCartOnProductPage(page: Page, product: ShopProduct, quantity = 1): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
  const field = page.getByRole('spinbutton', { name: 'Quantity' });
  await field.fill(String(quantity));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`Added ${quantity} × ${product.name} to cart`)).toBeVisible();
}

export interface PlacedOrder {
  id: string;
  orderNumber: string;
  total: string;
}

/**
 * On /checkout as a signed-in customer: fills the shipping address, picks the payment method, places the
 * order and waits for the confirmation. Returns the order's id (from the address), number and total.
 */
export async function placeOrderThroughCheckout(
  page: Page,
  payment: 'Bank transfer' | 'Pay on delivery' | 'Card' = 'Bank transfer',
): Promise<PlacedOrder> {
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByLabel('Full name').fill(TEST_ADDRESS.fullName);
  await page.getByLabel('Address', { exact: true }).fill(TEST_ADDRESS.line1);
  await page.getByLabel('City').fill(TEST_ADDRESS.city);
  await page.getByLabel('State / Region').fill(TEST_ADDRESS.region);
  await page.getByLabel('Postal code').fill(TEST_ADDRESS.postalCode);
  await page.getByLabel('Phone').fill(TEST_ADDRESS.phone);
  await page.getByRole('radio', { name: new RegExp(`^${payment}`) }).check();
  const total = (await page.getByTestId('checkout-total').textContent()) ?? '';
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  const id = /\/checkout\/confirmation\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  if (!id) throw new Error(`Not on a confirmation page: ${page.url()}`);
  const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(orderNumber).toMatch(/^RS-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  return { id, orderNumber, total };
}
