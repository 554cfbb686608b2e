import {
  addToCart,
  $cartLines,
  clearCart,
  closeOverlay,
  configureSupabase,
  $customer,
  loadSupabase,
  $overlays,
  $sessionReady,
  $toasts,
  type CartProduct,
} from '@prepper/shared';
import { fakeRest, type RestCall } from '@prepper/shared/testing';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { CHECKOUT_ATTEMPT_KEY } from '../../features/checkout/api/checkout-attempt';
import { filter, radio } from '../../test/products';
import { CheckoutPage } from './checkout-page';

const ORDER_ID = '99999999-9999-4999-8999-999999999999';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** What checkout_quote answers: the stored price or an override, and the problem a line has. */
interface Shelf {
  price?: Record<string, number>;
  problem?: Record<string, string>;
  stock?: Record<string, number>;
}

function quoteAnswer(call: RestCall, shelf: Shelf) {
  const { p_lines } = call.body as { p_lines: Array<{ product_id: string; quantity: number }> };
  const lines = p_lines.map(({ product_id, quantity }) => {
    const product = [radio, filter].find((entry) => entry.id === product_id) as CartProduct;
    const price = shelf.price?.[product_id] ?? product.price;
    return {
      product_id,
      name: product.name,
      slug: product.slug,
      image_url: '',
      unit_price: price,
      original_price: product.originalPrice,
      quantity,
      stock_count: shelf.stock?.[product_id] ?? 50,
      in_stock: (shelf.stock?.[product_id] ?? 50) > 0,
      purchase_limit: null,
      line_total: Math.round(price * quantity * 100) / 100,
      available: true,
      problem: shelf.problem?.[product_id] ?? null,
    };
  });
  const subtotal = Math.round(lines.reduce((sum, line) => sum + line.line_total, 0) * 100) / 100;
  const shipping = subtotal >= 99 ? 0 : 9.99;
  const tax = Math.round(subtotal * 8) / 100;
  return { lines, subtotal, shipping, tax, total: Math.round((subtotal + shipping + tax) * 100) / 100 };
}

let rest: ReturnType<typeof fakeRest>;
let shelf: Shelf;
let placeOrder: (call: RestCall) => void;

function orderRow() {
  return { id: ORDER_ID, order_number: 'RS-100042', total_amount: 96.37, status: 'pending' };
}

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderCheckout() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <Routes>
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/checkout/confirmation/:orderId" element={<p>Confirmation page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return user;
}

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Address'), '12 Harbor Road');
  await user.type(screen.getByLabelText('City'), 'Boulder');
  await user.type(screen.getByLabelText('State / Region'), 'CO');
  await user.type(screen.getByLabelText('Postal code'), '80301');
  await user.type(screen.getByLabelText('Phone'), '555-0100');
}

const placeButton = () => screen.getByRole('button', { name: /Place order|Placing your order/ });

