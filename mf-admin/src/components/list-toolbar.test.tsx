import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';
import { EmptyState } from './empty-state';
import { icons } from './icons';
import { ListToolbar } from './list-toolbar';

const spec = { filter: ['all', 'few'], colour: ['any', 'red'] } as const;
const texts = {
  searchLabel: 'Search things',
  searchPlaceholder: 'Search by name...',
  filters: {
    filter: { label: 'Filter things', options: { all: 'All Things', few: 'Few Things' } },
    colour: { label: 'Colour', options: { any: 'Any colour', red: 'Red' } },
  },
};

describe('ListToolbar', () => {
  it('reports the typed search after the pause and the chosen filters', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <ListToolbar
        search=""
        spec={spec}
        filters={{ filter: 'all', colour: 'any' }}
        onChange={onChange}
        texts={texts}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Filter things' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Things', 'Few Things']);
    await user.selectOptions(select, 'Few Things');
    expect(onChange).toHaveBeenLastCalledWith({ filters: { filter: 'few' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Colour' }), 'Red');
    expect(onChange).toHaveBeenLastCalledWith({ filters: { colour: 'red' } });

    const search = screen.getByRole('searchbox', { name: 'Search things' });
    expect(search).toHaveAttribute('placeholder', 'Search by name...');
    await user.type(search, ' lamp ');
    await vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ search: 'lamp' }));
  });
});

describe('EmptyState', () => {
  it('shows the title and the hint', () => {
    render(<EmptyState icon={icons.package} title="No things found" hint="Add one." />);
    expect(screen.getByText('No things found')).toBeInTheDocument();
    expect(screen.getByText('Add one.')).toBeInTheDocument();
  });
});

describe('DataTable', () => {
  it('names its columns, leaves out null ones and renders the rows', () => {
    render(
      <DataTable columns={[{ label: 'Name' }, null, { label: 'Actions', align: 'right' }]}>
        <tr>
          <td>Lamp</td>
          <td>Edit</td>
        </tr>
      </DataTable>,
    );
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Actions',
    ]);
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveClass('text-right');
    expect(screen.getByRole('cell', { name: 'Lamp' })).toBeInTheDocument();
  });
});
