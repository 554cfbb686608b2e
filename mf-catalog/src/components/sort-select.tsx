import { useId } from 'react';
import type { SortOption } from '../lib/sort-options';
import { listTexts } from '../lib/list-texts';

export function SortSelect<T extends SortOption>({
  value,
  options,
  onChange,
}: {
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-slate-600">
        {listTexts.products.sortLabel}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const next = options.find((option) => option === event.target.value);
          if (next) onChange(next);
        }}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-orange-600 focus:outline-none"
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {listTexts.sort[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
