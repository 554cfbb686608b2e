import { $toasts, type Product } from '@prepper/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ProductCard } from './product-card';
import { ProductGrid } from './product-grid';

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    slug: 'hand-crank-radio-11111111-2222-4333-8444-555555555555',
    name: 'Hand Crank Radio',
    price: 75,
    originalPrice: 100,
    description: 'A radio you can wind up.',
    categoryId: 'c1',
    category: 'Communication',
    categorySlug: 'communication',
    subcategoryId: null,
    subcategory: null,
    subcategorySlug: null,
    image: 'https://example.com/radio.jpg',
    images: ['https://example.com/radio.jpg'],
    inStock: true,
    stockCount: 25,
    rating: 4.6,
    reviewCount: 132,
    features: ['AM/FM/NOAA', 'Hand crank', 'Solar panel', 'USB charging', 'Flashlight'],
    specifications: {},
    tags: [],
    createdAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}

function renderCard(p: Product, variant: 'grid' | 'list' = 'grid') {
  render(
    <MemoryRouter>
      <ProductCard product={p} variant={variant} />
    </MemoryRouter>,
  );
  return screen.getByRole('article', { name: p.name });
}

describe('ProductCard', () => {
  it('shows the rounded percent-off badge, price, original price, rating and stock', () => {
    const card = renderCard(product({ price: 66.5, originalPrice: 99.99 }));
    expect(within(card).getByText('-33%')).toBeInTheDocument();
    expect(within(card).getByText('$66.50')).toBeInTheDocument();
    expect(within(card).getByText('$99.99')).toBeInTheDocument();
    expect(within(card).getByText('(132)')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Rated 4.6 out of 5' })).toBeInTheDocument();
    expect(within(card).getByText('25 in stock')).toBeInTheDocument();
    expect(within(card).queryByText('Low Stock')).not.toBeInTheDocument();
    expect(within(card).queryByText('Out of Stock')).not.toBeInTheDocument();
  });

  it('has no percent badge without a higher original price', () => {
    const card = renderCard(product({ originalPrice: null }));
    expect(within(card).queryByText(/^-\d+%$/)).not.toBeInTheDocument();
  });

  it('shows Low Stock below 10 items in stock', () => {
    const card = renderCard(product({ stockCount: 9 }));
    expect(within(card).getByText('Low Stock')).toBeInTheDocument();
    expect(within(card).getByText('9 in stock')).toBeInTheDocument();
  });

  it('shows Out of Stock (and not Low Stock) when not in stock', () => {
    const card = renderCard(product({ inStock: false, stockCount: 3 }));
    expect(within(card).getByText('Out of Stock')).toBeInTheDocument();
    expect(within(card).queryByText('Low Stock')).not.toBeInTheDocument();
    expect(within(card).queryByText(/in stock$/)).not.toBeInTheDocument();
  });

  it('shows Out of Stock, no count and that it is reserved, when every unit is held for the waitlist (mapProduct)', () => {
    const card = renderCard(product({ inStock: false, stockCount: 0, held: 2 }));
    expect(within(card).getByText('Out of Stock')).toBeInTheDocument();
    expect(within(card).getByText('Reserved for customers on the waitlist')).toBeInTheDocument();
    expect(within(card).queryByText(/in stock$/)).not.toBeInTheDocument();
  });

  it('shows no reserved line for a product out of stock with nothing held', () => {
    const card = renderCard(product({ inStock: false, stockCount: 0, held: 0 }));
    expect(within(card).queryByText('Reserved for customers on the waitlist')).not.toBeInTheDocument();
  });

  it.each(['grid', 'list'] as const)('lists the first 3 features and +N more (%s)', (variant) => {
    const card = renderCard(product(), variant);
    const features = within(card).getByRole('list', { name: 'Key features' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['AM/FM/NOAA', 'Hand crank', 'Solar panel', '+2 more']);
  });

  it('links See Details to the canonical product slug', () => {
    const card = renderCard(product());
    expect(within(card).getByRole('link', { name: /See Details/ })).toHaveAttribute(
      'href',
      '/product/hand-crank-radio-11111111-2222-4333-8444-555555555555',
    );
  });

  it('has a heart named for the product that saves it to the wishlist', async () => {
    const card = renderCard(product());
    await userEvent.click(within(card).getByRole('button', { name: 'Add Hand Crank Radio to wishlist' }));
    expect(
      within(card).getByRole('button', { name: 'Remove Hand Crank Radio from wishlist' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect($toasts.get().map((t) => t.message)).toContain('Added Hand Crank Radio to your wishlist');
    await userEvent.click(
      within(card).getByRole('button', { name: 'Remove Hand Crank Radio from wishlist' }),
    );
    expect(
      await within(card).findByRole('button', { name: 'Add Hand Crank Radio to wishlist' }),
    ).toBeVisible();
  });
});

describe('ProductGrid', () => {
  it('fetches the first picture at once and first when the list is the top of the page, the rest lazily', () => {
    const products = [
      product(),
      product({ id: 'b', name: 'Storm Lantern' }),
      product({ id: 'c', name: 'Tarp' }),
    ];
    const { container, rerender } = render(
      <MemoryRouter>
        <ProductGrid products={products} top />
      </MemoryRouter>,
    );
    const images = () => [...container.querySelectorAll('img')];
    expect(images().map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['lazy', null],
      ['lazy', null],
    ]);
    rerender(
      <MemoryRouter>
        <ProductGrid products={products} />
      </MemoryRouter>,
    );
    expect(images().map((img) => img.getAttribute('loading'))).toEqual(['lazy', 'lazy', 'lazy']);
  });
});
