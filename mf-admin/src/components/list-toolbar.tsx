import { inputClass } from './field';
import type { ListParamsChange } from './list-params';
import { SearchInput } from './search-input';

export interface ListToolbarProps<F extends string> {
  search: string;
  filter: F;
  /** The filter values in the order of their options. */
  filters: readonly F[];
  /** Reports a new search or filter (`change` of useListParams). */
  onChange: (change: ListParamsChange<F>) => void;
  texts: {
    searchLabel: string;
    searchPlaceholder: string;
    filterLabel: string;
    /** The option text of each filter value. */
    filters: Record<F, string>;
  };
}

/** The bar above an admin list: a debounced search box and a filter select. */
export function ListToolbar<F extends string>({
  search,
  filter,
  filters,
  onChange,
  texts,
}: ListToolbarProps<F>) {
  return (
    <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row">
      <div className="flex-1">
        <SearchInput
          value={search}
          onSearch={(value) => onChange({ search: value })}
          placeholder={texts.searchPlaceholder}
          label={texts.searchLabel}
        />
      </div>
      <select
        aria-label={texts.filterLabel}
        value={filter}
        onChange={(event) => onChange({ filter: event.target.value as F })}
        className={`${inputClass} sm:w-48`}
      >
        {filters.map((value) => (
          <option key={value} value={value}>
            {texts.filters[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
