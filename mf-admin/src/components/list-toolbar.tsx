import { inputClass } from './field';
import type { FilterSpec, FilterValues, ListStateChange } from '../lib/list-params';
import { SearchInput } from './search-input';

/** The label of a filter select and the option text of each of its values. */
export type FilterTexts<S extends FilterSpec> = {
  [K in keyof S]: { label: string; options: Record<S[K][number], string> };
};

export interface ListToolbarProps<S extends FilterSpec> {
  search: string;
  /** The filters and their values, in the order of their selects and options. */
  spec: S;
  filters: FilterValues<S>;
  /** Reports a new search or filter (`change` of useListParams). */
  onChange: (change: ListStateChange<S>) => void;
  texts: { searchLabel: string; searchPlaceholder: string; filters: FilterTexts<S> };
  /** Passed to the search box (default: its debounce). */
  searchDelay?: number;
}

/** The bar above an admin list: a debounced search box and one select per filter. */
export function ListToolbar<S extends FilterSpec>({
  search,
  spec,
  filters,
  onChange,
  texts,
  searchDelay,
}: ListToolbarProps<S>) {
  return (
    <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:flex-wrap">
      <div className="min-w-0 sm:min-w-56 sm:flex-1">
        <SearchInput
          value={search}
          onSearch={(value) => onChange({ search: value })}
          placeholder={texts.searchPlaceholder}
          label={texts.searchLabel}
          delay={searchDelay}
        />
      </div>
      {Object.entries(spec).map(([name, values]) => {
        const filterTexts = texts.filters[name as keyof S] as {
          label: string;
          options: Record<string, string>;
        };
        return (
          <select
            key={name}
            aria-label={filterTexts.label}
            value={filters[name as keyof S]}
            onChange={(event) =>
              onChange({ filters: { [name]: event.target.value } as Partial<FilterValues<S>> })
            }
            className={`${inputClass} sm:w-48`}
          >
            {values.map((value) => (
              <option key={value} value={value}>
                {filterTexts.options[value]}
              </option>
            ))}
          </select>
        );
      })}
    </div>
  );
}
