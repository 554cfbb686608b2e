import { texts } from './texts';

describe('the /products count wording', () => {
  it('states an exact count as it is', () => {
    expect(texts.products.showing(1, 12, 76)).toBe('Showing 1–12 of 76 products');
    expect(texts.products.showing(13, 24, 4155)).toBe('Showing 13–24 of 4,155 products');
  });

  it('says "10,000+" when the count stopped at its cap', () => {
    expect(texts.products.showing(1, 12, 10_000, true)).toBe('Showing 1–12 of 10,000+ products');
  });
});
