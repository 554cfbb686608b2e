import { describe, expect, it } from 'vitest';
import { parseStockFilter, stockFilterConditions } from './stock-filter';

describe('stock filter', () => {
  it('maps each filter to its query conditions', () => {
    expect(stockFilterConditions('all')).toEqual({});
    expect(stockFilterConditions('in-stock')).toEqual({ inStock: true });
    expect(stockFilterConditions('out-of-stock')).toEqual({ inStock: false });
    expect(stockFilterConditions('low-stock')).toEqual({ inStock: true, stockCountBelow: 10 });
  });

  it('parses URL values and falls back to all', () => {
    expect(parseStockFilter('low-stock')).toBe('low-stock');
    expect(parseStockFilter('bogus')).toBe('all');
    expect(parseStockFilter(null)).toBe('all');
  });
});
