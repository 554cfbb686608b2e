import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeSupabase, type QueryCall } from '../../lib/testing/fake-supabase';
import { installFakeSupabase } from '../../lib/testing/setup';
import { orderRow } from '../../features/orders/testing/order-rows';
import { OrderListPage } from './order-list-page';

vi.mock('@supabase/supabase-js', () => import('../../lib/testing/supabase-js-mock'));
installFakeSupabase();

function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.pathname + location.search}</p>;
}

const calls: QueryCall[] = [];
function backend(rows = [orderRow()], count = rows.length) {
  calls.length = 0;
  fakeSupabase.queryHandler.mockImplementation((call: QueryCall) => {
    calls.push(call);
    return call.table === 'orders' ? { data: rows, count } : { data: null };
  });
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/admin/orders" element={<OrderListPage />} />
      </Routes>
      <Address />
    </MemoryRouter>,
  );
}

const lastCall = () => calls[calls.length - 1]!;
const filtersOf = (call: QueryCall) =>
  call.filters.map(([column, op, value]) => `${column}.${op}.${String(value)}`);

describe('OrderListPage', () => {
  it('shows the orders with number, customer, badges, date and total', async () => {
    backend([
      orderRow(),
      orderRow({
        id: 'order-2',
        order_number: 'RS-100043',
        status: 'shipped',
        payment_status: 'paid',
        total_amount: 20.5,
        email: 'bob@example.com',
        shipping_address: null,
        order_items: [{ quantity: 1 }],
      }),
    ]);
    renderAt('/admin/orders');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'RS-100042' })).toHaveAttribute(
      'href',
      '/admin/orders/order-1',
    );
    expect(rows[0]).toHaveTextContent('3 items');
    expect(rows[0]).toHaveTextContent('Ann Lee');
    expect(rows[0]).toHaveTextContent('ann@example.com');
    expect(rows[0]).toHaveTextContent('Mar 5, 2026');
    expect(within(rows[0]!).getByText('Pending')).toHaveAttribute('data-status', 'pending');
    expect(within(rows[0]!).getByText('Awaiting payment')).toHaveAttribute(
      'data-payment-status',
      'awaiting_payment',
    );
    expect(rows[0]).toHaveTextContent('$129.60');
    expect(within(rows[1]!).getByText('Shipped')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Paid')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Unknown customer');
    expect(lastCall().filters).toEqual([]);
    expect(lastCall().range).toEqual([0, 9]);
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Awaiting Payment').parentElement).toHaveTextContent('1');
  });

  it('filters by status and payment through the address, back to page 1', async () => {
    backend([orderRow()], 25);
    const user = userEvent.setup();
    renderAt('/admin/orders?status=processing&page=2');
    await screen.findByRole('table');
    expect(filtersOf(lastCall())).toEqual(['status.eq.processing']);
    expect(lastCall().range).toEqual([10, 19]);
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('processing');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by payment' }), 'Paid');
    await waitFor(() =>
      expect(filtersOf(lastCall())).toEqual(['status.eq.processing', 'payment_status.eq.paid']),
    );
    expect(lastCall().range).toEqual([0, 9]);
    expect(screen.getByTestId('address')).toHaveTextContent('/admin/orders?status=processing&payment=paid');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'All statuses');
    await waitFor(() => expect(filtersOf(lastCall())).toEqual(['payment_status.eq.paid']));
    expect(screen.getByTestId('address')).toHaveTextContent('/admin/orders?payment=paid');
  });

  it('searches order numbers and e-mails, taking the typed text literally', async () => {
    backend([]);
    const user = userEvent.setup();
    renderAt('/admin/orders');
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(screen.getByText('Orders placed in the shop appear here.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: /order number or customer e-mail/ }), 'ann,50%');
    await waitFor(() =>
      expect(filtersOf(lastCall())).toEqual([
        '.or.order_number.ilike."%ann,50\\\\%%",email.ilike."%ann,50\\\\%%"',
      ]),
    );
    expect(screen.getByTestId('address')).toHaveTextContent('q=ann%2C50%25');
    expect(await screen.findByText('Try another order number, e-mail or filter.')).toBeInTheDocument();
  });

  it('says so when the orders cannot be loaded, and retries', async () => {
    fakeSupabase.queryHandler.mockImplementation(() => ({ error: { message: 'Permission denied' } }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAt('/admin/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent('The orders could not be loaded.');
    backend();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
