// The staff audit log: an administrator changes a product's price in the back office, and the product's
// history in /admin/audit shows the change (before and after) by that administrator; the log's filters
// narrow it and keep their state in the address.
import { createTestProduct, expect, serviceClient, signInAsAdmin, SUPER_ADMIN, test } from './fixtures.ts';

test.describe('staff audit log', () => {
  const name = `E2E Audit Whistle ${Date.now()}`;
  let productId = '';

  test.beforeAll(async () => {
    productId = await createTestProduct({ name, description: 'A loud pea-less whistle.', price: 10 });
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
