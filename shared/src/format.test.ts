import { describe, expect, it } from 'vitest';
import { formatCount, formatNumber } from './format';

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

describe('formatNumber', () => {
  it('writes counts and amounts of up to three decimals as Intl does', () => {
    // Intl is the reference: formatNumber must write these numbers as toLocaleString('en-US') does.
    const samples = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 12345, 123456.789, 1234567, 1000000.5, 0.005];
    samples.push(0.125, 1.005, 2.675, 9.99, 14.3, 149.5, -1, -0.125, -1234.5, -999999.995, 1e15);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 400; i += 1)
      samples.push(Math.round((random() - 0.2) * 10 ** (1 + (i % 8)) * 1000) / 1000);
    for (const value of samples)
      expect(formatNumber(value), String(value)).toBe(value.toLocaleString('en-US'));
  });
});
