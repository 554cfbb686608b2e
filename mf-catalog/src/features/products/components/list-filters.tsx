import { useId } from 'react';
import { RATING_OPTIONS, STOCK_OPTIONS, type StockFilter } from '../../../lib/products-url-state';
import type { Facets } from '../api/get-products-page';
import { listTexts } from '../../../lib/list-texts';

interface Option<T> {
  value: T | null;
  label: string;
  count?: number;
}

/** One filter as radio buttons: 'Any' and each option with its count (while the counts are loading, none). */
export function RadioFilter<T extends string | number>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: Option<T>[];
  value: T | null;
  onChange: (value: T | null) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      {options.map((option) => (
        <label key={String(option.value)} className="mt-2 flex items-center gap-2 text-sm text-slate-700">
          <input
            type="radio"
            name={name}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            className="accent-orange-600"
          />
          {option.label}
          {/* The space keeps the accessible name "In stock (12)"; flex layout drops it on screen. */}
          {option.count !== undefined && ' '}
          {option.count !== undefined && <span className="text-slate-500">({option.count})</span>}
        </label>
      ))}
    </fieldset>
  );
}

/** The availability and lowest-rating filters, each option with its count for the list's other filters. */
export function ListFilters({
  stock,
  rating,
  facets,
  onChange,
}: {
  stock: StockFilter | null;
  rating: number | null;
  facets: Facets | null;
  onChange: (patch: { stock?: StockFilter | null; rating?: number | null }) => void;
}) {
  return (
    <>
      <RadioFilter
        legend={listTexts.filters.availability}
        value={stock}
        onChange={(next) => onChange({ stock: next })}
        options={[
          { value: null, label: listTexts.filters.any },
          ...STOCK_OPTIONS.map((option) => ({
            value: option,
            label: listTexts.filters.stock[option],
            count: facets?.stock[option],
          })),
        ]}
      />
      <RadioFilter
        legend={listTexts.filters.rating}
        value={rating}
        onChange={(next) => onChange({ rating: next })}
        options={[
          { value: null, label: listTexts.filters.any },
          ...RATING_OPTIONS.map((stars) => ({
            value: stars,
            label: listTexts.filters.ratingAtLeast(stars),
            count: facets?.rating[stars],
          })),
        ]}
      />
    </>
  );
}
