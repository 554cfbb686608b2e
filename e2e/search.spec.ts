// The search overlay: the header's search finds seeded products by name, by category name, by tag and
// misspelt through the database, shows at most 6 in the database's order (its ranking is proven by
// supabase/test/integration/search.test.ts), opens the product, and covers the popular-search,
// no-match ("Did you mean:") paths and the keyboard.
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

/** What search_products answers for the query (at most 6): the order the overlay must show. */
async function expected(query: string): Promise<string[]> {
  const { url, serviceRoleKey } = stackInfo();
  const response = await fetch(`${url}/rest/v1/rpc/search_products`, {
    method: 'POST',
    headers: {
      apikey: serviceRoleKey,
      Authorization: `Bearer ${serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ p_query: query.trim(), p_limit: 6 }),
  });
  expect(response.ok).toBe(true);
  return ((await response.json()) as { name: string }[]).map((row) => row.name);
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
  const want = await expected('skeletool');
  const names = await resultNames(dialog, want.length);
  expect(names).toEqual(want);
  expect(names[0]).toBe('Leatherman Skeletool Multi-Tool');

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
  const want = await expected(query);
  const names = await resultNames(dialog, want.length);
  expect(names).toEqual(want);
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
  const want = await expected(query);
  const names = await resultNames(dialog, want.length);
  expect(names).toEqual(want);
  expect(names).toContain(tagged[0]?.name);
});

test('shows at most 6 results, those named after the query first', async ({ page }) => {
  const query = 'radio';
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
  expect(names).toEqual(await expected(query));
  await expect(dialog.getByRole('link')).toHaveCount(6);
  const named = all.filter((row) => /\bradio\b/i.test(row.name)).length;
  expect(names.slice(0, Math.min(named, 6)).every((name) => /\bradio\b/i.test(name))).toBe(true);
});

test('a misspelt search still finds its product', async ({ page }) => {
  await page.goto('/');
  const { dialog, box } = await openSearch(page);
  await box.fill('sattelite phone');
  const want = await expected('sattelite phone');
  const names = await resultNames(dialog, want.length);
  expect(names).toEqual(want);
  expect(names[0]).toMatch(/Satellite Phone$/);
});

test('a popular search fills the box and shows its results', async ({ page }) => {
  await page.goto('/');
  const { dialog, box } = await openSearch(page);
  await dialog.getByRole('button', { name: 'Solar Panel', exact: true }).click();
  await expect(box).toHaveValue('Solar Panel');
  const want = await expected('Solar Panel');
  expect(want.length).toBeGreaterThan(0);
  expect(await resultNames(dialog, want.length)).toEqual(want);
});

test('no match says so, offers the closest spelling and suggests what to search for', async ({ page }) => {
  await page.goto('/products');
  const { dialog, box } = await openSearch(page);
  await box.fill('zzqx-unobtainium');
  await expect(dialog.getByText('No products found for "zzqx-unobtainium"')).toBeVisible();
  await expect(dialog.getByText('Try searching for communication, survival, food, or power')).toBeVisible();
  await expect(dialog.getByText('Did you mean:')).toBeHidden();

  await box.fill('solar lantrnx');
  await expect(dialog.getByText('No products found for "solar lantrnx"')).toBeVisible();
  await expect(dialog.getByText('Did you mean:')).toBeVisible();
  await dialog.getByRole('button', { name: 'Search for solar lantern', exact: true }).click();
  await expect(box).toHaveValue('solar lantern');
  const want = await expected('solar lantern');
  expect(want).toContain('LuminAID PackLite Max Solar Lantern');
  expect(await resultNames(dialog, want.length)).toEqual(want);

  await box.fill('');
  await expect(dialog.getByRole('heading', { name: 'Popular Searches' })).toBeVisible();
});

test('keyboard: / opens it, arrows move through results, Enter opens the product', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Search products' });
  const box = dialog.getByRole('searchbox', { name: 'Search products' });
  // The shortcut is the shell's, listening once the page has hydrated: a key pressed before that does nothing.
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.locator('body').press('/');
    await expect(box).toBeFocused({ timeout: 1_000 });
  }).toPass();
  await box.pressSequentially('satellite phone');
  const names = await resultNames(dialog, (await expected('satellite phone')).length);
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
