import { isSortOption } from './sort-options';

describe('sort options', () => {
  it('recognises only the six sort options', () => {
    expect(isSortOption('newest')).toBe(true);
    expect(isSortOption('cheapest')).toBe(false);
    expect(isSortOption(null)).toBe(false);
  });
});
