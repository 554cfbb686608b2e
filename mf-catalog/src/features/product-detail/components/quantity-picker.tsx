import { useId } from 'react';
import { clampQuantity, maxQuantity } from '../../../lib/quantity';
import { productTexts } from '../texts';

/**
 * Minus, a number field and plus. The buttons keep the quantity between 1 and the stock; the field
 * accepts typing (an emptied or zero field is reported on Add to Cart) and snaps into range on blur.
 */
export function QuantityPicker({
  value,
  stockCount,
  disabled,
  onChange,
}: {
  /** The typed text, so an emptied field can be told apart from a number. */
  value: string;
  stockCount: number;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const numeric = Number(value);
  const max = maxQuantity(stockCount);
  const buttonClass =
    'flex h-11 w-11 items-center justify-center text-lg font-semibold text-slate-700 transition hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {productTexts.quantity}
      </label>
      <div className="mt-2 inline-flex items-center rounded-lg border border-slate-300 bg-white">
        <button
          type="button"
          aria-label={productTexts.decrease}
          className={buttonClass}
          disabled={disabled || !(numeric > 1)}
          onClick={() => onChange(String(clampQuantity(numeric - 1, stockCount)))}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => {
            if (value.trim() !== '' && Number.isFinite(numeric) && numeric >= 1) {
              onChange(String(clampQuantity(numeric, stockCount)));
            }
          }}
          className="h-11 w-16 border-x border-slate-300 text-center [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          aria-label={productTexts.increase}
          className={buttonClass}
          disabled={disabled || numeric >= max}
          onClick={() =>
            onChange(String(clampQuantity(Number.isFinite(numeric) ? numeric + 1 : 1, stockCount)))
          }
        >
          +
        </button>
      </div>
    </div>
  );
}
