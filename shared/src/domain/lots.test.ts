import { bestBeforeMonth, bestBeforeShort, bestBeforeText, parseIsoDate } from './lots';

describe('best-before dates', () => {
  it('reads real calendar dates only', () => {
    expect(parseIsoDate('2031-03-31')).toEqual({ year: 2031, month: 3, day: 31 });
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseIsoDate('2031-02-30')).toBeNull();
    expect(parseIsoDate('2031-13-01')).toBeNull();
    expect(parseIsoDate('31/03/2031')).toBeNull();
    expect(parseIsoDate('')).toBeNull();
  });

  it('says the month the shopper gets at least, and the short form', () => {
    expect(bestBeforeMonth('2031-03-01')).toBe('March 2031');
    expect(bestBeforeText('2031-03-31')).toBe('Best before: at least March 2031');
    expect(bestBeforeText('2030-12-31')).toBe('Best before: at least December 2030');
    expect(bestBeforeShort('2031-03-31')).toBe('BB 03/2031');
    expect(bestBeforeShort('2031-11-30')).toBe('BB 11/2031');
    expect(bestBeforeText('soon')).toBe('');
    expect(bestBeforeShort('2031-02-30')).toBe('');
  });
});
