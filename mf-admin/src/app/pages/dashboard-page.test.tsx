import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { CurrentAdminProvider } from '../../lib/current-admin';
import { fakeSupabase, type QueryCall } from '../../lib/testing/fake-supabase';
import { installFakeSupabase } from '../../lib/testing/setup';
import { DashboardPage } from './dashboard-page';

vi.mock('@supabase/supabase-js', () => import('../../lib/testing/supabase-js-mock'));
installFakeSupabase();

const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();

const ORDERS = [
  {
    id: 'aaaaaaaa-1111-2222-3333-444444444444',
    order_number: 'RS-100004',
    total_amount: 100.5,
    user_id: 'u1',
    status: 'completed',
    created_at: daysAgo(1),
  },
  {
    id: 'bbbbbbbb-1111-2222-3333-444444444444',
    order_number: 'RS-100003',
    total_amount: 20,
    user_id: 'u2',
    status: 'pending',
    created_at: daysAgo(5),
  },
  {
    id: 'cccccccc-1111-2222-3333-444444444444',
    order_number: 'RS-100002',
    total_amount: 30,
    user_id: 'u1',
    status: 'shipped',
    created_at: daysAgo(40),
  },
  {
    id: 'dddddddd-1111-2222-3333-444444444444',
    order_number: 'RS-100001',
    total_amount: 9.5,
    user_id: null,
    status: 'cancelled',
    created_at: daysAgo(45),
  },
];

const SUMMARY = {
  product_count: 76,
  category_count: 7,
  order_count: 4,
  customer_count: 2,
  revenue: 160,
  products_current: 1,
  products_previous: 0,
  categories_current: 0,
  categories_previous: 0,
  orders_current: 2,
  orders_previous: 2,
  customers_current: 2,
  customers_previous: 1,
  revenue_current: 120.5,
  revenue_previous: 39.5,
};

const STOCK_ALERTS = {
  low_stock_below: 10,
  expiring_days: 90,
  low_stock: [
    {
      product_id: 'p-out',
      name: 'Potassium Iodide Tablets',
      stock_count: 0,
      in_stock: false,
      has_lots: true,
    },
    { product_id: 'p-low', name: 'QuikClot Gauze', stock_count: 6, in_stock: true, has_lots: false },
  ],
  low_stock_total: 2,
  expiring: [
    {
      lot_id: 'l-old',
      product_id: 'p-meal',
      name: 'Peak Refuel Beef Stroganoff',
      lot_code: 'PR-0921',
      quantity: 5,
      best_before: '2026-03-01',
      expired: true,
      days_left: -20,
    },
    {
      lot_id: 'l-soon',
      product_id: 'p-bar',
      name: 'Datrex 3600 Emergency Ration Bar',
      lot_code: 'DX-3600-17',
      quantity: 60,
      best_before: '2026-05-20',
      expired: false,
      days_left: 60,
    },
  ],
  expiring_total: 7,
};

function backend({ summaryFails = false } = {}) {
  fakeSupabase.queryHandler.mockImplementation((call: QueryCall) => {
    if (call.table === 'orders') return { data: ORDERS };
    return { data: null };
  });
  fakeSupabase.rpcHandler.mockImplementation((name: string) => {
    if (name === 'admin_dashboard_summary')
      return summaryFails ? { error: { message: 'connection refused' } } : { data: SUMMARY };
    if (name === 'admin_sales_overview')
      return { data: [{ month: '2025-05-01', revenue: 120.5, orders: 2 }] };
    if (name === 'admin_top_products') return { data: [{ product_name: 'Radio', units: 3, revenue: 90 }] };
    if (name === 'admin_stock_alerts') return { data: STOCK_ALERTS };
    return { data: null };
  });
}

function renderPage(
  admin: { role: 'super_admin' | 'admin'; permissions: string[] } = { role: 'super_admin', permissions: [] },
) {
  return render(
    <MemoryRouter>
      <CurrentAdminProvider admin={{ id: 'a', userId: 'u', email: 'admin@example.com', ...admin }}>
        <DashboardPage />
      </CurrentAdminProvider>
    </MemoryRouter>,
  );
}

