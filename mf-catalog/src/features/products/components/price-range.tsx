import { formatPrice } from '@prepper/shared';
import { useId } from 'react';
import { PRICE_MAX, PRICE_MIN } from '../../../lib/products-url-state';
import { listTexts } from '../../../lib/list-texts';

const STEP = 10;

function label(amount: number, isTop: boolean): string {
  return isTop ? `${formatPrice(amount)}+` : formatPrice(amount);
}

/** Two sliders over 0 to 2000; the top of the range means "and above". */
export function PriceRange({
  min,
  max,
  onChange,
}: {
  min: number;
  max: number;
  onChange: (range: { min: number; max: number }) => void;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{listTexts.products.priceRange}</legend>
      <p className="mt-1 text-sm text-slate-600" aria-live="polite">
        {label(min, false)} – {label(max, max >= PRICE_MAX)}
      </p>
      <label htmlFor={`${id}-min`} className="mt-3 block text-xs text-slate-600">
        {listTexts.products.minPrice}
      </label>
      <input
        id={`${id}-min`}
        type="range"
        min={PRICE_MIN}
        max={PRICE_MAX}
        step={STEP}
        value={min}
        aria-valuetext={formatPrice(min)}
        onChange={(event) => {
          const next = Number(event.target.value);
          onChange({ min: Math.min(next, max), max });
        }}
        className="w-full accent-orange-600"
      />
      <label htmlFor={`${id}-max`} className="mt-2 block text-xs text-slate-600">
        {listTexts.products.maxPrice}
      </label>
      <input
        id={`${id}-max`}
        type="range"
        min={PRICE_MIN}
        max={PRICE_MAX}
        step={STEP}
        value={max}
        aria-valuetext={label(max, max >= PRICE_MAX)}
        onChange={(event) => {
          const next = Number(event.target.value);
          onChange({ min, max: Math.max(next, min) });
        }}
        className="w-full accent-orange-600"
      />
    </fieldset>
  );
}
