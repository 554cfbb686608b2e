import { $toasts } from '@prepper/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { CurrentAdminProvider } from '../../lib/current-admin';
import { fakeSupabase, type QueryCall } from '../../lib/testing/fake-supabase';
import { installFakeSupabase } from '../../lib/testing/setup';
import { orderRow } from '../../features/orders/testing/order-rows';
import { OrderDetailPage } from './order-detail-page';

vi.mock('@supabase/supabase-js', () => import('../../lib/testing/supabase-js-mock'));
installFakeSupabase();

const ITEMS = [
  {
    id: 'i1',
    order_id: 'order-1',
    product_id: 'p1',
    product_name: 'Hand Crank Radio',
    unit_price: 40,
    quantity: 2,
    created_at: '',
  },
  {
    id: 'i2',
    order_id: 'order-1',
    product_id: 'p2',
    product_name: 'Water Filter',
    unit_price: 40,
    quantity: 1,
    created_at: '',
  },
];
const PLACED: Record<string, string | null> = {
  id: 'e1',
  order_id: 'order-1',
  kind: 'placed',
  from_value: null,
  to_value: 'pending',
  actor_id: 'customer-1',
  actor_email: 'ann@example.com',
  actor_role: 'customer',
  note: null,
  created_at: '2026-03-05T14:07:00Z',
};

/** A tiny stand-in for the order in the database: the admin functions change it, as the real ones would. */
function backend(initial: { status: string; payment_status: string; payment_method?: string }) {
  const state: typeof initial & {
    events: (typeof PLACED)[];
    shipping_carrier?: string;
    tracking_number?: string;
    tracking_url?: string;
  } = { ...initial, events: [PLACED] };
  fakeSupabase.queryHandler.mockImplementation((call: QueryCall) => {
    if (call.table !== 'orders') return { data: null };
    return { data: orderRow({ ...state, order_items: ITEMS, order_events: state.events }) };
  });
  fakeSupabase.rpcHandler.mockImplementation((name: string, args: unknown) => {
    const { p_status, p_payment_status, p_note, p_carrier, p_tracking_number } = args as Record<
      string,
      string | null
    >;
    const event = (kind: string, from: string, to: string) =>
      state.events.push({
        ...PLACED,
        id: `e${state.events.length + 1}`,
        kind,
        from_value: from,
        to_value: to,
        actor_email: 'admin@example.com',
        actor_role: 'admin',
        note: p_note ?? null,
        created_at: `2026-03-06T0${state.events.length}:00:00Z`,
      });
    if (name === 'admin_set_order_status') {
      event(p_status === 'cancelled' ? 'cancelled' : 'status_changed', state.status, p_status!);
      state.status = p_status!;
    }
    if (name === 'admin_ship_order') {
      event('status_changed', state.status, 'shipped');
      state.status = 'shipped';
      state.shipping_carrier = p_carrier!;
      state.tracking_number = p_tracking_number!;
      state.tracking_url = `https://www.ups.com/track?tracknum=${p_tracking_number}`;
    }
    if (name === 'admin_set_payment_status') {
      event('payment_changed', state.payment_status, p_payment_status!);
      state.payment_status = p_payment_status!;
    }
    return { data: orderRow(state) };
  });
  return state;
}

function renderPage(permissions: string[] = ['orders', 'customers']) {
  return render(
    <MemoryRouter initialEntries={['/admin/orders/order-1']}>
      <CurrentAdminProvider
        admin={{ id: 'a', userId: 'u', email: 'admin@example.com', role: 'admin', permissions }}
      >
        <Routes>
          <Route path="/admin/orders/:orderId" element={<OrderDetailPage />} />
        </Routes>
      </CurrentAdminProvider>
    </MemoryRouter>,
  );
}

const actions = () => screen.getByRole('region', { name: 'Actions' });
const actionNames = () =>
  within(actions())
    .getAllByRole('button')
    .map((button) => button.textContent);
const toasts = () => $toasts.get().map((toast) => toast.message);

