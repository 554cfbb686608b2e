import { listTexts } from './lib/list-texts';

describe('the /products count wording', () => {
  it('states an exact count as it is', () => {
    expect(listTexts.products.showing(1, 12, 76)).toBe('Showing 1–12 of 76 products');
    expect(listTexts.products.showing(13, 24, 4155)).toBe('Showing 13–24 of 4,155 products');
  });
});
