import { describe, expect, it } from 'vitest';
import { productSearchCondition } from './product-search';

describe('productSearchCondition', () => {
  it('finds a name containing the term, or the SKU in any case (its lower-case form)', () => {
    expect(productSearchCondition('rs-000123')).toBe('name.ilike."%rs-000123%",sku_lower.eq."rs-000123"');
    expect(productSearchCondition('Radio-01')).toBe('name.ilike."%Radio-01%",sku_lower.eq."radio-01"');
  });

  it('keeps commas, parentheses, quotes, % and _ of the term literal', () => {
    expect(productSearchCondition('a,b (x) "q" 5%_')).toBe(
      String.raw`name.ilike."%a,b (x) \"q\" 5\\%\\_%",sku_lower.eq."a,b (x) \"q\" 5%_"`,
    );
  });
});