describe('dashboard page', () => {
  it('shows a skeleton, then the figures from the database', async () => {
    backend();
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading dashboard' })).toBeInTheDocument();
    expect(await screen.findByTestId('stat-orders')).toHaveTextContent('4');
    expect(screen.getByTestId('stat-products')).toHaveTextContent('76');
    expect(screen.getByTestId('stat-categories')).toHaveTextContent('7');
    expect(screen.getByTestId('stat-customers')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-revenue')).toHaveTextContent('$160.00');
    // 2 orders in the last 30 days against 2 before; 1 new product against none; 2 customers against 1.
    expect(screen.getByTestId('change-orders')).toHaveTextContent('0%');
    expect(screen.getByTestId('change-products')).toHaveTextContent('+1 added');
    expect(screen.getByRole('listitem', { name: 'Total Products' })).toHaveTextContent('in the last 30 days');
    expect(screen.getByRole('listitem', { name: 'Total Orders' })).toHaveTextContent('last 30 days: 2 vs 2');
    expect(screen.getByTestId('change-customers')).toHaveTextContent('+100%');

    const rows = within(screen.getByRole('region', { name: 'Recent Orders' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'RS-100004',
      'RS-100003',
      'RS-100002',
      'RS-100001',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'RS-100004' })).toHaveAttribute(
      'href',
      '/admin/orders/aaaaaaaa-1111-2222-3333-444444444444',
    );
    expect(within(rows[0]!).getByText('Completed')).toHaveClass('bg-green-100');
    expect(within(rows[1]!).getByText('Pending')).toHaveClass('bg-yellow-100');
    expect(within(rows[2]!).getByText('Shipped')).toHaveAttribute('data-status', 'shipped');
    const section = screen.getByRole('region', { name: 'Recent Orders' });
    expect(within(section).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/admin/orders');
    expect(screen.getByRole('link', { name: 'View All Orders' })).toHaveAttribute('href', '/admin/orders');
    expect(screen.getByRole('link', { name: 'Add New Product' })).toHaveAttribute(
      'href',
      '/admin/products/new',
    );
  });

  it('shows an error with Retry instead of an empty dashboard', async () => {
    backend({ summaryFails: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The dashboard could not be loaded.');
    expect(screen.queryByTestId('stat-orders')).not.toBeInTheDocument();
    backend();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('stat-orders')).toHaveTextContent('4');
  });

  it('lists low stock and expiring lots, each linking to the product, expired lots marked', async () => {
    backend();
    renderPage();
    const low = await screen.findByRole('region', { name: 'Low stock' });
    const lowLinks = within(low).getAllByRole('link');
    expect(lowLinks.map((link) => link.textContent)).toEqual([
      'Potassium Iodide TabletsOut of stock',
      'QuikClot Gauze6 left',
    ]);
    expect(lowLinks[1]).toHaveAttribute('href', '/admin/products/p-low/edit');

    const expiring = screen.getByRole('region', { name: 'Expiring soon' });
    const lots = within(expiring).getAllByRole('link');
    expect(lots[0]).toHaveAttribute('href', '/admin/products/p-meal/edit');
    expect(lots[0]).toHaveTextContent('Lot PR-0921 · 5 units');
    expect(within(lots[0]!).getByText('Expired Mar 1, 2026')).toHaveClass('bg-red-100');
    expect(lots[1]).toHaveTextContent('Lot DX-3600-17 · 60 units');
    expect(within(lots[1]!).getByText('May 20, 2026 (in 60 days)')).toHaveClass('bg-yellow-100');
    expect(within(expiring).getByText('2 of 7')).toBeInTheDocument();
    // The thresholds are the store's settings, which the database reads itself.
    expect(fakeSupabase.rpcHandler).toHaveBeenCalledWith('admin_stock_alerts', { p_limit: 10 });
  });

  it('shows no stock alerts to an administrator without the products permission', async () => {
    backend();
    renderPage({ role: 'admin', permissions: ['orders'] });
    expect(await screen.findByTestId('stat-orders')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Low stock' })).not.toBeInTheDocument();
    expect(fakeSupabase.rpcHandler).not.toHaveBeenCalledWith('admin_stock_alerts', expect.anything());
  });
});
