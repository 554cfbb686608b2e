// The back office dashboard: the dashboard's figures are the database's (counted here with the service
// client), its charts and recent orders come from the orders, and a failed load is not a fake dashboard.
import { expect, remoteOrigin, serviceClient, signInAsAdmin, test } from './fixtures.ts';

function money(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

test('cards, charts, recent orders and quick actions match the database', async ({ page }) => {
  const service = serviceClient();
  const [products, categories, orders, newest] = await Promise.all([
    service.from('products').select('id', { count: 'exact', head: true }),
    service.from('categories').select('id', { count: 'exact', head: true }),
    service.from('orders').select('total_amount, user_id, status', { count: 'exact' }),
    service
      .from('orders')
      .select('id, order_number, status')
      .order('created_at', { ascending: false })
      .limit(5),
  ]);
  const orderRows = (orders.data ?? []) as { total_amount: number; user_id: string | null; status: string }[];
  // Revenue is what was sold: cancelled orders do not count.
  const revenue =
    orderRows
      .filter((row) => row.status !== 'cancelled')
      .reduce((sum, row) => sum + Math.round(Number(row.total_amount) * 100), 0) / 100;
  const customers = new Set(orderRows.map((row) => row.user_id).filter(Boolean)).size;
  expect(products.count).toBeGreaterThan(0);
  expect(orders.count).toBeGreaterThan(0);

  const rechartsFrom = new Set<string>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    if (/recharts/i.test(await response.text().catch(() => '')))
      rechartsFrom.add(new URL(response.url()).origin);
  });

  await signInAsAdmin(page);
  await expect(page.getByTestId('stat-products')).toHaveText(products.count!.toLocaleString('en-US'));
  await expect(page.getByTestId('stat-categories')).toHaveText(categories.count!.toLocaleString('en-US'));
  await expect(page.getByTestId('stat-orders')).toHaveText(orders.count!.toLocaleString('en-US'));
  await expect(page.getByTestId('stat-customers')).toHaveText(customers.toLocaleString('en-US'));
  await expect(page.getByTestId('stat-revenue')).toHaveText(money(revenue));
  // Products and categories: how many were added in the last 30 days; the others: the last 30 days
  // against the 30 before.
  for (const label of ['Total Products', 'Categories']) {
    await expect(page.getByRole('listitem', { name: label })).toContainText(/\+\d+ addedin the last 30 days/);
  }
  for (const label of ['Total Orders', 'Total Customers', 'Total Revenue']) {
    await expect(page.getByRole('listitem', { name: label })).toContainText(/([+-]?\d+%|New)last 30 days: /);
  }

  // Both charts draw from the orders (recharts renders into an svg).
  await expect(
    page.getByRole('region', { name: 'Sales Overview' }).locator('svg .recharts-line').first(),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Top Products' }).locator('svg .recharts-bar-rectangle').first(),
  ).toBeVisible();
  expect([...rechartsFrom]).toEqual([remoteOrigin('admin')]);

  const recent = page.getByRole('region', { name: 'Recent Orders' });
  const rows = recent.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  for (const [index, order] of (newest.data ?? []).entries()) {
    const number = rows.nth(index).locator('td').first();
    await expect(number).toHaveText(order.order_number);
    await expect(number.getByRole('link')).toHaveAttribute('href', `/admin/orders/${order.id}`);
    await expect(rows.nth(index)).toContainText(order.status, { ignoreCase: true });
  }
  await expect(recent.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/admin/orders');

  const actions = page.getByRole('region', { name: 'Quick Actions' });
  await expect(actions.getByRole('link', { name: 'Add New Product' })).toHaveAttribute(
    'href',
    '/admin/products/new',
  );
  await expect(actions.getByRole('link', { name: 'Add New Category' })).toHaveAttribute(
    'href',
    '/admin/categories/new',
  );
  await expect(actions.getByRole('link', { name: 'View All Orders' })).toHaveAttribute(
    'href',
    '/admin/orders',
  );
  await expect(actions.getByRole('link', { name: 'Manage Administrators' })).toHaveAttribute(
    'href',
    '/admin/administrators',
  );
  await actions.getByRole('link', { name: 'Manage Administrators' }).click();
  await expect(page.getByRole('heading', { name: 'Administrator Management' })).toBeVisible();
});

test('a failed load shows an error with Retry, not an empty dashboard', async ({ page }) => {
  await signInAsAdmin(page);
  await page.route('**/rest/v1/orders*', (route) => route.abort('connectionrefused'));
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('alert')).toContainText('The dashboard could not be loaded.');
  await expect(page.getByTestId('stat-orders')).toHaveCount(0);
  await page.unroute('**/rest/v1/orders*');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('stat-orders')).toBeVisible();
});
