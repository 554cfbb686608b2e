import { configureSupabase, $customer, loadSupabase, $sessionReady } from '@prepper/shared';
import { fakeRest, type RestCall } from '@prepper/shared/testing';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { OrderConfirmationPage } from './order-confirmation-page';

const ORDER_ID = '99999999-9999-4999-8999-999999999999';

function orderRow(overrides: Record<string, unknown> = {}) {
  return {
    id: ORDER_ID,
    order_number: 'RS-100042',
    user_id: 'c1',
    email: 'demo@example.com',
    status: 'pending',
    payment_status: 'awaiting_payment',
    payment_method: 'bank_transfer',
    shipping_method: 'standard',
    subtotal: 79.98,
    shipping_amount: 9.99,
    tax_amount: 6.4,
    total_amount: 96.37,
    shipping_address: {
      full_name: 'Jamie Carter',
      line1: '12 Harbor Road',
      line2: '',
      city: 'Boulder',
      region: 'CO',
      postal_code: '80301',
      country: 'United States',
      phone: '555-0100',
    },
    idempotency_key: null,
    stripe_checkout_session_id: null,
    stripe_payment_intent_id: null,
    refunded_amount: 0,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    order_items: [
      {
        id: 'i1',
        order_id: ORDER_ID,
        product_id: null,
        product_name: 'Hand Crank Radio',
        unit_price: 39.99,
        quantity: 2,
        created_at: '2026-11-20T10:00:00Z',
      },
    ],
    ...overrides,
  };
}

let rest: ReturnType<typeof fakeRest>;
let answer: (call: RestCall) => void;

function renderPage() {
  render(
    <MemoryRouter initialEntries={[`/checkout/confirmation/${ORDER_ID}`]}>
      <Routes>
        <Route path="/checkout/confirmation/:orderId" element={<OrderConfirmationPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  configureSupabase({ url: 'http://supabase.test', anonKey: 'anon-key' });
  // As the shell does before mounting this remote.
  await loadSupabase();
});
beforeEach(() => {
  rest = fakeRest();
  answer = (call) => call.respond(200, [orderRow()]);
  rest.answerWith((call) => answer(call));
  vi.stubGlobal('fetch', rest.fetch);
  $sessionReady.set(true);
  $customer.set({ id: 'c1', email: 'demo@example.com', firstName: 'Jamie', lastName: 'Carter' });
});
afterEach(() => vi.unstubAllGlobals());

describe('OrderConfirmationPage', () => {
  it('shows the order number, lines, totals, address, bank details with the reference and the next steps', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(rest.calls[0]?.path).toContain(`id=eq.${ORDER_ID}`);
    expect(screen.getByTestId('order-number')).toHaveTextContent('RS-100042');
    expect(screen.getByText(/A copy of the details goes to demo@example.com/)).toBeInTheDocument();
    expect(screen.getByTestId('confirmation-line')).toHaveTextContent('Hand Crank Radio2 × $39.99$79.98');
    expect(screen.getByTestId('confirmation-subtotal')).toHaveTextContent('$79.98');
    expect(screen.getByTestId('confirmation-shipping')).toHaveTextContent('$9.99');
    expect(screen.getByTestId('confirmation-tax')).toHaveTextContent('$6.40');
    expect(screen.getByTestId('confirmation-total')).toHaveTextContent('$96.37');
    expect(screen.getByTestId('confirmation-address')).toHaveTextContent(
      'Jamie Carter12 Harbor RoadBoulder, CO 80301United States555-0100',
    );
    const bank = within(screen.getByTestId('bank-details'));
    expect(bank.getByText('Reference').nextSibling).toHaveTextContent('RS-100042');
    expect(bank.getByText('Amount').nextSibling).toHaveTextContent('$96.37');
    const steps = within(screen.getByRole('region', { name: 'What happens next' })).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent(/Transfer the total/);
    expect(screen.getByText(/Please transfer the total to our account below/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order details' })).toHaveAttribute(
      'href',
      `/account/orders/${ORDER_ID}`,
    );
  });

  it('tells a pay-on-delivery customer to pay the courier, without bank details', async () => {
    answer = (call) => call.respond(200, [orderRow({ payment_method: 'cash_on_delivery' })]);
    renderPage();
    expect(await screen.findByText('Pay on delivery')).toBeInTheDocument();
    expect(screen.queryByTestId('bank-details')).toBeNull();
    expect(screen.getByText(/Nothing to pay now: pay the courier in cash or by card/)).toBeInTheDocument();
  });

  it('says so when the order is not in the account', async () => {
    answer = (call) => call.respond(200, []);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });
});
