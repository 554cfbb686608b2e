import { describe, expect, it } from 'vitest';
import { productSearchCondition } from './get-products';

describe('productSearchCondition', () => {
  it('finds a name containing the term, or the SKU as typed or in capitals', () => {
    expect(productSearchCondition('rs-000123')).toBe(
      'name.ilike."%rs-000123%",sku.eq."rs-000123",sku.eq."RS-000123"',
    );
    expect(productSearchCondition('RADIO-01')).toBe('name.ilike."%RADIO-01%",sku.eq."RADIO-01"');
  });

  it('keeps commas, parentheses, quotes, % and _ of the term literal', () => {
    expect(productSearchCondition('a,b (x) "q" 5%_')).toBe(
      String.raw`name.ilike."%a,b (x) \"q\" 5\\%\\_%",sku.eq."a,b (x) \"q\" 5%_",sku.eq."A,B (X) \"Q\" 5%_"`,
    );
  });
});
