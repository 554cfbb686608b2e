import { $browserWishlist, $toasts, $wishlistIds, type Product } from '@prepper/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WishlistButton } from './wishlist-button';

const lantern: Pick<Product, 'id' | 'name' | 'price' | 'inStock'> = {
  id: '11111111-2222-4333-8444-555555555555',
  name: 'Storm Lantern',
  price: 34.99,
  inStock: true,
};

beforeEach(() => {
  $browserWishlist.set([]);
  $toasts.set([]);
  localStorage.clear();
});

describe('WishlistButton (the heart)', () => {
  it('starts unpressed and outlined, named for adding', () => {
    render(<WishlistButton product={lantern} />);
    const heart = screen.getByRole('button', { name: 'Add Storm Lantern to wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart.querySelector('svg')).toHaveAttribute('fill', 'none');
  });

  it('saves the product (price and stock at saving), fills, renames itself and says so', async () => {
    render(<WishlistButton product={lantern} look="page" />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Storm Lantern to wishlist' }));
    const heart = await screen.findByRole('button', { name: 'Remove Storm Lantern from wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart.querySelector('svg')).toHaveAttribute('fill', 'currentColor');
    expect($browserWishlist.get()).toMatchObject([
      { productId: lantern.id, priceAtAdd: 34.99, inStockAtAdd: true },
    ]);
    expect($toasts.get().map((t) => [t.kind, t.message])).toContainEqual([
      'success',
      'Added Storm Lantern to your wishlist',
    ]);
  });

  it('removes a saved product and says so', async () => {
    render(<WishlistButton product={lantern} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Storm Lantern to wishlist' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Storm Lantern from wishlist' }));
    await waitFor(() => expect($wishlistIds.get().has(lantern.id)).toBe(false));
    expect(screen.getByRole('button', { name: 'Add Storm Lantern to wishlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect($toasts.get().map((t) => t.message)).toContain('Removed Storm Lantern from your wishlist');
  });

  it('every heart of the same product agrees (one store on the bus)', async () => {
    render(
      <>
        <WishlistButton product={lantern} />
        <WishlistButton product={lantern} look="page" />
      </>,
    );
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Storm Lantern to wishlist' })[0]!);
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Remove Storm Lantern from wishlist' })).toHaveLength(2),
    );
  });

  it('shows the reason as an error toast when saving fails', async () => {
    $browserWishlist.set(
      Array.from({ length: 200 }, (_, n) => ({
        productId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        addedAt: new Date().toISOString(),
        priceAtAdd: 1,
        inStockAtAdd: true,
      })),
    );
    render(<WishlistButton product={lantern} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Storm Lantern to wishlist' }));
    await waitFor(() =>
      expect($toasts.get().map((t) => [t.kind, t.message])).toContainEqual([
        'error',
        'Your wishlist is full (200 products). Remove some to save more.',
      ]),
    );
    expect(screen.getByRole('button', { name: 'Add Storm Lantern to wishlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
