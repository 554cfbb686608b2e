import { describe, expect, it } from 'vitest';
import { readListParams, updateListParams } from './list-params';

const filters = ['all', 'in-stock', 'low-stock'] as const;

describe('readListParams', () => {
  it('reads search, filter and page', () => {
    expect(readListParams(new URLSearchParams('q=radio&filter=low-stock&page=3'), filters)).toEqual({
      search: 'radio',
      filter: 'low-stock',
      page: 3,
    });
  });

  it('falls back to defaults for missing or bad values', () => {
    expect(readListParams(new URLSearchParams('filter=nonsense&page=-2'), filters)).toEqual({
      search: '',
      filter: 'all',
      page: 1,
    });
    expect(readListParams(new URLSearchParams('page=abc'), filters).page).toBe(1);
  });
});

describe('updateListParams', () => {
  it('resets to page 1 when the search changes', () => {
    const next = updateListParams(new URLSearchParams('q=a&page=4'), { search: ' radio ' }, 'all');
    expect(next.toString()).toBe('q=radio');
  });

  it('resets to page 1 when the filter changes and drops the default filter', () => {
    const params = new URLSearchParams('filter=low-stock&page=2&q=x');
    expect(updateListParams(params, { filter: 'in-stock' }, 'all').toString()).toBe('filter=in-stock&q=x');
    expect(updateListParams(params, { filter: 'all' }, 'all').toString()).toBe('q=x');
  });

  it('sets the page and leaves page 1 out', () => {
    expect(updateListParams(new URLSearchParams('q=x'), { page: 2 }, 'all').toString()).toBe('q=x&page=2');
    expect(updateListParams(new URLSearchParams('q=x&page=2'), { page: 1 }, 'all').toString()).toBe('q=x');
  });
});
