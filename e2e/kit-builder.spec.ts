// The kit builder on the composed production build: a shopper finds it from the home page, builds a
// 2-week kit for 2 adults, 1 child and a dog, sees each need's rule and coverage, adds the kit to the cart
// (the cart holds every line, its subtotal is the kit's total), and the page's address rebuilds the same
// kit in another browser. The server renders the kit, so the shared address shows it before any script.
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Cart, / });

async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('a shopper builds a 2-week kit for 2 adults, 1 child and a dog and adds it to the cart', async ({
  page,
  browser,
}, testInfo) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Build your kit' }).click();
  await expect(page).toHaveURL(/\/kit-builder$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kit Builder' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Your household' });
  await form.getByLabel('Adults').fill('2');
  await form.getByLabel('Children').fill('1');
  await form.getByLabel('Pets').fill('1');
  await form.getByLabel('2 weeks at home').check();
  for (const need of ['Water', 'Food', 'Light', 'Power', 'First aid', 'Communication'])
    await expect(form.getByLabel(need, { exact: true })).toBeChecked();
  await form.getByLabel('Lowest price').check();

  // A mistake is said and loses nothing.
  await form.getByLabel('Adults').fill('25');
  await form.getByRole('button', { name: 'Build my kit' }).click();
  await expect(form.getByRole('alert')).toContainText('Adults: enter a whole number from 0 to 20.');
  await expect(form.getByLabel('Children')).toHaveValue('1');
  await form.getByLabel('Adults').fill('2');
  await form.getByRole('button', { name: 'Build my kit' }).click();

  await expect(page).toHaveURL(
    /adults=2&children=1&pets=1&days=14&cover=water%2Cfood%2Clight%2Cpower%2Cfirst_aid%2Ccommunication&by=price/,
  );
  const kit = page.getByRole('region', { name: 'Your kit' });
  await expect(kit).toContainText('For 2 adults, 1 child, 1 pet, 2 weeks at home.');
  const water = kit.getByRole('region', { name: /^Water/ });
  await expect(water).toContainText('Water: 49 of 49 gallons');
  await expect(water).toContainText('1 gallon of water per person per day, plus 0.5 gallon per pet per day');
  await expect(kit.getByRole('region', { name: /^Food/ })).toContainText('Food: 75,600 of 75,600 kcal');
  await expect(kit.getByRole('region', { name: /^Light/ })).toContainText('Light: 2 of 2 lights');
  await expect(kit.getByRole('region', { name: /^Power/ })).toContainText('Power: 1 of 1 power source');
  await expect(kit.getByRole('region', { name: /^First aid/ })).toContainText('First aid: 1 of 1 kit');
  await expect(kit.getByRole('region', { name: /^Communication/ })).toContainText(
    'Communication: 1 of 1 device',
  );
  await expect(kit.locator('[data-gap]')).toHaveCount(0);

  const total = (await kit.locator('[data-kit-total]').textContent())!;
  expect(total).toMatch(/^\$\d[\d,]*\.\d{2}$/);
  const items = Number((await kit.getByText(/\(\d+ items\)/).textContent())!.match(/\d+/)![0]);
  expect(items).toBeGreaterThanOrEqual(6);
  await screenshots(page, testInfo, 'kit');

  await kit.getByRole('button', { name: 'Add kit to cart' }).click();
  await expect(cartButton(page)).toHaveAccessibleName(`Cart, ${items} items`);
  const cart = page.getByRole('dialog');
  await expect(cart.getByRole('heading', { name: `Shopping Cart (${items})` })).toBeVisible();
  await expect(cart.getByTestId('cart-line')).toHaveCount(await kit.locator('[data-need] li').count());
  await expect(cart).toContainText(total);

  // The address rebuilds the same kit elsewhere, rendered by the server before any script runs.
  const url = page.url();
  const other = await browser.newContext({ javaScriptEnabled: false });
  try {
    const shared = await other.newPage();
    await shared.goto(url);
    const sharedKit = shared.getByRole('region', { name: 'Your kit' });
    await expect(sharedKit.locator('[data-kit-total]')).toHaveText(total);
    await expect(sharedKit.getByRole('region', { name: /^Water/ })).toContainText('Water: 49 of 49 gallons');
  } finally {
    await other.close();
  }
});
