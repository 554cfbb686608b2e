import {
  closeOverlay,
  configureSupabase,
  $customer,
  loadSupabase,
  $overlays,
  $sessionReady,
  $toasts,
} from '@prepper/shared';
import { fakeRest, type RestCall } from '@prepper/shared/testing';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { clearQueryCache } from '../../lib/query';
import { OrderDetailPage } from './order-detail-page';
import { OrderHistoryPage } from './order-history-page';

const USER = '7f000000-0000-4000-8000-000000000001';
const NEWER = 'aaaaaaaa-0000-4000-8000-000000000002';
const OLDER = 'aaaaaaaa-0000-4000-8000-000000000001';

const address = {
  full_name: 'Jamie Carter',
  line1: '12 Harbor Road',
  line2: 'Unit 4',
  city: 'Boulder',
  region: 'CO',
  postal_code: '80301',
  country: 'United States',
  phone: '555-0100',
};

function item(orderId: string, name: string, unitPrice: number, quantity: number) {
  return {
    id: `${orderId}-${name}`,
    order_id: orderId,
    product_id: null,
    product_name: name,
    unit_price: unitPrice,
    quantity,
    created_at: '2026-11-20T10:00:00Z',
  };
}

function event(orderId: string, kind: string, at: string, extra: Record<string, unknown> = {}) {
  return {
    id: `${orderId}-${kind}-${at}`,
    order_id: orderId,
    kind,
    from_value: null,
    to_value: null,
    actor_id: null,
    actor_email: null,
    actor_role: 'customer',
    note: null,
    created_at: at,
    ...extra,
  };
}

function orderRow(overrides: Record<string, unknown> = {}) {
  return {
    id: NEWER,
    order_number: 'RS-100042',
    user_id: USER,
    email: 'demo@example.com',
    status: 'pending',
    payment_status: 'awaiting_payment',
    payment_method: 'bank_transfer',
    shipping_method: 'standard',
    subtotal: 159.97,
    shipping_amount: 0,
    tax_amount: 12.8,
    total_amount: 172.77,
    shipping_address: address,
    idempotency_key: null,
    stripe_checkout_session_id: null,
    stripe_payment_intent_id: null,
    refunded_amount: 0,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    order_items: [
      item(NEWER, 'Baofeng UV-5R Dual-Band Radio', 34.99, 2),
      item(NEWER, 'Midland GXT1000 Two-Way Radio Pair', 89.99, 1),
    ],
    ...overrides,
  };
}

const olderRow = orderRow({
  id: OLDER,
  order_number: 'RS-100007',
  status: 'shipped',
  payment_status: 'paid',
  payment_method: 'cash_on_delivery',
  subtotal: 49.5,
  shipping_amount: 9.99,
  tax_amount: 3.96,
  total_amount: 63.45,
  created_at: '2026-10-02T08:00:00Z',
  order_items: [
    item(OLDER, 'A', 10, 1),
    item(OLDER, 'B', 10, 1),
    item(OLDER, 'C', 10, 1),
    item(OLDER, 'D', 19.5, 1),
  ],
});

let rest: ReturnType<typeof fakeRest>;
let answer: (call: RestCall) => void;

