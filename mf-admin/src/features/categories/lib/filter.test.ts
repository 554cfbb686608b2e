import { describe, expect, it } from 'vitest';
import { categoryIdCondition, categoryPageStats } from './filter';

describe('categoryIdCondition', () => {
  it('maps the filter to an id condition', () => {
    expect(categoryIdCondition('all', ['a'])).toEqual({ kind: 'none' });
    expect(categoryIdCondition('with-products', ['a', 'b'])).toEqual({ kind: 'in', ids: ['a', 'b'] });
    expect(categoryIdCondition('with-products', [])).toEqual({ kind: 'in', ids: [] });
    expect(categoryIdCondition('empty', ['a'])).toEqual({ kind: 'not-in', ids: ['a'] });
    expect(categoryIdCondition('empty', [])).toEqual({ kind: 'none' });
  });
});

describe('categoryPageStats', () => {
  it('sums subcategories and products and counts empty categories', () => {
    expect(
      categoryPageStats([
        { subcategoryCount: 2, productCount: 5 },
        { subcategoryCount: 0, productCount: 0 },
        { subcategoryCount: 1, productCount: 0 },
      ]),
    ).toEqual({ subcategories: 3, products: 5, empty: 2 });
  });
});
