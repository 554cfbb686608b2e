// Managing products: as the seeded super administrator, create a product and find it on the
// storefront, edit it, toggle its stock and watch the storefront badge follow, delete it; and search,
// filter and paginate the admin product list (with the state in the address).
import type { Page } from '@playwright/test';
import { expect, serviceClient, signInAsAdmin, test } from './fixtures.ts';

const COMMUNICATION = 'ae07a855-2f83-50c8-a3be-c3269811e8b0';

function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true });
}

async function seededImage(): Promise<string> {
  const { data, error } = await serviceClient()
    .from('categories')
    .select('image_url')
    .eq('id', COMMUNICATION)
    .single();
  if (error) throw error;
  return data.image_url as string;
}

async function productRow(name: string) {
  const { data, error } = await serviceClient().from('products').select('*').eq('name', name);
  if (error) throw error;
  return data[0] ?? null;
}

test.describe('admin products', () => {
  const name = `E2E Hand Crank Radio ${Date.now()}`;
  const renamed = `${name} Mk II`;

  test.afterAll(async () => {
    await serviceClient().from('products').delete().in('name', [name, renamed]);
  });

  test('create, show on the storefront, edit, toggle stock and delete a product', async ({ page }) => {
    const image = await seededImage();
    await signInAsAdmin(page);

    // Create.
    await page.goto('/admin/products');
    await page.getByRole('link', { name: 'Add Product' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await expect(page.getByRole('heading', { name: 'Add New Product' })).toBeVisible();
    const subcategory = page.getByLabel('Subcategory');
    await expect(subcategory).toBeDisabled();
    await page.getByLabel('Product Name').fill(name);
    await page.getByLabel('Description').fill('Dynamo radio with NOAA alerts and a USB power bank.');
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Communication' });
    await expect(subcategory).toBeEnabled();
    await subcategory.selectOption({ label: 'Emergency Radios' });
    await page.getByLabel('Price ($)', { exact: true }).fill('129.99');
    await page.getByLabel('Original Price ($)').fill('149.99');
    await page.getByLabel('Main Image URL').fill(image);
    await expect(page.getByRole('img', { name: 'Main image preview' })).toBeVisible();
    await page.getByLabel('New feature').fill('  Hand crank and solar charging  ');
    await page.getByRole('button', { name: 'Add Feature' }).click();
    await page.getByLabel('Specification name').fill('Weight');
    await page.getByLabel('Specification value').fill('1 kg');
    await page.getByRole('button', { name: 'Add Specification' }).click();
    await page.getByLabel('Specification name').fill('Weight');
    await page.getByLabel('Specification value').fill('540 g');
    await page.getByRole('button', { name: 'Add Specification' }).click();
    for (const tag of ['radio', ' radio ', 'noaa']) {
      await page.getByLabel('New tag').fill(tag);
      await page.getByRole('button', { name: 'Add Tag' }).click();
    }
    await page.getByLabel('Stock Count').fill('25');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(toast(page, 'Product created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products$/);

    const created = await productRow(name);
    expect(created).toMatchObject({
      price: 129.99,
      original_price: 149.99,
      category_id: COMMUNICATION,
      features: ['Hand crank and solar charging'],
      specifications: { Weight: '540 g' },
      tags: ['radio', 'noaa'],
      stock_count: 25,
      in_stock: true,
    });
    expect(created.subcategory_id).not.toBeNull();
    // The public slug is set by the database when the product is saved.
    expect(created.slug).toMatch(new RegExp(`^e2e-hand-crank-radio-\\d+-${created.id}$`));

    // On the storefront.
    await page.goto(`/product/${created.slug}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('In Stock (25 available)')).toBeVisible();

    // Edit: the form loads the stored values; clearing the original price saves null.
    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
    await expect(page.getByLabel('Product Name')).toHaveValue(name);
    await expect(page.getByLabel('Subcategory')).toHaveValue(created.subcategory_id as string);
    await page.getByLabel('Product Name').fill(renamed);
    await page.getByLabel('Price ($)', { exact: true }).fill('99.50');
    await page.getByLabel('Original Price ($)').fill('');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(toast(page, 'Product updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products(\?.*)?$/);
    const edited = await productRow(renamed);
    expect(edited).toMatchObject({ id: created.id, price: 99.5, original_price: null });
    expect(edited.slug).toBe(`${created.slug.slice(0, -created.id.length - 1)}-mk-ii-${created.id}`);

    // Toggle stock from the list and see the storefront badge change.
    await page.goto(`/admin/products?q=${encodeURIComponent(renamed)}`);
    const row = page.getByRole('row').filter({ hasText: renamed });
    await expect(row.getByText('25 in stock')).toBeVisible();
    await row.getByRole('button', { name: `Mark ${renamed} as out of stock` }).click();
    await expect(toast(page, 'Product marked as out of stock')).toBeVisible();
    await expect(row.getByText('Out of stock')).toBeVisible();
    await page.goto(`/product/${edited.slug}`);
    await expect(page.getByText('Out of Stock', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('In Stock (25 available)')).toHaveCount(0);

    await page.goto(`/admin/products?q=${encodeURIComponent(renamed)}`);
    await page.getByRole('button', { name: `Mark ${renamed} as in stock` }).click();
    await expect(toast(page, 'Product marked as in stock')).toBeVisible();
    await page.goto(`/product/${edited.slug}`);
    await expect(page.getByText('In Stock (25 available)')).toBeVisible();

    // Delete after the confirmation.
    await page.goto(`/admin/products?q=${encodeURIComponent(renamed)}`);
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this product?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await productRow(renamed)).not.toBeNull();
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Product deleted successfully')).toBeVisible();
    await expect(page.getByText('No products found')).toBeVisible();
    expect(await productRow(renamed)).toBeNull();
    await page.goto(`/product/${edited.slug}`);
    await expect(page.getByText('Product Not Found')).toBeVisible();
  });

  test('the form refuses missing required fields and keeps subcategories tied to the category', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/products/new');
    await expect(page.getByLabel('Price ($)', { exact: true })).toHaveValue('0');
    await expect(page.getByLabel('Stock Count')).toHaveValue('0');
    await expect(page.getByLabel('In Stock')).toBeChecked();
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(toast(page, 'Please fill in all required fields')).toBeVisible();
    await expect(page.getByText('Product name is required')).toBeVisible();
    await expect(page.getByText('Price must be greater than 0')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);

    const category = page.getByLabel('Category', { exact: true });
    const subcategory = page.getByLabel('Subcategory');
    await category.selectOption({ label: 'Communication' });
    await subcategory.selectOption({ label: 'Satellite Phones' });
    const options = await subcategory.locator('option').allTextContents();
    expect(options.slice(1)).toEqual([...options.slice(1)].sort((a, b) => a.localeCompare(b)));
    await category.selectOption({ label: 'Lighting' });
    await expect(subcategory).toHaveValue('');
    await expect(subcategory.locator('option', { hasText: 'Satellite Phones' })).toHaveCount(0);

    await page.getByLabel('Additional image URL').fill('not a url');
    await page.getByRole('button', { name: 'Add Image' }).click();
    await expect(page.getByText('Enter a valid URL (https://...)')).toBeVisible();

    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
  });

  test('search, filter and paginate the product list', async ({ page }) => {
    const db = serviceClient();
    const all = await db.from('products').select('id', { count: 'exact', head: true });
    const out = await db.from('products').select('id', { count: 'exact', head: true }).eq('in_stock', false);
    const total = all.count ?? 0;
    const outOfStock = out.count ?? 0;
    expect(total).toBeGreaterThan(20);

    await signInAsAdmin(page);
    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { name: 'Product Management' })).toBeVisible();
    await expect(page.getByText('Manage your product catalog and inventory')).toBeVisible();
    await expect(page.getByText(`Showing 1 to 10 of ${total} results`)).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(11);
    const totalTile = page
      .getByText('Total Products', { exact: true })
      .locator('xpath=following-sibling::p[1]');
    await expect(totalTile).toHaveText(String(total));

    // Paginate.
    const pages = page.getByRole('navigation', { name: 'Product pages' });
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText(`Showing 11 to 20 of ${total} results`)).toBeVisible();
    await pages.getByRole('button', { name: 'Page 3' }).click();
    await expect(page.getByText(`Showing 21 to 30 of ${total} results`)).toBeVisible();
    await page.reload();
    await expect(page.getByText(`Showing 21 to 30 of ${total} results`)).toBeVisible();

    // Search (case-insensitive, in the database) goes back to page 1.
    const { count: satellites } = await db
      .from('products')
      .select('id', { count: 'exact', head: true })
      .ilike('name', '%satellite%');
    expect(satellites).toBeGreaterThan(0);
    await page.getByLabel('Search products').fill('SATELLITE');
    await expect(page).toHaveURL(/[?&]q=SATELLITE/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page.getByText(`of ${satellites} results`)).toBeVisible();
    // The first column is the bulk selection box; the product's name is in the second.
    const names = await page.getByRole('row').locator('td:nth-child(2)').allTextContents();
    expect(names).toHaveLength(Math.min(satellites ?? 0, 10));
    for (const cell of names) {
      expect(cell.toLowerCase()).toContain('satellite');
    }

    // A SKU typed in another case than it is stored (RS-000012 as rs-000012) finds its product alone:
    // the search matches the SKU exactly in any case (sku_lower), besides names containing the term.
    const { data: skuProduct, error: skuError } = await db
      .from('products')
      .select('name, sku')
      .ilike('name', '%satellite%')
      .order('sku')
      .limit(1)
      .single();
    if (skuError) throw skuError;
    const typed = skuProduct.sku.toLowerCase();
    expect(typed).not.toBe(skuProduct.sku);
    await page.getByLabel('Search products').fill(typed);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${typed}`));
    await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
    const found = page.getByRole('row').filter({ hasText: skuProduct.name });
    await expect(found).toHaveCount(1);
    await expect(found.getByText(`SKU ${skuProduct.sku}`, { exact: true })).toBeVisible();

    await page.getByLabel('Search products').fill('');
    await expect(page).not.toHaveURL(/[?&]q=/);

    // Filter.
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    const filter = page.getByLabel('Filter by stock');
    await filter.selectOption({ label: 'Out of Stock' });
    await expect(page).toHaveURL(/[?&]filter=out-of-stock/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    expect(outOfStock).toBeGreaterThan(0);
    await expect(page.getByText(`of ${outOfStock} results`)).toBeVisible();
    await expect(page.locator('tbody [data-stock-level]')).toHaveCount(Math.min(outOfStock, 10));
    await expect(page.locator('tbody [data-stock-level]:not([data-stock-level="out-of-stock"])')).toHaveCount(
      0,
    );

    await filter.selectOption({ label: 'Low Stock' });
    await expect(page).toHaveURL(/[?&]filter=low-stock/);
    const { count: low } = await db
      .from('products')
      .select('id', { count: 'exact', head: true })
      .eq('in_stock', true)
      .lt('stock_count', 10);
    expect(low).toBeGreaterThan(0);
    await expect(page.getByText(`of ${low} results`)).toBeVisible();
    await expect(page.locator('tbody [data-stock-level]:not([data-stock-level="low-stock"])')).toHaveCount(0);

    await filter.selectOption({ label: 'In Stock' });
    await expect(page.getByText(`of ${total - outOfStock} results`)).toBeVisible();
    await filter.selectOption({ label: 'All Products' });
    await expect(page).not.toHaveURL(/[?&]filter=/);
    await expect(page.getByText(`Showing 1 to 10 of ${total} results`)).toBeVisible();
  });
});
