import { describe, expect, it } from 'vitest';
import { productPageStats } from './page-stats';

describe('productPageStats', () => {
  it('counts in-stock and low-stock rows and averages the price', () => {
    const stats = productPageStats([
      { price: 10, inStock: true, stockCount: 50 },
      { price: 20, inStock: true, stockCount: 9 },
      { price: 30.01, inStock: false, stockCount: 0 },
    ]);
    expect(stats).toEqual({ inStock: 2, lowStock: 1, averagePrice: 20 });
  });

  it('is all zero for an empty page', () => {
    expect(productPageStats([])).toEqual({ inStock: 0, lowStock: 0, averagePrice: 0 });
  });
});
