import { pageItems, pageRange, shownRange, totalPages } from './pagination';

describe('pagination maths (12 per page)', () => {
  it('counts pages, with at least one page', () => {
    expect(totalPages(0)).toBe(1);
    expect(totalPages(12)).toBe(1);
    expect(totalPages(13)).toBe(2);
    expect(totalPages(61)).toBe(6);
  });

  it('turns a 1-based page into the inclusive row range', () => {
    expect(pageRange(1)).toEqual({ from: 0, to: 11 });
    expect(pageRange(3)).toEqual({ from: 24, to: 35 });
    expect(pageRange(0)).toEqual({ from: 0, to: 11 });
  });

  it('says which items a page shows', () => {
    expect(shownRange(1, 61)).toEqual({ first: 1, last: 12 });
    expect(shownRange(6, 61)).toEqual({ first: 61, last: 61 });
    expect(shownRange(1, 0)).toEqual({ first: 0, last: 0 });
  });

  it('lists every page number up to seven pages', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shows first, last and the neighbours of the current page with gaps beyond seven', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });
});
