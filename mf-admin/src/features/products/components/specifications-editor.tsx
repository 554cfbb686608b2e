import { useId, useState } from 'react';
import { buttonStyles, icons, inputClass } from '../../../components';
import { removeSpecification, upsertSpecification, type Specifications } from '../lib/specifications';
import { productTexts } from '../texts';

const t = productTexts.form;

/** Name + value inputs; Add needs both, and the same name overwrites the earlier value. */
export function SpecificationsEditor({
  value,
  onChange,
}: {
  value: Specifications;
  onChange: (specs: Specifications) => void;
}) {
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const id = useId();
  const canAdd = name.trim() !== '' && text.trim() !== '';

  function add() {
    const next = upsertSpecification(value, name, text);
    if (next === value) return;
    onChange(next);
    setName('');
    setText('');
  }

  const onEnter = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  const entries = Object.entries(value);
  return (
    <div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-name`} className="sr-only">
          {t.specName}
        </label>
        <input
          id={`${id}-name`}
          value={name}
          placeholder={t.specName}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={onEnter}
          className={inputClass}
        />
        <label htmlFor={`${id}-value`} className="sr-only">
          {t.specValue}
        </label>
        <input
          id={`${id}-value`}
          value={text}
          placeholder={t.specValue}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onEnter}
          className={inputClass}
        />
        <button
          type="button"
          className={`${buttonStyles.secondary} shrink-0`}
          disabled={!canAdd}
          onClick={add}
        >
          <icons.plus />
          {t.addSpecification}
        </button>
      </div>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t.noSpecifications}</p>
      ) : (
        <dl className="mt-3 divide-y divide-slate-100 rounded-md border border-slate-200">
          {entries.map(([key, entry]) => (
            <div key={key} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <div className="flex min-w-0 flex-wrap gap-x-2">
                <dt className="font-medium text-slate-900">{key}:</dt>
                <dd className="break-all text-slate-700">{entry}</dd>
              </div>
              <button
                type="button"
                aria-label={t.removeSpecification(key)}
                className={`${buttonStyles.icon} shrink-0 hover:bg-red-50 hover:text-red-700`}
                onClick={() => onChange(removeSpecification(value, key))}
              >
                <icons.trash />
              </button>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
