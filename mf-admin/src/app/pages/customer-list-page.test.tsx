import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeSupabase } from '../../lib/testing/fake-supabase';
import { installFakeSupabase } from '../../lib/testing/setup';
import { CustomerDetailPage } from './customer-detail-page';
import { CustomerListPage } from './customer-list-page';

vi.mock('@supabase/supabase-js', () => import('../../lib/testing/supabase-js-mock'));
installFakeSupabase();

const customer = (n: number, overrides: Record<string, unknown> = {}) => ({
  user_id: `user-${n}`,
  email: `shopper${n}@example.com`,
  first_name: 'Shopper',
  last_name: String(n),
  created_at: '2026-01-15T10:00:00Z',
  orders_count: n % 3,
  total_spent: n % 3 === 0 ? 0 : 10.5 * n,
  last_order_at: n % 3 === 0 ? null : '2026-02-01T10:00:00Z',
  total_count: 25,
  ...overrides,
});

function backend() {
  fakeSupabase.rpcHandler.mockImplementation((name: string, args: unknown) => {
    if (name === 'admin_list_customers') {
      const { p_offset, p_limit } = args as { p_offset: number; p_limit: number };
      const rows = Array.from({ length: 25 }, (_, index) => customer(index + 1)).slice(
        p_offset,
        p_offset + p_limit,
      );
      return { data: rows };
    }
    if (name === 'admin_newsletter_counts') return { data: [{ confirmed: 3, unconfirmed: 1 }] };
    if (name === 'admin_get_customer') {
      return {
        data: {
          user_id: 'user-1',
          email: 'shopper1@example.com',
          first_name: 'Shopper',
          last_name: '1',
          created_at: '2026-01-15T10:00:00Z',
          orders_count: 1,
          total_spent: 10.5,
          orders: [
            {
              id: 'order-9',
              order_number: 'RS-100009',
              status: 'shipped',
              payment_status: 'paid',
              total_amount: 10.5,
              created_at: '2026-02-01T10:00:00Z',
            },
          ],
        },
      };
    }
    return { data: null };
  });
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/admin/customers" element={<CustomerListPage />} />
        <Route path="/admin/customers/:userId" element={<CustomerDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('CustomerListPage', () => {
  it('lists customers with orders count, total spent and date joined, page by page', async () => {
    backend();
    const user = userEvent.setup();
    renderAt('/admin/customers');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Customer', 'Joined', 'Orders', 'Total spent', 'Last order', 'Actions']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('link', { name: 'Shopper 1' })).toHaveAttribute(
      'href',
      '/admin/customers/user-1',
    );
    expect(first).toHaveTextContent('shopper1@example.com');
    expect(first).toHaveTextContent('Jan 15, 2026');
    expect(first).toHaveTextContent('$10.50');
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent('No orders yet');
    expect(screen.getByText('Showing 1 to 20 of 25 results')).toBeInTheDocument();
    expect(fakeSupabase.rpcHandler).toHaveBeenCalledWith('admin_list_customers', {
      p_search: undefined,
      p_limit: 20,
      p_offset: 0,
    });
    // The newsletter panel: the count from admin_newsletter_counts and the export button.
    const panel = screen.getByRole('region', { name: 'Newsletter' });
    expect(
      await within(panel).findByText('3 confirmed subscribers; 1 awaiting confirmation.'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Export confirmed subscribers (CSV)' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 21 to 25 of 25 results')).toBeInTheDocument();
    expect(fakeSupabase.rpcHandler).toHaveBeenLastCalledWith('admin_list_customers', {
      p_search: undefined,
      p_limit: 20,
      p_offset: 20,
    });
  });

  it('sends the search to the database and starts again at page 1', async () => {
    backend();
    const user = userEvent.setup();
    renderAt('/admin/customers?page=2');
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search customers by name or e-mail' }), ' Ann ');
    await waitFor(() =>
      expect(fakeSupabase.rpcHandler).toHaveBeenLastCalledWith('admin_list_customers', {
        p_search: 'Ann',
        p_limit: 20,
        p_offset: 0,
      }),
    );
  });

  it('refused by the database, it says the list could not be loaded', async () => {
    fakeSupabase.rpcHandler.mockImplementation(() => ({
      error: { message: 'Permission denied', code: '42501' },
    }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/admin/customers');
    expect(await screen.findByRole('alert')).toHaveTextContent('The customers could not be loaded.');
  });

  it("opens a customer's detail with their orders, linking to the order pages", async () => {
    backend();
    renderAt('/admin/customers/user-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shopper 1' })).toBeInTheDocument();
    expect(screen.getByText('Customer since Jan 15, 2026')).toBeInTheDocument();
    const orders = screen.getByRole('region', { name: 'Orders' });
    expect(
      within(within(orders).getByRole('table')).getByRole('link', { name: 'RS-100009' }),
    ).toHaveAttribute('href', '/admin/orders/order-9');
    expect(within(orders).getByRole('table')).toHaveTextContent('Shipped');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
