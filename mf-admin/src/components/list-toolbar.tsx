import { inputClass } from './field';
import { SearchInput } from './search-input';

export interface ListToolbarProps<F extends string> {
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  searchPlaceholder: string;
  filter: F;
  /** The filter values in the order of their options. */
  filters: readonly F[];
  /** The option text of each filter value. */
  filterTexts: Record<F, string>;
  filterLabel: string;
  onFilter: (filter: F) => void;
}

/** The bar above an admin list: a debounced search box and a filter select. */
export function ListToolbar<F extends string>({
  search,
  onSearch,
  searchLabel,
  searchPlaceholder,
  filter,
  filters,
  filterTexts,
  filterLabel,
  onFilter,
}: ListToolbarProps<F>) {
  return (
    <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row">
      <div className="flex-1">
        <SearchInput value={search} onSearch={onSearch} placeholder={searchPlaceholder} label={searchLabel} />
      </div>
      <select
        aria-label={filterLabel}
        value={filter}
        onChange={(event) => onFilter(event.target.value as F)}
        className={`${inputClass} sm:w-48`}
      >
        {filters.map((value) => (
          <option key={value} value={value}>
            {filterTexts[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
