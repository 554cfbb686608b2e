import { describe, expect, it } from 'vitest';
import { mapProduct, type ProductRow } from './product';

function row(overrides: Partial<ProductRow> = {}): ProductRow {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    name: 'Hand Crank Radio',
    slug: 'hand-crank-radio-11111111-2222-4333-8444-555555555555',
    price: 40,
    original_price: null,
    description: 'A radio you can wind up.',
    category_id: 'c1',
    subcategory_id: null,
    image_url: 'https://example.com/radio.jpg',
    images: [],
    in_stock: true,
    stock_count: 5,
    rating: 4.5,
    review_count: 3,
    features: [],
    specifications: {},
    tags: [],
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    category: { name: 'Communication', slug: 'communication' },
    subcategory: null,
    ...overrides,
  };
}

describe('mapProduct and waitlist holds', () => {
  it('keeps the stock as it is when nothing is held (or the read did not ask)', () => {
    expect(mapProduct(row())).toMatchObject({ inStock: true, stockCount: 5, held: 0 });
    expect(mapProduct(row({ waitlist_held_units: 0 }))).toMatchObject({
      inStock: true,
      stockCount: 5,
      held: 0,
    });
    expect(mapProduct(row({ in_stock: false, stock_count: 0 }))).toMatchObject({
      inStock: false,
      stockCount: 0,
    });
  });

  it('takes the units held for other people off the stock the shopper can buy', () => {
    expect(mapProduct(row({ waitlist_held_units: 2 }))).toMatchObject({
      inStock: true,
      stockCount: 3,
      held: 2,
    });
  });

  it('is not in stock for the shopper while every unit is held (the database caps the count at the stock)', () => {
    expect(mapProduct(row({ waitlist_held_units: 5 }))).toMatchObject({
      inStock: false,
      stockCount: 0,
      held: 5,
    });
    expect(mapProduct(row({ stock_count: 1, waitlist_held_units: 1 }))).toMatchObject({
      inStock: false,
      stockCount: 0,
      held: 1,
    });
  });
});
