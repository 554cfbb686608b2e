import { describe, expect, it } from 'vitest';
import { formatCount } from './format';

describe('formatCount', () => {
  it('takes the singular for exactly one', () => {
    expect(formatCount(1, 'review', 'reviews')).toBe('1 review');
  });

  it('takes the plural for none, several and fractions', () => {
    expect(formatCount(0, 'review', 'reviews')).toBe('0 reviews');
    expect(formatCount(2, 'item', 'items')).toBe('2 items');
    expect(formatCount(1.5, 'star', 'stars')).toBe('1.5 stars');
  });

  it('groups thousands as every figure in the shop does', () => {
    expect(formatCount(12345, 'product', 'products')).toBe('12,345 products');
  });

  it('agrees whole phrases', () => {
    expect(formatCount(1, 'review waits', 'reviews wait')).toBe('1 review waits');
    expect(formatCount(3, 'review waits', 'reviews wait')).toBe('3 reviews wait');
  });
});
