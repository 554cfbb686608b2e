// Bulk catalogue work on /admin/products as the seeded super administrator: a CSV import whose dry run
// shows a bad row and writes nothing, then applies once the file is fixed; a bulk price change with its
// preview; a bulk delete, asked first and audited; an export imported again changing nothing; and the product form's SKU field. Every product
// and SKU carries this run's mark, so a rerun on the same database starts clean.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  COMMUNICATION_CATEGORY,
  createTestProduct,
  expect,
  serviceClient,
  signInAsAdmin,
  test,
} from './fixtures.ts';

const RUN = Date.now().toString(36).toUpperCase();
/** Every product of this spec has the mark in its name (to delete them) and its SKU. */
const MARK = `E2E Bulk ${RUN}`;
const sku = (suffix: string) => `E2E-${RUN}-${suffix}`;

interface ProductRow {
  id: string;
  sku: string;
  name: string;
  price: number;
  description: string;
  subcategory_id: string | null;
  features: string[];
  specifications: Record<string, unknown>;
  tags: string[];
  images: string[];
  stock_count: number;
  updated_at: string;
}

async function productsMarked(mark: string): Promise<ProductRow[]> {
  const { data, error } = await serviceClient()
    .from('products')
    .select(
      'id, sku, name, price, description, subcategory_id, features, specifications, tags, images, stock_count, updated_at',
    )
    .like('name', `${mark}%`)
    .order('name');
  if (error) throw error;
  return data as ProductRow[];
}

async function productBySku(value: string): Promise<ProductRow | null> {
  const { data, error } = await serviceClient()
    .from('products')
    .select(
      'id, sku, name, price, description, subcategory_id, features, specifications, tags, images, stock_count, updated_at',
    )
    .eq('sku', value);
  if (error) throw error;
  return (data[0] as ProductRow | undefined) ?? null;
}

async function communicationImage(): Promise<string> {
  const { data, error } = await serviceClient()
    .from('categories')
    .select('image_url')
    .eq('id', COMMUNICATION_CATEGORY)
    .single();
  if (error) throw error;
  return (data as { image_url: string }).image_url;
}

/** A CSV cell as RFC 4180 writes one (quoted when it holds a comma, a quote or a line break). */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csv = (rows: string[][]) => rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';