describe('OrderDetailPage', () => {
  beforeEach(() => $toasts.set([]));

  it('shows lines, totals, customer, address, payment and history', async () => {
    backend({ status: 'pending', payment_status: 'awaiting_payment' });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order RS-100042' })).toBeInTheDocument();
    const lines = screen.getByRole('region', { name: 'Items' });
    expect(within(lines).getByRole('table')).toHaveTextContent('Hand Crank Radio$40.002$80.00');
    expect(lines).toHaveTextContent('Subtotal$120.00');
    expect(lines).toHaveTextContent('ShippingFree');
    expect(lines).toHaveTextContent('Tax$9.60');
    expect(lines).toHaveTextContent('Total$129.60');
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(customer).toHaveTextContent('ann@example.com');
    expect(within(customer).getByRole('link', { name: 'View customer' })).toHaveAttribute(
      'href',
      '/admin/customers/customer-1',
    );
    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent('1 Main St');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Bank transfer');
    expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent(
      'Order placedby ann@example.com',
    );
  });

  it('hides the customer link from an admin without the customers permission', async () => {
    backend({ status: 'pending', payment_status: 'awaiting_payment' });
    renderPage(['orders']);
    const customer = await screen.findByRole('region', { name: 'Customer' });
    expect(within(customer).queryByRole('link')).not.toBeInTheDocument();
  });

  it('offers only the allowed moves and records each one in the history', async () => {
    const state = backend({ status: 'pending', payment_status: 'awaiting_payment' });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Order RS-100042' });
    expect(actionNames()).toEqual(['Move to Processing', 'Mark as paid', 'Cancel order']);

    await user.click(within(actions()).getByRole('button', { name: 'Mark as paid' }));
    await waitFor(() =>
      expect(actionNames()).toEqual(['Move to Processing', 'Refund payment', 'Cancel order']),
    );
    expect(toasts()).toContain('Order marked as paid');

    await user.type(within(actions()).getByLabelText('Note for the history (optional)'), 'Picked by Sam');
    await user.click(within(actions()).getByRole('button', { name: 'Move to Processing' }));
    await waitFor(() => expect(actionNames()).toEqual(['Mark as shipped', 'Refund payment', 'Cancel order']));
    expect(fakeSupabase.rpcHandler).toHaveBeenLastCalledWith('admin_set_order_status', {
      p_order_id: 'order-1',
      p_status: 'processing',
      p_note: 'Picked by Sam',
    });

    // Shipping asks for the carrier and a valid tracking number before anything is sent.
    await user.click(within(actions()).getByRole('button', { name: 'Mark as shipped' }));
    expect(within(actions()).getByText('Choose the carrier')).toBeInTheDocument();
    expect(within(actions()).getByText('Enter the tracking number')).toBeInTheDocument();
    await user.selectOptions(within(actions()).getByLabelText('Carrier'), 'UPS');
    await user.type(within(actions()).getByLabelText('Tracking number'), '<1Z>');
    await user.click(within(actions()).getByRole('button', { name: 'Mark as shipped' }));
    expect(within(actions()).getByText('Use 4 to 40 letters, digits, spaces or dashes')).toBeInTheDocument();
    expect(fakeSupabase.rpcHandler).not.toHaveBeenCalledWith('admin_ship_order', expect.anything());
    await user.clear(within(actions()).getByLabelText('Tracking number'));
    await user.type(within(actions()).getByLabelText('Tracking number'), ' 1Z999AA10123456784 ');
    await user.click(within(actions()).getByRole('button', { name: 'Mark as shipped' }));
    await waitFor(() =>
      expect(actionNames()).toEqual(['Move to Completed', 'Refund payment', 'Record return']),
    );
    expect(fakeSupabase.rpcHandler).toHaveBeenLastCalledWith('admin_ship_order', {
      p_order_id: 'order-1',
      p_carrier: 'ups',
      p_tracking_number: '1Z999AA10123456784',
    });
    expect(state.status).toBe('shipped');
    expect(
      within(screen.getByRole('region', { name: 'Tracking' })).getByText('1Z999AA10123456784'),
    ).toBeVisible();

    const history = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(history.map((item) => item.firstChild?.textContent)).toEqual([
      'Processing → Shipped',
      'Pending → Processing',
      'Payment: Awaiting payment → Paid',
      'Order placed',
    ]);
    expect(history[1]).toHaveTextContent('by admin@example.com');
    expect(history[1]).toHaveTextContent('“Picked by Sam”');
  });

  it('asks before cancelling, and cancels only when confirmed', async () => {
    const state = backend({ status: 'processing', payment_status: 'awaiting_payment' });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Order RS-100042' });
    await user.click(within(actions()).getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('go back into stock');
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(fakeSupabase.rpcHandler).not.toHaveBeenCalled();

    await user.click(within(actions()).getByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel this order?' })).getByRole('button', {
        name: 'Cancel order',
      }),
    );
    await waitFor(() => expect(state.status).toBe('cancelled'));
    expect(await screen.findByText('This order is closed: there is nothing left to do.')).toBeInTheDocument();
    expect(toasts()).toContain('Order cancelled; its stock is back on the shelf');
  });

  it('offers shipping only once paid, refusal at the door on delivery, returns, and shows a refund due', async () => {
    backend({ status: 'processing', payment_status: 'awaiting_payment' });
    const user = userEvent.setup();
    const { unmount } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Order RS-100042' });
    expect(actionNames()).toEqual(['Mark as paid', 'Cancel order']);
    unmount();

    backend({ status: 'shipped', payment_status: 'awaiting_payment', payment_method: 'cash_on_delivery' });
    const cod = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Order RS-100042' });
    expect(actionNames()).toEqual([
      'Move to Completed',
      'Mark as paid',
      'Refused at the door',
      'Record return',
    ]);
    await user.click(within(actions()).getByRole('button', { name: 'Refused at the door' }));
    expect(screen.getByRole('dialog', { name: 'Refused at the door?' })).toHaveTextContent(
      'was refused on delivery',
    );
    cod.unmount();

    const state = backend({ status: 'shipped', payment_status: 'paid' });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Order RS-100042' });
    expect(actionNames()).toEqual(['Move to Completed', 'Refund payment', 'Record return']);
    await user.click(within(actions()).getByLabelText('The returned goods can be sold again'));
    await user.click(within(actions()).getByRole('button', { name: 'Record return' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a return?' });
    expect(dialog).toHaveTextContent('its items stay out of stock');
    fakeSupabase.rpcHandler.mockImplementation((name: string, args: unknown) => {
      expect(name).toBe('admin_return_order');
      expect(args).toMatchObject({ p_resellable: false });
      state.status = 'returned';
      state.payment_status = 'refund_pending';
      return { data: null };
    });
    await user.click(within(dialog).getByRole('button', { name: 'Record return' }));
    expect(
      await within(actions()).findByText(/Refund due: the customer paid for this order/),
    ).toBeInTheDocument();
    expect(actionNames()).toEqual(['Refund payment']);
    expect(toasts()).toContain('Return recorded');
  });

  it("shows the database's refusal in words and keeps the order as it was", async () => {
    backend({ status: 'pending', payment_status: 'awaiting_payment' });
    fakeSupabase.rpcHandler.mockImplementation(() => ({
      error: { message: 'Cannot move an order from shipped to processing', code: 'P0001' },
    }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Order RS-100042' });
    await user.click(within(actions()).getByRole('button', { name: 'Move to Processing' }));
    expect(await within(actions()).findByRole('alert')).toHaveTextContent(
      'Cannot move an order from shipped to processing',
    );
    expect(toasts()).toContain('Cannot move an order from shipped to processing');
    expect(actionNames()).toEqual(['Move to Processing', 'Mark as paid', 'Cancel order']);
  });

  it('says when there is no such order', async () => {
    fakeSupabase.queryHandler.mockImplementation(() => ({ data: null }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Orders' })).toHaveAttribute('href', '/admin/orders');
  });
});
