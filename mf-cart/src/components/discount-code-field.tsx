import { formatPrice } from '@prepper/shared';
import { useId, useState, type FormEvent } from 'react';
import { texts } from '../texts';

export interface DiscountCodeFieldProps {
  /** The code the shopper entered (null: none). */
  code: string | null;
  /** What the database says of it: the code as the shop wrote it and what it takes off, or why not. */
  applied: { code: string; amount: number } | null;
  problem: string | null;
  checking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
  testIdPrefix: string;
}

/**
 * 'Discount code': a field with Apply, then the code that applies with what it takes off (and Remove),
 * or the database's reason it does not. Not a form of its own (it sits inside the checkout's form):
 * Enter applies the code.
 */
export function DiscountCodeField({
  code,
  applied,
  problem,
  checking,
  onApply,
  onRemove,
  testIdPrefix,
}: DiscountCodeFieldProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const t = texts.discount;

  function apply(event?: FormEvent) {
    event?.preventDefault();
    if (typed.trim()) onApply(typed.trim());
  }

  if (code) {
    return (
      <div className="space-y-1 text-sm" data-testid={`${testIdPrefix}-discount-code`}>
        <div className="flex items-center justify-between gap-2">
          <p className="text-slate-700">
            {t.label}: <span className="font-mono font-semibold text-slate-900">{applied?.code ?? code}</span>
            {applied ? (
              <span className="text-green-700"> ({t.saved(formatPrice(applied.amount))})</span>
            ) : null}
            {checking ? <span className="text-slate-500"> {t.checking}</span> : null}
          </p>
          <button
            type="button"
            className="text-sm font-medium text-orange-700 hover:underline focus-visible:outline-2 focus-visible:outline-orange-600"
            aria-label={t.remove(applied?.code ?? code)}
            onClick={() => {
              setTyped('');
              onRemove();
            }}
          >
            {t.removeShort}
          </button>
        </div>
        {problem ? (
          <p
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-red-800"
            data-testid={`${testIdPrefix}-discount-problem`}
          >
            {problem}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="text-sm">
      <label htmlFor={id} className="mb-1 block font-medium text-slate-700">
        {t.label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') apply(event);
          }}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 uppercase placeholder:normal-case focus:border-orange-500 focus:ring-2 focus:ring-orange-500/30 focus:outline-none"
        />
        <button
          type="button"
          onClick={() => apply()}
          disabled={!typed.trim()}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-orange-600 disabled:opacity-50"
        >
          {t.apply}
        </button>
      </div>
    </div>
  );
}
