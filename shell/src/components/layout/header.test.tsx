import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  $cartLines,
  $customer,
  $sessionReady,
  $overlays,
  addToCart,
  addToWishlist,
  removeFromWishlist,
  clearCart,
  closeOverlay,
  removeFromCart,
  setCartQuantity,
  type CartProduct,
} from '@prepper/shared';
import { MemoryRouter, Route, Routes, Link } from 'react-router-dom';
import { stubLoader } from '../../test/fake-loader';
import { RemoteLoaderContext } from '../remote/remote-loader-context';
import { Header } from './header';

function product(id: string, price = 10): CartProduct {
  return {
    id,
    slug: id,
    name: `Item ${id}`,
    price,
    originalPrice: null,
    image: '',
    category: 'Power',
    inStock: true,
  };
}

async function renderHeader() {
  const stub = stubLoader();
  render(
    <RemoteLoaderContext.Provider value={stub.loader}>
      <MemoryRouter initialEntries={['/']}>
        <Header />
        <Routes>
          <Route path="/" element={<Link to="/products">go to products</Link>} />
          <Route path="/products" element={<p>products page</p>} />
        </Routes>
      </MemoryRouter>
    </RemoteLoaderContext.Provider>,
  );
  await screen.findByText('catalog/CategoryNav');
  return stub;
}

describe('Header', () => {
  beforeEach(() => {
    clearCart();
    $customer.set(null);
    (['cart', 'auth', 'search'] as const).forEach(closeOverlay);
  });

  it('links the logo home and shows the emergency hotline', async () => {
    await renderHeader();
    expect(screen.getByRole('link', { name: 'ReadyStock home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: '1-800-555-0199' })).toHaveAttribute('href', 'tel:18005550199');
  });

  it('mounts the desktop category navigation from the catalogue remote', async () => {
    const { calls } = await renderHeader();
    expect(calls).toEqual(['catalog/CategoryNav']);
    expect(screen.getByTestId('expose')).toHaveAttribute(
      'data-props',
      JSON.stringify({ variant: 'desktop' }),
    );
  });

  it('keeps the cart badge and its accessible name in step with the cart, live', async () => {
    await renderHeader();
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();

    act(() => {
      addToCart(product('a'), 2);
      addToCart(product('b'));
    });
    expect(screen.getByRole('button', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');

    act(() => setCartQuantity('a', 5));
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('6');
    act(() => removeFromCart('a'));
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
    act(() => clearCart());
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    expect($cartLines.get()).toEqual([]);
  });

  it("says 'Sign In', or 'Hi, {first name}' when signed in, and opens the auth overlay", async () => {
    await renderHeader();
    const banner = screen.getByRole('banner');
    await userEvent.click(within(banner).getByRole('button', { name: 'Sign In' }));
    expect($overlays.get().auth).toBe(true);
    expect($overlays.get().cart).toBe(false);

    act(() => $customer.set({ id: 'u1', email: 'demo@example.com', firstName: 'Jamie', lastName: 'Carter' }));
    expect(within(banner).getByRole('button', { name: 'Hi, Jamie' })).toBeInTheDocument();
  });

  it('shows the wishlist count on the account button, live, and describes it', async () => {
    await renderHeader();
    const account = within(screen.getByRole('banner')).getByRole('button', { name: 'Sign In' });
    expect(screen.queryByTestId('wishlist-badge')).not.toBeInTheDocument();
    expect(account).not.toHaveAttribute('aria-describedby');
    const lantern = { id: '11111111-2222-4333-8444-555555555555', price: 10, inStock: true };
    await act(() => addToWishlist(lantern));
    expect(screen.getByTestId('wishlist-badge')).toHaveTextContent('1');
    expect(account).toHaveAccessibleDescription('1 product in your wishlist');
    await act(() => removeFromWishlist(lantern.id));
    expect(screen.queryByTestId('wishlist-badge')).not.toBeInTheDocument();
  });

  it('keeps the sign-in label from flashing until the stored session has been read', async () => {
    act(() => $sessionReady.set(false));
    await renderHeader();
    const label = within(screen.getByRole('button', { name: 'Sign In' })).getByText('Sign In');
    expect(label).toHaveClass('opacity-0');
    act(() => $sessionReady.set(true));
    expect(label).not.toHaveClass('opacity-0');
  });

  it('opens the cart and search overlays independently', async () => {
    await renderHeader();
    await userEvent.click(screen.getByRole('button', { name: /^Cart,/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect($overlays.get()).toEqual({ cart: true, auth: false, search: true });
  });

  describe('mobile menu', () => {
    it('opens and closes with its button, exposing the state with aria-expanded', async () => {
      const { calls } = await renderHeader();
      const toggle = screen.getByRole('button', { name: 'Menu' });
      const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(panel).not.toBeVisible();

      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(panel).toBeVisible();
      expect(await within(panel as HTMLElement).findByText('catalog/CategoryNav')).toBeInTheDocument();
      expect(calls).toEqual(['catalog/CategoryNav', 'catalog/CategoryNav']);
      expect(
        within(panel as HTMLElement)
          .getByTestId('expose')
          .getAttribute('data-props'),
      ).toContain('"mobile"');

      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(panel).not.toBeVisible();
    });

    it('closes on Escape and when the page changes', async () => {
      await renderHeader();
      const toggle = screen.getByRole('button', { name: 'Menu' });
      await userEvent.click(toggle);
      await userEvent.keyboard('{Escape}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');

      await userEvent.click(toggle);
      await userEvent.click(screen.getByRole('link', { name: 'go to products' }));
      expect(await screen.findByText('products page')).toBeInTheDocument();
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
