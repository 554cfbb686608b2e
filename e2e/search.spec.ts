// The search overlay: the header's search finds seeded products by name, by category name and by
// tag through the database, shows at most 6 (best rated first), opens the product, and covers the
// popular-search and no-match paths and the keyboard.
import type { Locator, Page } from '@playwright/test';
import { expect, stackInfo, test } from './fixtures.ts';

interface CatalogRow {
  id: string;
  name: string;
  description: string;
  tags: string[];
  rating: number;
  categories: { name: string } | null;
}

let catalog: CatalogRow[] = [];

/** The rule of search_products, computed on the seeded catalogue: the oracle the overlay must match. */
function expected(query: string): string[] {
  const needle = query.trim().toLowerCase();
  return catalog
    .filter((row) =>
      [row.name, row.description, row.categories?.name ?? '', ...row.tags].some((text) =>
        text.toLowerCase().includes(needle),
      ),
    )
    .sort((a, b) => b.rating - a.rating || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, 6)
    .map((row) => row.name);
}

test.beforeAll(async () => {
  // Plain PostgREST with the service key (node side): the seeded catalogue with each category's name.
  const { url, serviceRoleKey } = stackInfo();
  const response = await fetch(
    `${url}/rest/v1/products?select=id,name,description,tags,rating,categories(name)`,
    {
      headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}` },
    },
  );
  expect(response.ok).toBe(true);
  catalog = (await response.json()) as CatalogRow[];
  expect(catalog.length).toBeGreaterThan(6);
});

async function openSearch(page: Page): Promise<{ dialog: Locator; box: Locator }> {
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search products' });
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('searchbox', { name: 'Search products' });
  return { dialog, box };
}

async function resultNames(dialog: Locator, count: number): Promise<string[]> {
  await expect(dialog.getByRole('heading', { name: `Search Results (${count})` })).toBeVisible();
  return dialog.getByTestId('search-result-name').allInnerTexts();
}

test('opens from the header with the focus in the box and the popular searches', async ({ page }) => {
  await page.goto('/');
  const { dialog, box } = await openSearch(page);
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('placeholder', 'Search for products, categories, or features...');
  await expect(dialog.getByRole('heading', { name: 'Popular Searches' })).toBeVisible();
  for (const chip of [
    'Satellite Phone',
    'Multi-Tool',
    'Solar Panel',
    'Emergency Food',
    'Two-Way Radio',
    'Fire Starter',
  ]) {
    await expect(dialog.getByRole('button', { name: chip, exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Search' })).toBeFocused();
});

test('finds a product by name and opens its page', async ({ page }) => {
  const product = catalog.find((row) => row.name === 'Leatherman Skeletool Multi-Tool');
  expect(product).toBeDefined();
  await page.goto('/');
  const { dialog, box } = await openSearch(page);
  await box.fill('  skeletool ');
  const names = await resultNames(dialog, expected('skeletool').length);
  expect(names).toEqual(expected('skeletool'));
  expect(names).toContain('Leatherman Skeletool Multi-Tool');

  await dialog.getByRole('link', { name: /Leatherman Skeletool Multi-Tool/ }).click();
  await expect(page).toHaveURL(new RegExp(`/product/leatherman-skeletool-multi-tool-${product?.id}$`));
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Leatherman Skeletool Multi-Tool' }),
  ).toBeVisible();
});

test('finds products by category name', async ({ page }) => {
  const query = 'lighting';
  const matchesOnlyByCategory = catalog.filter(
    (row) =>
      row.categories?.name === 'Lighting' &&
      ![row.name, row.description, ...row.tags].some((text) => text.toLowerCase().includes(query)),
  );
  expect(matchesOnlyByCategory.length).toBeGreaterThan(0);
  await page.goto('/');
  const { dialog, box } = await openSearch(page);
  await box.fill('LIGHTING');
  const names = await resultNames(dialog, expected(query).length);
  expect(names).toEqual(expected(query));
  expect(names.some((name) => matchesOnlyByCategory.some((row) => row.name === name))).toBe(true);
});

test('finds a product by a tag that is in neither its name nor its description', async ({ page }) => {
  const query = 'walkie talkie';
  const tagged = catalog.filter(
    (row) =>
      row.tags.includes(query) &&
      ![row.name, row.description, row.categories?.name ?? ''].some((text) =>
        text.toLowerCase().includes(query),
      ),
  );
  expect(tagged.length).toBeGreaterThan(0);
  await page.goto('/');
  const { dialog, box } = await openSearch(page);
  await box.fill(query);
  const names = await resultNames(dialog, expected(query).length);
  expect(names).toEqual(expected(query));
  expect(names).toContain(tagged[0]?.name);
});

test('shows at most 6 results, best rated first', async ({ page }) => {
  const query = 'emergency';
  const all = catalog.filter((row) =>
    [row.name, row.description, row.categories?.name ?? '', ...row.tags].some((text) =>
      text.toLowerCase().includes(query),
    ),
  );
  expect(all.length).toBeGreaterThan(6);
  await page.goto('/');
  const { dialog, box } = await openSearch(page);
  await box.fill(query);
  const names = await resultNames(dialog, 6);
  expect(names).toEqual(expected(query));
  await expect(dialog.getByRole('link')).toHaveCount(6);
});

test('a popular search fills the box and shows its results', async ({ page }) => {
  await page.goto('/');
  const { dialog, box } = await openSearch(page);
  await dialog.getByRole('button', { name: 'Solar Panel', exact: true }).click();
  await expect(box).toHaveValue('Solar Panel');
  const names = await resultNames(dialog, expected('Solar Panel').length);
  expect(names.length).toBeGreaterThan(0);
  expect(names).toEqual(expected('Solar Panel'));
});

test('no match says so and suggests what to search for', async ({ page }) => {
  await page.goto('/products');
  const { dialog, box } = await openSearch(page);
  await box.fill('zzqx-unobtainium');
  await expect(dialog.getByText('No products found for "zzqx-unobtainium"')).toBeVisible();
  await expect(dialog.getByText('Try searching for communication, survival, food, or power')).toBeVisible();
  await box.fill('');
  await expect(dialog.getByRole('heading', { name: 'Popular Searches' })).toBeVisible();
});

test('keyboard: / opens it, arrows move through results, Enter opens the product', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await page.locator('body').press('/');
  const dialog = page.getByRole('dialog', { name: 'Search products' });
  const box = dialog.getByRole('searchbox', { name: 'Search products' });
  await expect(box).toBeFocused();
  await box.pressSequentially('satellite phone');
  const names = await resultNames(dialog, expected('satellite phone').length);
  expect(names.length).toBeGreaterThan(1);
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('link').nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('link').nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  const second = catalog.find((row) => row.name === names[1]);
  await expect(page).toHaveURL(new RegExp(`${second?.id}$`));
  await expect(page.getByRole('dialog')).toBeHidden();
});
