// Inventory lots: an administrator adds two dated lots to a food product in the product
// form's Inventory section, the product page then shows the earlier best-before month, an order by a
// customer takes from the earlier lot (read back as the service role), and the dashboard's stock
// alerts link to the products.
import { bestBeforeText } from '../shared/src/domain/lots.ts';
import { productSlug } from '../shared/src/domain/slug.ts';
import { placeOrderThroughCheckout } from './checkout-helpers.ts';
import { DEMO_CUSTOMER, expect, injectSession, serviceClient, signInAsAdmin, test } from './fixtures.ts';

const FOOD_STORAGE = '9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72';

/** 'YYYY-MM-DD' `days` days from today (UTC, the database's calendar). */
function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test.describe('inventory lots', () => {
  const name = `E2E Freeze-Dried Chili ${Date.now()}`;
  let productId = '';

  test.beforeAll(async () => {
    const { data: image } = await serviceClient()
      .from('categories')
      .select('image_url')
      .eq('id', FOOD_STORAGE)
      .single();
    const { data, error } = await serviceClient()
      .from('products')
      .insert({
        name,
        description: 'Freeze-dried chili for the pantry.',
        price: 12.5,
        category_id: FOOD_STORAGE,
        image_url: (image as { image_url: string }).image_url,
        stock_count: 0,
        in_stock: true,
      })
      .select('id')
      .single();
    if (error) throw error;
    productId = data.id as string;
  });

  test.afterAll(async () => {
    await serviceClient().from('products').delete().eq('id', productId);
  });

  test('lots added in the admin form give the stock, the earlier best-before on the product page, and ship first', async ({
    page,
  }) => {
    const earlier = daysFromToday(400);
    const later = daysFromToday(800);
    await signInAsAdmin(page);
    await page.goto(`/admin/products/${productId}/edit`);
    await expect(page.getByLabel('Product Name')).toHaveValue(name);
    await page.getByRole('button', { name: 'Add Lot' }).click();
    await page.getByRole('button', { name: 'Add Lot' }).click();
    const later_ = page.getByRole('group', { name: 'Lot 1' });
    const earlier_ = page.getByRole('group', { name: 'Lot 2' });
    await later_.getByLabel(/^Lot code/).fill('CHILI-LATE');
    await later_.getByLabel('Quantity').fill('5');
    await later_.getByLabel('Best before').fill(later);
    await earlier_.getByLabel(/^Lot code/).fill('CHILI-EARLY');
    await earlier_.getByLabel('Quantity').fill('3');
    await earlier_.getByLabel('Best before').fill(earlier);
    await expect(page.getByTestId('stock-from-lots')).toHaveText('Stock from lots: 8');
    // The lot editor is dense at both widths: screenshots kept with the results for a human look.
    await page.getByRole('heading', { name: 'Inventory' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('lot-editor-1280.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('group', { name: 'Lot 1' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('lot-editor-375.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText('Product updated successfully', { exact: true })).toBeVisible();

    const { data: product } = await serviceClient()
      .from('products')
      .select('stock_count, in_stock')
      .eq('id', productId)
      .single();
    expect(product).toEqual({ stock_count: 8, in_stock: true });

    // The list shows the stock the lots add up to.
    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    await expect(page.getByText('8 in stock').filter({ visible: true })).toHaveCount(1);

    // The storefront: the earlier lot's month.
    await page.goto(`/product/${productSlug(name, productId)}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('best-before')).toHaveText(bestBeforeText(earlier));

    // A customer orders 2: they come from the earlier lot.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await injectSession(
      page,
      DEMO_CUSTOMER.email,
      DEMO_CUSTOMER.password,
      `/product/${productSlug(name, productId)}`,
    );
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    const order = await placeOrderThroughCheckout(page);

    const { data: taken, error } = await serviceClient()
      .from('order_item_lots')
      .select('lot_code, quantity, best_before, order_items!inner(order_id)')
      .eq('order_items.order_id', order.id);
    expect(error).toBeNull();
    expect(
      taken?.map(({ lot_code, quantity, best_before }) => ({ lot_code, quantity, best_before })),
    ).toEqual([{ lot_code: 'CHILI-EARLY', quantity: 2, best_before: earlier }]);
    const { data: lots } = await serviceClient()
      .from('product_lots')
      .select('lot_code, quantity')
      .eq('product_id', productId)
      .order('lot_code');
    expect(lots).toEqual([
      { lot_code: 'CHILI-EARLY', quantity: 1 },
      { lot_code: 'CHILI-LATE', quantity: 5 },
    ]);
  });

  test('the dashboard lists expiring lots and low stock, linking to the products', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    const expiring = page.getByRole('region', { name: 'Expiring soon' });
    await expiring.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('dashboard-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await expiring.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('dashboard-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    const datrex = expiring.getByRole('link', { name: /Datrex 3600 Emergency Ration Bar.*Lot DX-3600-17/ });
    await expect(datrex).toBeVisible();
    await expect(expiring.getByRole('link', { name: /Lot PR-0921 · 5 units\s*Expired/ })).toBeVisible();
    await datrex.click();
    await expect(page).toHaveURL(/\/admin\/products\/16835a34-14a9-5362-88f9-91e3cb0966cc\/edit$/);
    await expect(page.getByRole('group', { name: 'Lot 1' }).getByLabel(/^Lot code/)).toHaveValue(
      'DX-3600-17',
    );

    // Low stock: fewest first, as the database counts them below the storefront's limit of 10.
    const { data: lowest, count } = await serviceClient()
      .from('products')
      .select('id, name, stock_count', { count: 'exact' })
      .lt('stock_count', 10)
      .order('stock_count')
      .order('name')
      .limit(1);
    await page.goto('/admin/dashboard');
    const low = page.getByRole('region', { name: 'Low stock' });
    const first = low.getByRole('link').first();
    await expect(first).toContainText(lowest![0]!.name as string);
    await expect(first).toContainText(
      lowest![0]!.stock_count === 0 ? 'Out of stock' : `${lowest![0]!.stock_count} left`,
    );
    await expect(first).toHaveAttribute('href', `/admin/products/${lowest![0]!.id as string}/edit`);
    await expect(low.getByText(`10 of ${count}`)).toBeVisible();
  });
});
