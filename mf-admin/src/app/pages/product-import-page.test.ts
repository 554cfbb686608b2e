import { describe, expect, it } from 'vitest';
import { rowProduct } from './product-import-page';

describe('rowProduct', () => {
  it("names a dry run row's product by the file's name, else its SKU, slug or id", () => {
    expect(rowProduct({ line: 1, name: ' Crank Radio ', sku: 'RADIO-01' })).toEqual({
      name: 'Crank Radio',
      sku: 'RADIO-01',
    });
    expect(rowProduct({ line: 2, sku: 'RADIO-01', price: '12' })).toEqual({
      name: 'RADIO-01',
      sku: 'RADIO-01',
    });
    expect(rowProduct({ line: 3, name: '  ', slug: 'crank-radio-1' })).toEqual({
      name: 'crank-radio-1',
      sku: null,
    });
    expect(rowProduct({ line: 4, id: 'a1' })).toEqual({ name: 'a1', sku: null });
    expect(rowProduct(undefined)).toEqual({ name: '', sku: null });
  });
});