function renderAt(path: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/account/orders" element={<OrderHistoryPage />} />
        <Route path="/account/orders/:orderId" element={<OrderDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

beforeAll(async () => {
  configureSupabase({ url: 'http://supabase.test', anonKey: 'anon-key' });
  // As the shell does before mounting this remote.
  await loadSupabase();
});
beforeEach(() => {
  clearQueryCache();
  rest = fakeRest();
  answer = () => undefined;
  rest.answerWith((call) => answer(call));
  vi.stubGlobal('fetch', rest.fetch);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  $toasts.set([]);
  $sessionReady.set(true);
  $customer.set({ id: USER, email: 'demo@example.com', firstName: 'Jamie', lastName: 'Carter' });
  closeOverlay('auth');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('OrderHistoryPage', () => {
  it("lists the customer's orders newest first with number, badges, date, lines, address and total", async () => {
    answer = (call) => call.respond(200, [orderRow(), olderRow]);
    renderAt('/account/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order History' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('order-card');
    expect(cards).toHaveLength(2);
    expect(rest.calls[0]?.path).toContain('order=created_at.desc');

    const newest = within(cards[0] as HTMLElement);
    expect(newest.getByRole('heading', { name: 'RS-100042' })).toBeInTheDocument();
    expect(newest.getByText('Placed on Nov 20, 2026')).toBeInTheDocument();
    expect(newest.getByTestId('order-status')).toHaveTextContent('Pending');
    expect(newest.getByTestId('payment-status')).toHaveTextContent('Awaiting payment');
    expect(newest.getByTestId('order-lines')).toHaveTextContent(
      '3 items: Baofeng UV-5R Dual-Band Radio × 2, Midland GXT1000 Two-Way Radio Pair × 1',
    );
    expect(newest.getByText('Ship to: Jamie Carter, Boulder')).toBeInTheDocument();
    expect(newest.getByTestId('order-total')).toHaveTextContent('$172.77');
    expect(newest.getByRole('link', { name: 'View order RS-100042' })).toHaveAttribute(
      'href',
      `/account/orders/${NEWER}`,
    );

    const older = within(cards[1] as HTMLElement);
    expect(older.getByTestId('order-status')).toHaveTextContent('Shipped');
    expect(older.getByTestId('payment-status')).toHaveTextContent('Paid');
    expect(older.getByTestId('order-lines')).toHaveTextContent('4 items: A × 1, B × 1, C × 1 and 1 more');
  });

  it('shows ten orders at first and ten more on each Show more orders', async () => {
    const rows = Array.from({ length: 12 }, (_, index) =>
      orderRow({
        id: `aaaaaaaa-0000-4000-8000-${String(index).padStart(12, '0')}`,
        order_number: `RS-1001${String(index).padStart(2, '0')}`,
      }),
    );
    answer = (call) => {
      const limit = Number(new URL(`http://rest${call.path}`).searchParams.get('limit'));
      const page = rows.slice(0, limit);
      call.respond(200, page, { 'Content-Range': `0-${page.length - 1}/${rows.length}` });
    };
    const user = renderAt('/account/orders');
    expect(await screen.findAllByTestId('order-card')).toHaveLength(10);
    expect(rest.calls[0]?.path).toContain('limit=10');
    expect(screen.getByText('Showing 10 of 12 orders')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more orders' }));
    await waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(12));
    expect(rest.calls[1]?.path).toContain('limit=20');
    expect(screen.getByText('12 orders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more orders' })).toBeNull();
  });

  it('says when there are no orders yet', async () => {
    answer = (call) => call.respond(200, []);
    renderAt('/account/orders');
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/products');
  });

  it('offers a retry when the orders cannot be loaded', async () => {
    let tries = 0;
    answer = (call) =>
      ++tries === 1
        ? call.respond(500, { code: 'XX000', message: 'boom', details: null, hint: null })
        : call.respond(200, [orderRow()]);
    const user = renderAt('/account/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your orders could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('order-card')).toHaveLength(1);
  });

  it('asks a visitor to sign in in the account overlay and shows the orders once signed in', async () => {
    $customer.set(null);
    answer = (call) => call.respond(200, [orderRow()]);
    renderAt('/account/orders');
    expect(screen.getByRole('heading', { name: 'Sign in to see your orders' })).toBeInTheDocument();
    expect($overlays.get().auth).toBe(true);
    expect(rest.calls).toEqual([]);
    act(() => $customer.set({ id: USER, email: 'demo@example.com', firstName: 'Jamie', lastName: 'Carter' }));
    expect(await screen.findAllByTestId('order-card')).toHaveLength(1);
  });
});

describe('OrderDetailPage', () => {
  const history = () => [
    event(NEWER, 'placed', '2026-11-20T10:00:00Z', { to_value: 'pending' }),
    event(NEWER, 'payment_changed', '2026-11-20T12:00:00Z', {
      from_value: 'awaiting_payment',
      to_value: 'paid',
      actor_role: 'admin',
      actor_email: 'admin@example.com',
      note: 'Transfer received',
    }),
  ];
  const withHistory = () => orderRow({ order_events: history() });

  it('shows the lines, totals, address, payment method and the history without an admin address', async () => {
    answer = (call) => call.respond(200, [withHistory()]);
    renderAt(`/account/orders/${NEWER}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order RS-100042' })).toBeInTheDocument();
    expect(document.title).toBe('Order RS-100042 | ReadyStock');
    expect(rest.calls[0]?.path).toContain(`id=eq.${NEWER}`);
    const lines = screen.getAllByTestId('order-line');
    expect(lines[0]).toHaveTextContent('Baofeng UV-5R Dual-Band Radio2 × $34.99$69.98');
    expect(screen.getByTestId('order-detail-total')).toHaveTextContent('$172.77');
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByTestId('order-address')).toHaveTextContent(
      'Jamie Carter12 Harbor RoadUnit 4Boulder, CO 80301United States555-0100',
    );
    expect(screen.getByText('Bank transfer')).toBeInTheDocument();
    const events = screen.getAllByTestId('order-event');
    expect(events[0]).toHaveTextContent('Order placed by you');
    expect(events[1]).toHaveTextContent('Payment: Awaiting payment → Paid by ReadyStock');
    expect(events[1]).toHaveTextContent('Transfer received');
    expect(screen.queryByText(/admin@example\.com/)).toBeNull();
  });

  it('cancels a pending order after asking, and shows the new status', async () => {
    let cancelled = false;
    answer = (call) => {
      if (call.path.startsWith('/rest/v1/rpc/cancel_order')) {
        cancelled = true;
        call.respond(200, orderRow({ status: 'cancelled' }));
      } else if (cancelled) {
        call.respond(200, [
          {
            ...withHistory(),
            status: 'cancelled',
            order_events: [
              ...history(),
              event(NEWER, 'cancelled', '2026-11-21T09:00:00Z', {
                from_value: 'pending',
                to_value: 'cancelled',
              }),
            ],
          },
        ]);
      } else call.respond(200, [withHistory()]);
    };
    const user = renderAt(`/account/orders/${NEWER}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order RS-100042?' });
    expect(within(dialog).getByText(/items go back into stock/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(rest.to('/rest/v1/rpc/cancel_order')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Cancelled'));
    expect(rest.to('/rest/v1/rpc/cancel_order')[0]?.body).toEqual({ p_order_id: NEWER });
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.getAllByTestId('order-event').at(-1)).toHaveTextContent('Order cancelled by you');
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect($toasts.get().map((toast) => toast.message)).toContain('Order RS-100042 cancelled');
  });

  it("shows the database's refusal when the order can no longer be cancelled", async () => {
    answer = (call) => {
      if (call.path.startsWith('/rest/v1/rpc/cancel_order'))
        call.respond(400, {
          code: 'P0001',
          message: 'This order can no longer be cancelled',
          details: null,
          hint: null,
        });
      else call.respond(200, [withHistory()]);
    };
    const user = renderAt(`/account/orders/${NEWER}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order can no longer be cancelled');
  });

  it('has no cancel button once the order is being processed', async () => {
    answer = (call) => call.respond(200, [orderRow({ status: 'processing', order_events: [] })]);
    renderAt(`/account/orders/${NEWER}`);
    expect(await screen.findByText('Processing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('says when the order is not the customer’s or does not exist', async () => {
    answer = (call) => call.respond(200, []);
    renderAt(`/account/orders/${NEWER}`);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Order History' })).toHaveAttribute(
      'href',
      '/account/orders',
    );
  });
});
