// Analytics in the back office (issue 30), on the production build: orders of May 2001 written for the
// test (one sale, one cancelled order), a custom period picked on /admin/analytics shows their figures
// against April (nothing), a preset changes the address, and the top products table exports to CSV with
// the sale's row; June's sale with a discount code shows in the discount codes' table.
import { readFile } from 'node:fs/promises';
import { expect, serviceClient, signInAsAdmin, test } from './fixtures.ts';

const PRODUCT = 'Analytics E2E Lantern';

test.describe('analytics', () => {
  const orderIds: string[] = [];
  let productId = '';

  test.beforeAll(async () => {
    const db = serviceClient();
    const { data: category, error: categoryError } = await db
      .from('categories')
      .select('id')
      .order('name')
      .limit(1)
      .single();
    if (categoryError) throw categoryError;
    const { data: product, error: productError } = await db
      .from('products')
      .insert({
        name: PRODUCT,
        description: 'for admin-analytics.spec.ts',
        price: 12,
        category_id: (category as { id: string }).id,
        image_url: 'x.svg',
        stock_count: 50,
      })
      .select('id')
      .single();
    if (productError) throw productError;
    productId = (product as { id: string }).id;
    const orders = [
      { at: '2001-05-03T10:00:00Z', status: 'completed', payment: 'paid', quantity: 3 },
      { at: '2001-05-04T10:00:00Z', status: 'cancelled', payment: 'awaiting_payment', quantity: 1 },
    ];
    for (const order of orders) {
      const total = 12 * order.quantity;
      const { data, error } = await db
        .from('orders')
        .insert({
          status: order.status,
          payment_status: order.payment,
          subtotal: total,
          total_amount: total,
          created_at: order.at,
        })
        .select('id')
        .single();
      if (error) throw error;
      const id = (data as { id: string }).id;
      orderIds.push(id);
      const line = await db.from('order_items').insert({
        order_id: id,
        product_id: productId,
        product_name: PRODUCT,
        unit_price: 12,
        quantity: order.quantity,
      });
      if (line.error) throw line.error;
    }
    // June: a sale with a discount code (no lines: only the code's use is looked at).
    const { data: discounted, error: discountError } = await db
      .from('orders')
      .insert({
        status: 'completed',
        payment_status: 'paid',
        subtotal: 24,
        discount_amount: 4,
        discount_code: 'E2E-SPRING',
        total_amount: 20,
        created_at: '2001-06-05T10:00:00Z',
      })
      .select('id')
      .single();
    if (discountError) throw discountError;
    orderIds.push((discounted as { id: string }).id);
  });

  test.afterAll(async () => {
    const db = serviceClient();
    if (orderIds.length > 0) await db.from('orders').delete().in('id', orderIds);
    if (productId) await db.from('products').delete().eq('id', productId);
  });

  test('a custom period shows its figures against the one before, and a table exports to CSV', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/analytics');
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    // The last 30 days first (the default), figures and charts drawn.
    await expect(page.getByTestId('analytics-revenue')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Units sold chart' })).toBeVisible();

    await page.getByLabel('Period', { exact: true }).selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill('2001-05-31');
    await page.getByLabel('To', { exact: true }).fill('2001-05-01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alert')).toHaveText('The end date is before the start date.');
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('2001-05-31');

    await page.getByLabel('From', { exact: true }).fill('2001-05-01');
    await page.getByLabel('To', { exact: true }).fill('2001-05-31');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/range=custom&from=2001-05-01&to=2001-05-31/);
    await expect(page.getByTestId('analytics-period')).toHaveText(
      'May 1, 2001 – May 31, 2001 · compared with Mar 31, 2001 – Apr 30, 2001',
    );
    await expect(page.getByTestId('analytics-revenue')).toHaveText('$36.00');
    await expect(page.getByTestId('analytics-orders')).toHaveText('1');
    await expect(page.getByTestId('analytics-units')).toHaveText('3');
    await expect(page.getByTestId('analytics-cancelledOrders')).toHaveText('1');
    const cancelled = page.getByRole('listitem', { name: 'Cancelled orders' });
    await expect(cancelled).toContainText('$12.00');
    await expect(page.getByRole('listitem', { name: 'Revenue' })).toContainText('New');
    await expect(page.getByRole('region', { name: 'Revenue chart' })).toBeVisible();

    const top = page.getByTestId('analytics-top-revenue');
    await expect(top.getByRole('row').nth(1)).toContainText(PRODUCT);
    await expect(top.getByRole('row').nth(1)).toContainText('$36.00');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV: Top products by revenue' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      'analytics-top-products-by-revenue-2001-05-01-to-2001-05-31.csv',
    );
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')).toEqual(['product,units,revenue', `${PRODUCT},3,36`]);

    const [summary] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV: Summary' }).click(),
    ]);
    const summaryCsv = await readFile((await summary.path())!, 'utf8');
    expect(summaryCsv).toContain('revenue,36,0,');
    expect(summaryCsv).toContain('cancelled_value,12,0,');

    // May used no code; June's sale used one.
    await expect(page.getByTestId('analytics-discounts')).toContainText(
      'No discount code was used in this period.',
    );
    await page.getByLabel('From', { exact: true }).fill('2001-06-01');
    await page.getByLabel('To', { exact: true }).fill('2001-06-30');
    await page.getByRole('button', { name: 'Apply' }).click();
    const codes = page.getByTestId('analytics-discounts');
    await expect(codes.getByRole('row').nth(1)).toContainText('E2E-SPRING');
    await expect(codes.getByRole('row').nth(1)).toContainText('$4.00');
    await expect(codes.getByRole('row').nth(1)).toContainText('$20.00');

    await page.getByLabel('Period', { exact: true }).selectOption('7d');
    await expect(page).toHaveURL(/range=7d/);
    await expect(page.getByTestId('analytics-period')).not.toContainText('2001');

    // On a phone the page does not scroll sideways (wide tables scroll inside their own box).
    await page.setViewportSize({ width: 375, height: 900 });
    await expect(page.getByTestId('analytics-revenue')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath('analytics-375.png'), fullPage: true });
  });
});
