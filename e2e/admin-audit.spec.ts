// The staff audit log: an administrator changes a product's price in the back office, and the product's
// history in /admin/audit shows the change (before and after) by that administrator; the log's filters
// narrow it and keep their state in the address.
import { expect, serviceClient, signInAsAdmin, SUPER_ADMIN, test } from './fixtures.ts';

const COMMUNICATION = 'ae07a855-2f83-50c8-a3be-c3269811e8b0';

test.describe('staff audit log', () => {
  const name = `E2E Audit Whistle ${Date.now()}`;
  let productId = '';

  test.beforeAll(async () => {
    // An image that exists (a missing one is a console error on the storefront's pages).
    const category = await serviceClient()
      .from('categories')
      .select('image_url')
      .eq('id', COMMUNICATION)
      .single();
    if (category.error) throw category.error;
    // Written with the service role: not a staff change, so the product's history starts empty.
    const { data, error } = await serviceClient()
      .from('products')
      .insert({
        name,
        description: 'A loud pea-less whistle.',
        price: 10,
        category_id: COMMUNICATION,
        image_url: (category.data as { image_url: string }).image_url,
        stock_count: 5,
      })
      .select('id')
      .single();
    if (error) throw error;
    productId = (data as { id: string }).id;
  });

  test.afterAll(async () => {
    await serviceClient().from('products').delete().eq('id', productId);
  });

  test('a price change shows in the product history, by the administrator who made it', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto(`/admin/products/${productId}/edit`);
    await expect(page.getByLabel('Product Name')).toHaveValue(name);
    await page.getByLabel('Price ($)', { exact: true }).fill('12.34');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText('Product updated successfully', { exact: true })).toBeVisible();

    await page.goto(`/admin/products/${productId}/edit`);
    await page.getByRole('link', { name: `History of ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/audit\\?record=${productId}$`));
    await expect(page.getByText(`History of ${name}`)).toBeVisible();
    const entries = page.getByTestId('audit-entry').filter({ visible: true });
    await expect(entries).toHaveCount(1);
    const entry = entries.first();
    await expect(entry).toContainText('Changed');
    await expect(entry).toContainText(SUPER_ADMIN.email);
    await expect(entry.getByText('price:')).toBeVisible();
    await expect(entry.locator('del')).toHaveText('10');
    await expect(entry.locator('ins')).toHaveText('12.34');

    // The whole log, narrowed by kind and by staff member, from the sidebar.
    await page.getByRole('link', { name: 'Show every entry' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await page.getByLabel('Kind of record').selectOption({ label: 'Product' });
    await expect(page).toHaveURL(/kind=product/);
    await page.getByLabel('Staff member').selectOption({ label: SUPER_ADMIN.email });
    await expect(page).toHaveURL(/actor=/);
    await expect(page.getByTestId('audit-entry').filter({ visible: true, hasText: name })).toHaveCount(1);
    await page.getByLabel('Kind of record').selectOption({ label: 'Lot' });
    await expect(page.getByTestId('audit-entry').filter({ visible: true, hasText: name })).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
  });
});
