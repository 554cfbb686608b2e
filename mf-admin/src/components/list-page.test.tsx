import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { icons } from './icons';
import { ListPage, type ListPageProps, type ListPageState } from './list-page';

interface Thing {
  id: string;
  name: string;
  count: number;
}

const spec = { kind: ['all', 'big'] } as const;
const texts = {
  searchLabel: 'Search things',
  searchPlaceholder: 'Search...',
  filters: { kind: { label: 'Kind', options: { all: 'All kinds', big: 'Big ones' } } },
  stats: { allMatching: 'All matching things', onThisPage: 'On this page' },
  title: 'Things',
  subtitle: 'All the things',
  summary: 'Thing summary',
  loading: 'Loading things',
  empty: 'No things found',
  emptySearchHint: 'Try another search.',
  emptyHint: 'Add your first thing.',
  pagination: 'Thing pages',
};

function state(overrides: Partial<ListPageState<typeof spec>> = {}): ListPageState<typeof spec> {
  return {
    search: '',
    spec,
    filters: { kind: 'all' },
    change: vi.fn(),
    loading: false,
    error: null,
    reload: vi.fn(),
    page: 1,
    pages: 2,
    total: 12,
    pageSize: 10,
    ...overrides,
  };
}

function props(
  overrides: Partial<ListPageProps<Thing, typeof spec>> = {},
): ListPageProps<Thing, typeof spec> {
  return {
    texts,
    list: state(),
    cards: [{ label: 'Total Things', value: 12, scope: 'all' }],
    items: [
      { id: '1', name: 'Lamp', count: 3 },
      { id: '2', name: 'Radio', count: 5 },
    ],
    columns: [
      { label: 'Name', cell: (thing) => thing.name },
      { label: 'Count', align: 'right', cell: (thing) => thing.count },
    ],
    card: (thing) => <p>Card of {thing.name}</p>,
    emptyIcon: icons.package,
    ...overrides,
  };
}

describe('ListPage', () => {
  it('builds the header, cards, toolbar, table, cards and pagination from the definitions', async () => {
    const change = vi.fn();
    const user = userEvent.setup();
    render(<ListPage {...props({ list: state({ change }) })} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Things' })).toBeInTheDocument();
    const summary = within(screen.getByRole('region', { name: 'Thing summary' }));
    expect(summary.getByText('12')).toBeInTheDocument();
    expect(summary.getByText('All matching things')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('all');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Count']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Lamp', '3'],
      ['Radio', '5'],
    ]);
    expect(within(rows[0]!).getAllByRole('cell')[1]).toHaveClass('text-right');
    expect(screen.getByText('Card of Radio')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 12 results')).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Thing pages' })).getByText('Next'));
    expect(change).toHaveBeenCalledWith({ page: 2 });
  });

  it('shows a spinner until the first page arrives', () => {
    render(<ListPage {...props({ items: undefined, list: state({ loading: true }) })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading things');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the rows, dimmed and busy, while the next page loads', () => {
    render(<ListPage {...props({ list: state({ loading: true }) })} />);
    expect(screen.getByRole('table').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
  });

  it('says nothing matched, with the hint that fits a narrowed or an empty list', () => {
    const { rerender } = render(<ListPage {...props({ items: [], list: state({ total: 0, pages: 1 }) })} />);
    expect(screen.getByText('No things found')).toBeInTheDocument();
    expect(screen.getByText('Add your first thing.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Thing pages' })).not.toBeInTheDocument();
    rerender(
      <ListPage {...props({ items: [], list: state({ filters: { kind: 'big' }, total: 0, pages: 1 }) })} />,
    );
    expect(screen.getByText('Try another search.')).toBeInTheDocument();
  });

  it('says the list could not be loaded and retries on request', async () => {
    const reload = vi.fn();
    const user = userEvent.setup();
    render(
      <ListPage {...props({ items: undefined, list: state({ error: new Error('offline'), reload }) })} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalled();
  });

  it('hides a single page when asked to', () => {
    render(<ListPage {...props({ list: state({ pages: 1 }), onlyWhenSeveralPages: true })} />);
    expect(screen.queryByRole('navigation', { name: 'Thing pages' })).not.toBeInTheDocument();
  });
});
