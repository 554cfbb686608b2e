import {
  dayCount,
  defaultBucket,
  isDay,
  presetRange,
  previousRange,
  rangeError,
  readParams,
} from './date-range';

const TODAY = '2026-03-10';

describe('presets', () => {
  it('end today and cover the named number of days', () => {
    expect(presetRange('today', TODAY)).toEqual({ from: TODAY, to: TODAY });
    expect(presetRange('7d', TODAY)).toEqual({ from: '2026-03-04', to: TODAY });
    expect(presetRange('30d', TODAY)).toEqual({ from: '2026-02-09', to: TODAY });
    expect(presetRange('90d', TODAY)).toEqual({ from: '2025-12-11', to: TODAY });
    expect(presetRange('year', TODAY)).toEqual({ from: '2026-01-01', to: TODAY });
    expect(dayCount(presetRange('90d', TODAY))).toBe(90);
  });

  it('compare with the period of the same length just before', () => {
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
    });
    expect(previousRange({ from: TODAY, to: TODAY })).toEqual({ from: '2026-03-09', to: '2026-03-09' });
  });
});

describe('a custom period', () => {
  it('needs two real days in order, at most 3,660 days apart', () => {
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(rangeError('', '2026-03-01')).toBe('Enter a start date.');
    expect(rangeError('2026-03-01', 'x')).toBe('Enter an end date.');
    expect(rangeError('2026-03-02', '2026-03-01')).toBe('The end date is before the start date.');
    expect(rangeError('2000-01-01', '2026-03-01')).toMatch(/at most 3,660 days/);
    expect(rangeError('2026-03-01', '2026-03-01')).toBeNull();
  });
});

describe('the address', () => {
  it('reads a preset, a custom period and the bucket, with 30 days by day as the default', () => {
    expect(readParams(new URLSearchParams(''), TODAY)).toEqual({
      preset: '30d',
      range: { from: '2026-02-09', to: TODAY },
      bucket: 'day',
      error: null,
    });
    expect(readParams(new URLSearchParams('range=year&by=month'), TODAY).bucket).toBe('month');
    expect(readParams(new URLSearchParams('range=custom&from=2025-01-01&to=2025-12-31'), TODAY)).toEqual({
      preset: 'custom',
      range: { from: '2025-01-01', to: '2025-12-31' },
      bucket: 'month',
      error: null,
    });
    const bad = readParams(new URLSearchParams('range=custom&from=2025-02-01&to=2025-01-01'), TODAY);
    expect(bad.error).toBe('The end date is before the start date.');
    expect(bad.range).toEqual(presetRange('30d', TODAY));
  });

  it('picks days up to a month, weeks up to four months, then months', () => {
    expect(defaultBucket({ from: '2026-01-01', to: '2026-01-31' })).toBe('day');
    expect(defaultBucket({ from: '2026-01-01', to: '2026-03-31' })).toBe('week');
    expect(defaultBucket({ from: '2025-01-01', to: '2025-12-31' })).toBe('month');
  });
});
