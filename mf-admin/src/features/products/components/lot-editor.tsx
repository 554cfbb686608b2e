import { useEffect, useRef } from 'react';
import { buttonStyles, icons, InputField } from '../../../components';
import { newLotDraft, type LotDraft, type LotErrors, type LotField } from '../lib/lots';
import { productTexts } from '../texts';

const t = productTexts.lots;

export interface LotEditorProps {
  lots: LotDraft[];
  errors: LotErrors;
  today: string;
  onChange: (lots: LotDraft[], changed?: { key: string; field: LotField }) => void;
}

/** The Inventory section's lots: one row per lot (code, quantity, best before, received), add and remove. */
export function LotEditor({ lots, errors, today, onChange }: LotEditorProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // Keyboard users land on what they asked for: a new lot's code, or Add Lot after a removal.
  const focusTarget = useRef<string | null>(null);
  useEffect(() => {
    const target = focusTarget.current;
    if (target === null) return;
    focusTarget.current = null;
    if (target === 'add') addRef.current?.focus();
    else listRef.current?.querySelector<HTMLInputElement>(`[data-lot-key="${target}"] input`)?.focus();
  });

  function update(key: string, field: LotField, value: string) {
    onChange(
      lots.map((lot) => (lot.key === key ? { ...lot, [field]: value } : lot)),
      { key, field },
    );
  }

  return (
    <div>
      <h3 className="text-sm font-medium text-slate-700">{t.title}</h3>
      <p className="mt-1 text-xs text-slate-500">{t.intro}</p>
      {lots.length === 0 ? <p className="mt-3 text-sm text-slate-500">{t.none}</p> : null}
      <ol ref={listRef} className="mt-3 space-y-3">
        {lots.map((lot, index) => {
          const lotErrors = errors[lot.key] ?? {};
          return (
            <li key={lot.key} data-lot-key={lot.key} className="rounded-md border border-slate-200 p-3">
              <fieldset>
                <legend className="sr-only">{t.lot(index + 1)}</legend>
                <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,0.8fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-start">
                  <InputField
                    label={t.code}
                    required
                    fieldClassName="col-span-2 lg:col-span-1"
                    maxLength={64}
                    value={lot.lot_code}
                    error={lotErrors.lot_code}
                    onChange={(event) => update(lot.key, 'lot_code', event.target.value)}
                  />
                  <InputField
                    label={t.quantity}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    value={lot.quantity}
                    error={lotErrors.quantity}
                    onChange={(event) => update(lot.key, 'quantity', event.target.value)}
                  />
                  <InputField
                    label={t.bestBefore}
                    type="date"
                    value={lot.best_before}
                    error={lotErrors.best_before}
                    hint={index === 0 ? t.bestBeforeHint : undefined}
                    onChange={(event) => update(lot.key, 'best_before', event.target.value)}
                  />
                  <InputField
                    label={t.received}
                    type="date"
                    max={today}
                    value={lot.received_on}
                    error={lotErrors.received_on}
                    onChange={(event) => update(lot.key, 'received_on', event.target.value)}
                  />
                  <div className="flex items-end justify-end lg:pt-6">
                    <button
                      type="button"
                      aria-label={t.remove(lot.lot_code.trim(), index + 1)}
                      className={`${buttonStyles.icon} hover:bg-red-50 hover:text-red-700`}
                      onClick={() => {
                        onChange(lots.filter((other) => other.key !== lot.key));
                        focusTarget.current = 'add';
                      }}
                    >
                      <icons.trash />
                    </button>
                  </div>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        ref={addRef}
        type="button"
        className={`${buttonStyles.secondary} mt-3`}
        onClick={() => {
          const lot = newLotDraft(today);
          onChange([...lots, lot]);
          focusTarget.current = lot.key;
        }}
      >
        <icons.plus />
        {t.add}
      </button>
    </div>
  );
}
