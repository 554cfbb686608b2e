import {
  $cartLines,
  $overlays,
  $toasts,
  addToCart,
  clearCart,
  closeOverlay,
  openOverlay,
} from '@prepper/shared';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { filter, radio } from '../test/products';
import CartOverlay from './cart-overlay';

function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderCart() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="*" element={<Location />} />
      </Routes>
      <CartOverlay />
    </MemoryRouter>,
  );
  return { user, dialog: () => screen.getByRole('dialog') };
}

beforeEach(() => {
  clearCart();
  $toasts.set([]);
  act(() => openOverlay('cart'));
});
afterEach(() => closeOverlay('cart'));

describe('CartOverlay', () => {
  it('renders nothing visible while closed', () => {
    closeOverlay('cart');
    renderCart();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/Shopping Cart/)).toBeNull();
  });

  it('shows the empty state with a link to the products', async () => {
    const { user } = renderCart();
    expect(screen.getByRole('heading', { name: 'Shopping Cart (0)' })).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByText("Looks like you haven't added anything to your cart yet.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed to Checkout' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Start Shopping' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/products');
    expect($overlays.get().cart).toBe(false);
  });

  it('shows each line with name, category, badge, prices, quantity and line total', () => {
    addToCart(radio, 2);
    addToCart(filter);
    const { dialog } = renderCart();
    expect(within(dialog()).getByRole('heading', { name: 'Shopping Cart (3)' })).toBeInTheDocument();

    const [first, second] = screen.getAllByTestId('cart-line');
    const one = within(first as HTMLElement);
    expect(one.getByRole('link', { name: 'Hand Crank Radio' })).toHaveAttribute(
      'href',
      '/product/hand-crank-radio-11111111-1111-4111-8111-111111111111',
    );
    expect(one.getByText('Communication')).toBeInTheDocument();
    expect(one.getByText('In Stock')).toBeInTheDocument();
    expect(one.getByText('$39.99')).toBeInTheDocument();
    expect(one.getByText('$49.99').closest('s')).not.toBeNull();
    expect(one.getByTestId('cart-line-quantity')).toHaveTextContent('2');
    expect(one.getByTestId('cart-line-total')).toHaveTextContent('$79.98');
    expect((first as HTMLElement).querySelector('img')).toHaveAttribute(
      'src',
      'https://img.example/radio.jpg',
    );

    const two = within(second as HTMLElement);
    expect(two.getByText('Out of Stock')).toBeInTheDocument();
    expect(two.getByText('Survival Gear')).toBeInTheDocument();
    expect(two.queryByRole('deletion')).toBeNull();
    expect((second as HTMLElement).querySelector('s')).toBeNull();
    expect(two.getByTestId('cart-line-total')).toHaveTextContent('$24.50');
    // An empty image address shows the fallback picture instead of a broken image.
    expect((second as HTMLElement).querySelector('img')?.getAttribute('src')).toMatch(
      /^data:image\/svg\+xml/,
    );
  });

  it('shows subtotal, shipping, 8 % tax and total with the missing amount for free shipping', () => {
    addToCart(radio, 2); // 79.98
    renderCart();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$79.98');
    expect(screen.getByTestId('cart-shipping')).toHaveTextContent('$9.99');
    expect(screen.getByTestId('cart-tax')).toHaveTextContent('$6.40');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$96.37');
    expect(screen.getByText('Add $19.02 more for free shipping')).toBeInTheDocument();
    expect(screen.queryByText('You qualify for free shipping!')).toBeNull();
  });

  it('celebrates free shipping from a subtotal of exactly $99', () => {
    addToCart({ ...filter, id: 'p99', price: 49.5, inStock: true }, 2);
    renderCart();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$99.00');
    expect(screen.getByTestId('cart-shipping')).toHaveTextContent('Free');
    expect(screen.getByTestId('cart-tax')).toHaveTextContent('$7.92');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$106.92');
    expect(screen.getByText('You qualify for free shipping!')).toBeInTheDocument();
    expect(screen.queryByText(/more for free shipping/)).toBeNull();
  });

  it('plus and minus change the quantity; minus at 1 removes the line', async () => {
    addToCart(radio);
    const { user } = renderCart();
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Hand Crank Radio' }));
    expect($cartLines.get()[0]?.quantity).toBe(2);
    expect(screen.getByRole('heading', { name: 'Shopping Cart (2)' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-line-total')).toHaveTextContent('$79.98');

    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Hand Crank Radio' }));
    expect(screen.getByTestId('cart-line-quantity')).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Hand Crank Radio' }));
    expect($cartLines.get()).toEqual([]);
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
  });

  it('removes one line by its named remove button', async () => {
    addToCart(radio);
    addToCart(filter);
    const { user } = renderCart();
    await user.click(screen.getByRole('button', { name: 'Remove Water Filter from cart' }));
    expect(screen.queryByText('Water Filter')).toBeNull();
    expect(screen.getByText('Hand Crank Radio')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shopping Cart (1)' })).toBeInTheDocument();
  });

  it("'Clear All Items' empties the cart", async () => {
    addToCart(radio, 3);
    addToCart(filter);
    const { user } = renderCart();
    await user.click(screen.getByRole('button', { name: 'Clear All Items' }));
    expect($cartLines.get()).toEqual([]);
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
  });

  it("'Continue Shopping' and the close button close the overlay", async () => {
    addToCart(radio);
    const { user } = renderCart();
    await user.click(screen.getByRole('button', { name: 'Continue Shopping' }));
    expect($overlays.get().cart).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => openOverlay('cart'));
    await user.click(screen.getByRole('button', { name: 'Close cart' }));
    expect($overlays.get().cart).toBe(false);
  });

  it('returns the focus to the button that opened it', async () => {
    closeOverlay('cart');
    addToCart(radio);
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <button type="button" onClick={() => openOverlay('cart')}>
          Open the cart
        </button>
        <CartOverlay />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Open the cart' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue Shopping' }));
    expect(screen.getByRole('button', { name: 'Open the cart' })).toHaveFocus();
  });

  it("'Proceed to Checkout' closes the overlay and goes to the checkout with the cart kept", async () => {
    addToCart(radio);
    const { user } = renderCart();
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout');
    expect($overlays.get().cart).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect($cartLines.get()).toHaveLength(1);
  });

  it('the product link opens the product page and closes the overlay', async () => {
    addToCart(radio);
    const { user } = renderCart();
    await user.click(screen.getByRole('link', { name: 'Hand Crank Radio' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/product/hand-crank-radio-11111111-1111-4111-8111-111111111111',
    );
    expect($overlays.get().cart).toBe(false);
  });

  it('Escape closes the overlay', () => {
    addToCart(radio);
    const { dialog } = renderCart();
    act(() => {
      dialog().dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect($overlays.get().cart).toBe(false);
  });
});
