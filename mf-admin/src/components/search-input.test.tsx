import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchInput } from './search-input';

describe('SearchInput', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports the trimmed text once typing pauses', () => {
    const onSearch = vi.fn();
    render(
      <SearchInput value="" onSearch={onSearch} placeholder="Search products..." label="Search products" />,
    );
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    fireEvent.change(box, { target: { value: 'rad' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: ' radio ' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('radio');
  });

  it('shows a search applied from outside and keeps a trailing space being typed', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchInput value="" onSearch={onSearch} placeholder="p" label="Search" />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'solar ' } });
    rerender(<SearchInput value="solar" onSearch={onSearch} placeholder="p" label="Search" />);
    expect(box).toHaveValue('solar ');
    rerender(<SearchInput value="tent" onSearch={onSearch} placeholder="p" label="Search" />);
    expect(box).toHaveValue('tent');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