beforeAll(async () => {
  configureSupabase({ url: 'http://supabase.test', anonKey: 'anon-key' });
  // As the shell does before mounting this remote.
  await loadSupabase();
});
beforeEach(() => {
  rest = fakeRest();
  shelf = {};
  placeOrder = (call) => call.respond(200, orderRow());
  rest.answerWith((call) => {
    if (call.path.startsWith('/rest/v1/rpc/checkout_quote')) call.respond(200, quoteAnswer(call, shelf));
    else if (call.path.startsWith('/rest/v1/rpc/place_order')) placeOrder(call);
  });
  vi.stubGlobal('fetch', rest.fetch);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  clearCart();
  sessionStorage.clear();
  $toasts.set([]);
  $sessionReady.set(true);
  $customer.set({ id: 'c1', email: 'demo@example.com', firstName: 'Jamie', lastName: 'Carter' });
  closeOverlay('auth');
  addToCart(radio, 2);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CheckoutPage, visitors', () => {
  it('asks a visitor to sign in in the account overlay and shows the checkout, cart intact, once signed in', async () => {
    $customer.set(null);
    renderCheckout();
    expect(screen.getByRole('heading', { name: 'Sign in to check out' })).toBeInTheDocument();
    expect($overlays.get().auth).toBe(true);
    expect(rest.calls).toEqual([]);

    act(() => closeOverlay('auth'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in or create an account' }));
    expect($overlays.get().auth).toBe(true);

    act(() => $customer.set({ id: 'c1', email: 'demo@example.com', firstName: 'Jamie', lastName: 'Carter' }));
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Jamie Carter');
    expect(await screen.findByTestId('checkout-total')).toHaveTextContent('$96.37');
    expect($cartLines.get()).toEqual([{ product: radio, quantity: 2 }]);
  });

  it('says the cart is empty when there is nothing to check out', () => {
    clearCart();
    renderCheckout();
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/products');
    expect(rest.calls).toEqual([]);
  });
});

describe('CheckoutPage, the order', () => {
  it('shows the lines, standard shipping, tax and total as the database prices them, and the payment methods', async () => {
    addToCart(filter);
    renderCheckout();
    const lines = await screen.findAllByTestId('checkout-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0] as HTMLElement).getByText('Hand Crank Radio')).toBeInTheDocument();
    expect(within(lines[0] as HTMLElement).getByTestId('checkout-line-price')).toHaveTextContent(
      '2 × $39.99',
    );
    expect(await screen.findByTestId('checkout-subtotal')).toHaveTextContent('$104.48');
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('Free');
    expect(screen.getByTestId('checkout-tax')).toHaveTextContent('$8.36');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$112.84');
    expect(screen.getByRole('radio', { name: /Standard shipping/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Bank transfer/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Pay on delivery/ })).toHaveAccessibleDescription(
      /Pay the courier in cash or by card when your order arrives/,
    );
    // The request carries ids and quantities only, never a price.
    expect(rest.to('/rest/v1/rpc/checkout_quote')[0]?.body).toEqual({
      p_lines: [
        { product_id: radio.id, quantity: 2 },
        { product_id: filter.id, quantity: 1 },
      ],
    });
  });

  it('says per line when a price changed since it went into the cart, and updates the cart line', async () => {
    shelf.price = { [radio.id]: 44.99 };
    renderCheckout();
    expect(await screen.findByTestId('checkout-line-price-change')).toHaveTextContent(
      'Price changed from $39.99 to $44.99 since you added it.',
    );
    expect(screen.getByText(/Some prices or stock changed/)).toBeInTheDocument();
    expect(screen.getByTestId('checkout-line-price')).toHaveTextContent('2 × $44.99');
    expect(screen.getByTestId('checkout-subtotal')).toHaveTextContent('$89.98');
    await waitFor(() => expect($cartLines.get()[0]?.product.price).toBe(44.99));
    expect($cartLines.get()[0]?.quantity).toBe(2);
    // The notice stays although the cart now has the new price.
    expect(screen.getByTestId('checkout-line-price-change')).toBeInTheDocument();
    expect(placeButton()).toBeEnabled();
  });

  it('blocks placing while a line cannot be bought, and offers the quantity that can', async () => {
    shelf.stock = { [radio.id]: 1 };
    shelf.problem = { [radio.id]: 'Only 1 of "Hand Crank Radio" left in stock' };
    const user = renderCheckout();
    expect(await screen.findByTestId('checkout-line-problem')).toHaveTextContent(
      'Only 1 of "Hand Crank Radio" left in stock',
    );
    expect(placeButton()).toBeDisabled();
    expect(placeButton()).toHaveAccessibleDescription(/Some items cannot be bought as they are/);

    shelf = {};
    await user.click(screen.getByRole('button', { name: 'Change to 1' }));
    expect($cartLines.get()[0]?.quantity).toBe(1);
    await waitFor(() => expect(screen.queryByTestId('checkout-line-problem')).toBeNull());
    expect(placeButton()).toBeEnabled();
    expect(rest.to('/rest/v1/rpc/checkout_quote').at(-1)?.body).toEqual({
      p_lines: [{ product_id: radio.id, quantity: 1 }],
    });
  });
});

describe('CheckoutPage, the shipping address', () => {
  it('checks every required field, ties each error to its field and focuses the first', async () => {
    const user = renderCheckout();
    await screen.findByTestId('checkout-total');
    await user.clear(screen.getByLabelText('Full name'));
    await user.clear(screen.getByLabelText('Country'));
    await user.click(placeButton());

    const fullName = screen.getByLabelText('Full name');
    expect(fullName).toHaveFocus();
    expect(fullName).toHaveAttribute('aria-invalid', 'true');
    expect(fullName).toHaveAccessibleDescription('Full name is required');
    for (const label of ['Address', 'City', 'State / Region', 'Postal code', 'Country', 'Phone']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(/.+/);
    }
    expect(screen.getByLabelText('Apartment, suite, etc. (optional)')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Please correct 7 fields in the shipping address.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(rest.to('/rest/v1/rpc/place_order')).toEqual([]);

    await user.type(fullName, 'Jamie Carter');
    expect(fullName).not.toHaveAttribute('aria-invalid');
    await user.click(placeButton());
    expect(screen.getByLabelText('Address')).toHaveFocus();
  });
});

describe('CheckoutPage, placing the order', () => {
  it('places one order for a double click, with an idempotency key, empties the cart and opens the confirmation', async () => {
    let pending: RestCall | null = null;
    placeOrder = (call) => {
      pending = call;
    };
    const user = renderCheckout();
    await screen.findByTestId('checkout-total');
    await fillAddress(user);
    await user.click(screen.getByRole('radio', { name: /Pay on delivery/ }));
    await user.click(placeButton());
    expect(placeButton()).toBeDisabled();
    expect(placeButton()).toHaveTextContent('Placing your order…');
    await user.dblClick(placeButton());

    const calls = rest.to('/rest/v1/rpc/place_order');
    expect(calls).toHaveLength(1);
    const body = calls[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      p_lines: [{ product_id: radio.id, quantity: 2 }],
      p_shipping_address: {
        full_name: 'Jamie Carter',
        line1: '12 Harbor Road',
        line2: '',
        city: 'Boulder',
        region: 'CO',
        postal_code: '80301',
        country: 'United States',
        phone: '555-0100',
      },
      p_shipping_method: 'standard',
      p_payment_method: 'cash_on_delivery',
      p_idempotency_key: expect.stringMatching(UUID),
    });
    expect(sessionStorage.getItem(CHECKOUT_ATTEMPT_KEY)).toBe(body.p_idempotency_key);
    expect($cartLines.get()).toHaveLength(1);

    act(() => (pending as unknown as RestCall).respond(200, orderRow()));
    expect(await screen.findByText('Confirmation page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/checkout/confirmation/${ORDER_ID}`);
    expect($cartLines.get()).toEqual([]);
    expect(sessionStorage.getItem(CHECKOUT_ATTEMPT_KEY)).toBeNull();
    expect($toasts.get().map((toast) => toast.message)).toContain('Order RS-100042 placed. Thank you!');
  });

  it('explains a refusal in the database words, keeps the cart and shows the line problem', async () => {
    placeOrder = (call) => {
      shelf.stock = { [radio.id]: 0 };
      shelf.problem = { [radio.id]: '"Hand Crank Radio" is out of stock' };
      call.respond(400, {
        code: 'P0001',
        message: '"Hand Crank Radio" is out of stock',
        details: null,
        hint: null,
      });
    };
    const user = renderCheckout();
    await screen.findByTestId('checkout-total');
    await fillAddress(user);
    await user.click(placeButton());

    const alert = await screen.findByText('"Hand Crank Radio" is out of stock', {
      selector: '[role=alert] p',
    });
    expect(alert).toBeInTheDocument();
    expect(screen.getByText('Your order was not placed')).toBeInTheDocument();
    expect(await screen.findByTestId('checkout-line-problem')).toHaveTextContent('is out of stock');
    expect(screen.getByRole('button', { name: 'Remove Hand Crank Radio' })).toBeInTheDocument();
    expect($cartLines.get()).toEqual([{ product: { ...radio, inStock: false }, quantity: 2 }]);
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout');
  });

  it('after a network failure keeps the cart and retries with the same idempotency key', async () => {
    let attempts = 0;
    placeOrder = (call) => {
      attempts += 1;
      if (attempts === 1) call.fail();
      else call.respond(200, orderRow());
    };
    const user = renderCheckout();
    await screen.findByTestId('checkout-total');
    await fillAddress(user);
    await user.click(placeButton());

    expect(await screen.findByText(/We could not reach the shop/)).toBeInTheDocument();
    expect($cartLines.get()).toHaveLength(1);
    expect(placeButton()).toBeEnabled();

    await user.click(placeButton());
    expect(await screen.findByText('Confirmation page')).toBeInTheDocument();
    const [first, second] = rest
      .to('/rest/v1/rpc/place_order')
      .map((call) => (call.body as { p_idempotency_key: string }).p_idempotency_key);
    expect(first).toMatch(UUID);
    expect(second).toBe(first);
    expect($cartLines.get()).toEqual([]);
  });
});