/** Chooses the file on the import page and runs the dry run. */
async function checkFile(page: Page, name: string, text: string) {
  await page.getByLabel('CSV file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('heading', { name: 'Dry run' })).toBeVisible({ timeout: 20_000 });
}

async function expectCounts(
  page: Page,
  counts: { create: number; update: number; unchanged: number; error: number },
) {
  for (const [action, count] of Object.entries(counts)) {
    await expect(page.getByTestId(`import-count-${action}`)).toHaveText(String(count));
  }
}

const listOf = (page: Page, search: string) => page.goto(`/admin/products?q=${encodeURIComponent(search)}`);
const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test.describe('admin bulk catalogue work', () => {
  test.afterAll(async () => {
    await serviceClient().from('products').delete().like('name', `${MARK}%`);
  });

  test('import: the dry run shows the bad row and writes nothing; the fixed file applies', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const mark = `${MARK} Import`;
    const image = await communicationImage();
    const existingId = await createTestProduct({
      name: `${mark} Existing Radio`,
      description: 'A radio already in the catalogue.',
      price: 40,
    });
    await serviceClient()
      .from('products')
      .update({ sku: sku('OLD') })
      .eq('id', existingId);
    const before = (await productsMarked(mark))[0]!;

    const header = ['sku', 'name', 'description', 'category', 'subcategory', 'price', 'image_url', 'tags'];
    const existing = [
      sku('OLD'),
      `${mark} Existing Radio`,
      'A radio already in the catalogue.',
      'communication',
      '',
      '44.50',
      image,
      '',
    ];
    const lantern = [
      sku('NEW-1'),
      `${mark} Lantern`,
      'Bright, with a "storm" mode.',
      'communication',
      'emergency-radios',
      'abc',
      image,
      'light\noutdoor',
    ];
    const whistle = [sku('NEW-2'), `${mark} Whistle`, 'Loud.', 'communication', '', '3.99', image, ''];

    await signInAsAdmin(page);
    await page.goto('/admin/products');
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await expect(page.getByRole('heading', { name: 'Import Products' })).toBeVisible();

    // The dry run: line 2's price is refused, the others would create and update, nothing is written.
    await checkFile(page, 'catalogue.csv', csv([header, existing, lantern, whistle]));
    await expectCounts(page, { create: 1, update: 1, unchanged: 0, error: 1 });
    const bad = page.getByTestId('import-row').filter({ hasText: 'Bad price "abc"' });
    await expect(bad).toHaveCount(1);
    await expect(bad.getByRole('cell').first()).toHaveText('2');
    await expect(bad.getByText('Error', { exact: true })).toBeVisible();
    await expect(bad).toContainText(`${mark} Lantern`);
    await expect(bad).toContainText(`SKU ${sku('NEW-1')}`);
    await expect(
      page.getByText('Fix the rows with errors in your file and check it again. Nothing has been imported.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Apply import/ })).toHaveCount(0);
    // The update shows what it changes.
    const update = page.getByTestId('import-row').filter({ hasText: 'Update' });
    await expect(update).toContainText('price:');
    await expect(update).toContainText('44.5');
    expect(await productBySku(sku('NEW-1'))).toBeNull();
    expect(await productBySku(sku('NEW-2'))).toBeNull();
    expect(await productBySku(sku('OLD'))).toMatchObject({ price: 40, updated_at: before.updated_at });

    // The fixed file applies in one go.
    lantern[5] = '19.95';
    await checkFile(page, 'catalogue-fixed.csv', csv([header, existing, lantern, whistle]));
    await expectCounts(page, { create: 2, update: 1, unchanged: 0, error: 0 });
    await expect(page.getByText('No errors: apply to write every row in one go.')).toBeVisible();
    await page.getByRole('button', { name: 'Apply import (3 rows)' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Imported: 2 created, 1 updated, 0 unchanged.' }),
    ).toBeVisible({
      timeout: 20_000,
    });
    expect(await productBySku(sku('OLD'))).toMatchObject({ id: existingId, price: 44.5 });
    expect(await productBySku(sku('NEW-1'))).toMatchObject({
      name: `${mark} Lantern`,
      price: 19.95,
      description: 'Bright, with a "storm" mode.',
      tags: ['light', 'outdoor'],
      subcategory_id: 'be7b761f-f4f5-5255-9209-123655d6c3f6',
    });
    expect(await productBySku(sku('NEW-2'))).toMatchObject({ name: `${mark} Whistle`, price: 3.99 });

    // The list shows them, with their SKUs and prices.
    await page.getByRole('link', { name: 'Back to Products' }).last().click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await listOf(page, mark);
    await expect(page.getByRole('row')).toHaveCount(4);
    await expect(rowOf(page, `${mark} Lantern`)).toContainText(`SKU ${sku('NEW-1')}`);
    await expect(rowOf(page, `${mark} Lantern`)).toContainText('$19.95');
    await expect(rowOf(page, `${mark} Whistle`)).toContainText('$3.99');
    await expect(rowOf(page, `${mark} Existing Radio`)).toContainText('$44.50');
  });

  test('bulk price change: the preview shows every new price, then the list does', async ({ page }) => {
    const mark = `${MARK} Price`;
    const cheap = `${mark} Cheap Flashlight`;
    const dear = `${mark} Dear Handheld`;
    const other = `${mark} Untouched Antenna`;
    await createTestProduct({ name: cheap, description: 'Cheap.', price: 10 });
    await createTestProduct({ name: dear, description: 'Dear.', price: 25.5 });
    await createTestProduct({ name: other, description: 'Not selected.', price: 7.25 });

    await signInAsAdmin(page);
    await listOf(page, mark);
    await expect(page.getByRole('row')).toHaveCount(4);
    await page.getByRole('checkbox', { name: `Select ${cheap}` }).check();
    await page.getByRole('checkbox', { name: `Select ${dear}` }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar.getByText('2 products selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Adjust price' }).click();

    const dialog = page.getByRole('dialog', { name: 'Adjust price' });
    await expect(dialog.getByLabel('Percentage (%)')).toBeChecked();
    // A cut that would take a price below a cent is refused before anything is sent.
    await dialog.getByLabel('Change', { exact: true }).fill('-99.99');
    await expect(dialog.getByText('Every new price must be at least $0.01')).toBeVisible();
    await dialog.getByLabel('Change', { exact: true }).fill('10');
    const preview = dialog.getByTestId('price-preview-row');
    await expect(preview).toHaveCount(2);
    await expect(preview.filter({ hasText: cheap })).toContainText('$10.00$11.00');
    // 25.50 × 1.10 = 28.05 (half up to the cent, as the database rounds).
    await expect(preview.filter({ hasText: dear })).toContainText('$25.50$28.05');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('2 products updated', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(rowOf(page, cheap)).toContainText('$11.00');
    await expect(rowOf(page, dear)).toContainText('$28.05');
    await expect(rowOf(page, other)).toContainText('$7.25');
    const stored = await productsMarked(mark);
    expect(stored.map((row) => [row.name, row.price])).toEqual([
      [cheap, 11],
      [dear, 28.05],
      [other, 7.25],
    ]);

    // Then by an amount: the selection is still there.
    await bar.getByRole('button', { name: 'Adjust price' }).click();
    await dialog.getByLabel('Amount ($)').check();
    await dialog.getByLabel('Change', { exact: true }).fill('-1.05');
    await expect(preview.filter({ hasText: cheap })).toContainText('$11.00$9.95');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, cheap)).toContainText('$9.95');
    await expect(rowOf(page, dear)).toContainText('$27.00');
  });

  test('bulk delete: asked first, then the selected products are gone and audited', async ({ page }) => {
    const mark = `${MARK} Delete`;
    const first = `${mark} First Lantern`;
    const second = `${mark} Second Lantern`;
    const kept = `${mark} Kept Lantern`;
    const ids = [
      await createTestProduct({ name: first, description: 'Deleted.', price: 12 }),
      await createTestProduct({ name: second, description: 'Deleted.', price: 13 }),
    ];
    await createTestProduct({ name: kept, description: 'Not selected.', price: 14 });

    await signInAsAdmin(page);
    await listOf(page, mark);
    await expect(page.getByRole('row')).toHaveCount(4);
    await page.getByRole('checkbox', { name: `Select ${first}` }).check();
    await page.getByRole('checkbox', { name: `Select ${second}` }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByRole('button', { name: 'Delete selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete products' });
    await expect(
      dialog.getByText('Are you sure you want to delete 2 products? This cannot be undone.'),
    ).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    await expect(dialog.getByRole('listitem').filter({ hasText: first })).toBeVisible();
    await expect(dialog.getByRole('listitem').filter({ hasText: second })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('2 products deleted', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, first)).toHaveCount(0);
    await expect(rowOf(page, second)).toHaveCount(0);
    await expect(rowOf(page, kept)).toBeVisible();
    expect((await productsMarked(mark)).map((row) => row.name)).toEqual([kept]);
    const { data, error } = await serviceClient()
      .from('audit_log')
      .select('record_id')
      .eq('entity', 'product')
      .eq('action', 'deleted')
      .in('record_id', ids);
    expect(error).toBeNull();
    expect((data as { record_id: string }[]).map((row) => row.record_id).sort()).toEqual([...ids].sort());
  });

  test('export, then import the same file: nothing changes', async ({ page }) => {
    test.setTimeout(90_000);
    const mark = `${MARK} Trip`;
    const image = await communicationImage();
    const rich = {
      // Quotes, commas, a line break, and a start a spreadsheet would run as a formula.
      description: '=1+1 is text: handheld, with "VOX", commas, and\na second line.',
      category_id: COMMUNICATION_CATEGORY,
      subcategory_id: 'be7b761f-f4f5-5255-9209-123655d6c3f6',
      image_url: image,
      images: [image, `${image}?side`],
      features: ['-40 °C rated', 'Two, three or four channels'],
      specifications: { Weight: '450 g', Battery: 'AA, ×4' },
      tags: ['radio', 'two-way'],
      stock_count: 12,
      original_price: 59.99,
      purchase_limit: 3,
      supply_kind: 'communication',
      person_days_per_unit: 2.5,
    };
    // One insert each: a list insert would send null for the columns the plain row leaves out.
    const rows: Record<string, unknown>[] = [
      { ...rich, name: `${mark} Rich Radio`, sku: sku('TRIP/1.a_b'), price: 49.99 },
      {
        name: `${mark} Plain Whistle`,
        description: 'Plain.',
        category_id: COMMUNICATION_CATEGORY,
        image_url: image,
        price: 2,
        in_stock: false,
      },
    ];
    for (const row of rows) {
      const { error } = await serviceClient().from('products').insert(row);
      if (error) throw error;
    }
    const before = await productsMarked(mark);
    expect(before).toHaveLength(2);

    await signInAsAdmin(page);
    await listOf(page, mark);
    await expect(page.getByRole('row')).toHaveCount(3);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page.getByText('Exported 2 products', { exact: true })).toBeVisible();
    const exported = await readFile((await download.path())!, 'utf8');
    expect(exported.split('\r\n')[0]).toMatch(/^id,sku,slug,name,description,category,subcategory,price,/);
    expect(exported).toContain(sku('TRIP/1.a_b'));
    // A cell a spreadsheet would run as a formula is written with a leading '.
    expect(exported).toContain(`"'=1+1 is text: handheld, with ""VOX"", commas, and\na second line."`);

    await page.goto('/admin/products/import');
    await checkFile(page, download.suggestedFilename(), exported);
    await expectCounts(page, { create: 0, update: 0, unchanged: 2, error: 0 });
    await expect(page.getByTestId('import-row')).toHaveCount(0);
    await page.getByRole('button', { name: 'Apply import (2 rows)' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Imported: 0 created, 0 updated, 2 unchanged.' }),
    ).toBeVisible({
      timeout: 20_000,
    });
    expect(await productsMarked(mark)).toEqual(before);
  });

  test('the SKU field: set on a new product, refused when another product has it', async ({ page }) => {
    test.setTimeout(90_000);
    const mark = `${MARK} Form`;
    const image = await communicationImage();
    const takenId = await createTestProduct({ name: `${mark} Taken`, description: 'Has the SKU.', price: 5 });
    await serviceClient()
      .from('products')
      .update({ sku: sku('TAKEN') })
      .eq('id', takenId);

    await signInAsAdmin(page);
    await page.goto('/admin/products/new');
    const skuField = page.getByLabel('SKU', { exact: true });
    await expect(skuField).toHaveValue('');
    await expect(page.getByText('Left empty, the next RS- number is given.')).toBeVisible();
    const fill = async (name: string) => {
      await page.getByLabel('Product Name').fill(name);
      await page.getByLabel('Description').fill('A radio from the SKU test.');
      await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Communication' });
      await page.getByLabel('Price ($)', { exact: true }).fill('12.00');
      await page.getByLabel('Main Image URL').fill(image);
    };

    // A SKU the database would refuse is refused at the field.
    await fill(`${mark} Radio`);
    await skuField.fill('-starts with a dash');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(skuField).toHaveAttribute('aria-invalid', 'true');
    await expect(skuField).toHaveAccessibleDescription(/SKU must start with a letter or digit/);
    await expect(page).toHaveURL(/\/admin\/products\/new$/);

    // Another product's SKU: the database refuses it, the form says so and keeps what was typed.
    await skuField.fill(sku('TAKEN'));
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('This SKU is already used by another product').first()).toBeVisible();
    await expect(skuField).toHaveAttribute('aria-invalid', 'true');
    await expect(skuField).toBeFocused();
    await expect(skuField).toHaveValue(sku('TAKEN'));
    await expect(page.getByLabel('Product Name')).toHaveValue(`${mark} Radio`);
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    expect((await productsMarked(`${mark} Radio`)).length).toBe(0);

    // A free SKU saves.
    await skuField.fill(` ${sku('RADIO')} `);
    await expect(skuField).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('Product created successfully', { exact: true })).toBeVisible();
    const created = await productBySku(sku('RADIO'));
    expect(created).toMatchObject({ name: `${mark} Radio`, price: 12 });

    // The list shows it; the edit form loads it and refuses another product's SKU there too.
    await listOf(page, `${mark} Radio`);
    await expect(rowOf(page, `${mark} Radio`)).toContainText(`SKU ${sku('RADIO')}`);
    await page.getByRole('link', { name: `Edit ${mark} Radio` }).click();
    await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
    await expect(skuField).toHaveValue(sku('RADIO'));
    await skuField.fill('');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText('SKU is required: a saved product keeps one')).toBeVisible();
    await skuField.fill(sku('TAKEN'));
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText('This SKU is already used by another product').first()).toBeVisible();
    await expect(skuField).toHaveValue(sku('TAKEN'));
    expect(await productBySku(sku('RADIO'))).toMatchObject({ id: created!.id });
    await skuField.fill(sku('RADIO-2'));
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText('Product updated successfully', { exact: true })).toBeVisible();
    expect(await productBySku(sku('RADIO-2'))).toMatchObject({ id: created!.id });

    // The list's search finds a product by its SKU, typed in any case.
    await listOf(page, sku('RADIO-2').toLowerCase());
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(rowOf(page, `${mark} Radio`)).toContainText(`SKU ${sku('RADIO-2')}`);

    // A product created without a SKU gets the next RS- number.
    await page.goto('/admin/products/new');
    await fill(`${mark} Numbered`);
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('Product created successfully', { exact: true })).toBeVisible();
    const [numbered] = await productsMarked(`${mark} Numbered`);
    expect(numbered?.sku).toMatch(/^RS-\d{6,}$/);
  });
});
