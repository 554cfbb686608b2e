import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchCombobox } from './search-combobox';

const TEXTS = {
  label: 'Fruit',
  placeholder: 'Search fruit',
  clear: 'Clear fruit',
  loading: 'Searching…',
  noMatches: 'No fruit matches',
  results: (count: number) => `${count} found`,
};
const FRUIT = ['Apple', 'Apricot', 'Banana'];

/** A parent that answers each search at once, or only when told (to change the list under the user). */
function Harness({ onSelect, answer }: { onSelect: (value: string) => void; answer?: string[] }) {
  const [search, setSearch] = useState<string | null>(null);
  const [chosen, setChosen] = useState('');
  const options =
    answer ?? (search === null ? undefined : FRUIT.filter((fruit) => fruit.toLowerCase().includes(search)));
  return (
    <SearchCombobox<string>
      texts={TEXTS}
      selectedLabel={chosen}
      options={options}
      optionKey={(option) => option}
      optionLabel={(option) => option}
      onSearch={setSearch}
      onSelect={(option) => {
        setChosen(option);
        onSelect(option);
      }}
      onClear={() => setChosen('')}
      delay={0}
    />
  );
}

describe('SearchCombobox', () => {
  it('is a labelled combobox whose listbox the arrow keys move through and Enter picks from', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const box = screen.getByRole('combobox', { name: 'Fruit' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'ap');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Apple', 'Apricot']);
    // Enter with nothing highlighted picks nothing.
    await user.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
    // Down wraps around, up goes back.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Apple' }).id);
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: 'Apricot' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('Apricot');
    expect(box).toHaveValue('Apricot');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    // Escape closes the list and puts the choice back; the clear button removes it.
    await user.clear(box);
    await user.type(box, 'zz');
    expect(screen.getByText('No fruit matches')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('Apricot');
    await user.click(screen.getByRole('button', { name: 'Clear fruit' }));
    expect(box).toHaveValue('');
  });

  it('forgets the highlight when the matches change, so Enter does not pick an option that moved', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const { rerender } = render(<Harness onSelect={onSelect} answer={['Apple', 'Apricot']} />);
    const box = screen.getByRole('combobox', { name: 'Fruit' });
    await user.click(box);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Apple' })).toHaveAttribute('aria-selected', 'true');
    rerender(<Harness onSelect={onSelect} answer={['Banana']} />);
    expect(screen.getByRole('option', { name: 'Banana' })).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
  });
});
