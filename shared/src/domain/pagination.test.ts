import { pageCount, pageItems, rowRange, shownRange } from './pagination';

describe('pagination maths', () => {
  it('counts pages, with at least one page', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(pageCount(61, 12)).toBe(6);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('turns a 1-based page into the inclusive zero-based row range', () => {
    expect(rowRange(1, 12)).toEqual({ from: 0, to: 11 });
    expect(rowRange(3, 12)).toEqual({ from: 24, to: 35 });
    expect(rowRange(0, 12)).toEqual({ from: 0, to: 11 });
    expect(rowRange(2, 10)).toEqual({ from: 10, to: 19 });
  });

  it('says which items a page shows', () => {
    expect(shownRange(1, 12, 61)).toEqual({ first: 1, last: 12 });
    expect(shownRange(6, 12, 61)).toEqual({ first: 61, last: 61 });
    expect(shownRange(3, 10, 23)).toEqual({ first: 21, last: 23 });
    expect(shownRange(1, 10, 0)).toEqual({ first: 0, last: 0 });
  });

  it('lists every page number up to seven pages', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows first, last and the neighbours of the current page with gaps beyond seven', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
  });
});
