import { describe, expect, it } from 'vitest';
import { readListState, updateListState } from './list-params';

const spec = { filter: ['all', 'in-stock', 'low-stock'] } as const;
const twoFilters = { status: ['all', 'pending', 'shipped'], payment: ['all', 'paid'] } as const;

describe('readListState', () => {
  it('reads search, filter and page', () => {
    expect(readListState(new URLSearchParams('q=radio&filter=low-stock&page=3'), spec)).toEqual({
      search: 'radio',
      filters: { filter: 'low-stock' },
      page: 3,
    });
  });

  it('falls back to defaults for missing or bad values', () => {
    expect(readListState(new URLSearchParams('filter=nonsense&page=-2'), spec)).toEqual({
      search: '',
      filters: { filter: 'all' },
      page: 1,
    });
    expect(readListState(new URLSearchParams('page=abc'), spec).page).toBe(1);
  });

  it('reads several named filters independently', () => {
    expect(readListState(new URLSearchParams('status=shipped&payment=bogus'), twoFilters).filters).toEqual({
      status: 'shipped',
      payment: 'all',
    });
  });
});

describe('updateListState', () => {
  it('resets to page 1 when the search changes', () => {
    const next = updateListState(new URLSearchParams('q=a&page=4'), { search: ' radio ' }, spec);
    expect(next.toString()).toBe('q=radio');
  });

  it('resets to page 1 when the filter changes and drops the default filter', () => {
    const params = new URLSearchParams('filter=low-stock&page=2&q=x');
    expect(updateListState(params, { filters: { filter: 'in-stock' } }, spec).toString()).toBe(
      'filter=in-stock&q=x',
    );
    expect(updateListState(params, { filters: { filter: 'all' } }, spec).toString()).toBe('q=x');
  });

  it('changes one filter and keeps the other', () => {
    const params = new URLSearchParams('status=pending&payment=paid&page=3');
    expect(updateListState(params, { filters: { status: 'all' } }, twoFilters).toString()).toBe(
      'payment=paid',
    );
  });

  it('sets the page and leaves page 1 out', () => {
    expect(updateListState(new URLSearchParams('q=x'), { page: 2 }, spec).toString()).toBe('q=x&page=2');
    expect(updateListState(new URLSearchParams('q=x&page=2'), { page: 1 }, spec).toString()).toBe('q=x');
  });
});
