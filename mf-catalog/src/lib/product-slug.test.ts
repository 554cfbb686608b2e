import { extractProductId, productSlug, routes } from '@prepper/shared';

// The product slug's rules, as the product page and every product link rely on them.
const ID = '72feb2b6-4c9e-5a47-8f8a-74808c568663';

describe('product slug rules', () => {
  it('lowercases, drops punctuation and collapses whitespace, underscores and hyphens, then appends the id', () => {
    expect(productSlug('Leatherman Wave+ Multi-Tool', ID)).toBe(`leatherman-wave-multi-tool-${ID}`);
    expect(productSlug('  First Aid & Medical  Kit (Large) ', ID)).toBe(`first-aid-medical-kit-large-${ID}`);
    expect(productSlug('Fire__Starter -- 3 pack', ID)).toBe(`fire-starter-3-pack-${ID}`);
    expect(routes.product('Eneloop Pro AA', ID)).toBe(`/product/eneloop-pro-aa-${ID}`);
  });

  it('takes the id from the last 36 characters when they form a UUID', () => {
    expect(extractProductId(`any-old-words-${ID}`)).toBe(ID);
    expect(extractProductId(ID)).toBe(ID);
  });

  it('uses the slug as it is when it does not end in a UUID', () => {
    expect(extractProductId('no-such-product')).toBe('no-such-product');
    expect(extractProductId(`${ID}-extra`)).toBe(`${ID}-extra`);
  });
});
