import { useId, useState } from 'react';
import { buttonStyles, icons, inputClass } from '../../../components';

export interface ListEditorProps {
  items: string[];
  onChange: (items: string[]) => void;
  /** The list rule: returns the new list, or an error to show instead. */
  add: (items: string[], input: string) => { items: string[]; error: string | null };
  inputLabel: string;
  addLabel: string;
  removeLabel: (item: string) => string;
  emptyText: string;
  inputType?: 'text' | 'url';
  placeholder?: string;
  /** 'chips' for short values (tags), 'rows' for long ones (features, URLs). */
  layout?: 'chips' | 'rows';
}

/** Text input + Add button over a removable list; Enter adds without submitting the form. */
export function ListEditor({
  items,
  onChange,
  add,
  inputLabel,
  addLabel,
  removeLabel,
  emptyText,
  inputType = 'text',
  placeholder,
  layout = 'rows',
}: ListEditorProps) {
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  function submit() {
    const result = add(items, input);
    setError(result.error);
    if (result.error) return;
    if (result.items !== items) onChange(result.items);
    setInput('');
  }

  return (
    <div>
      <div className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {inputLabel}
        </label>
        <input
          id={inputId}
          type={inputType}
          value={input}
          placeholder={placeholder ?? inputLabel}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setInput(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
          className={inputClass}
        />
        <button type="button" className={`${buttonStyles.secondary} shrink-0`} onClick={submit}>
          <icons.plus />
          {addLabel}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{emptyText}</p>
      ) : layout === 'chips' ? (
        <ul className="mt-3 flex flex-wrap gap-2">
          {items.map((item, index) => (
            <li
              key={`${item}-${index}`}
              className="inline-flex items-center gap-1 rounded-full bg-orange-50 py-1 pr-1 pl-3 text-sm text-orange-800"
            >
              {item}
              <button
                type="button"
                aria-label={removeLabel(item)}
                className="rounded-full p-0.5 hover:bg-orange-100"
                onClick={() => onChange(items.filter((_, position) => position !== index))}
              >
                <icons.x className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-md border border-slate-200">
          {items.map((item, index) => (
            <li
              key={`${item}-${index}`}
              className="flex items-center justify-between gap-2 px-3 py-2 text-sm"
            >
              <span className="min-w-0 break-all text-slate-800">{item}</span>
              <button
                type="button"
                aria-label={removeLabel(item)}
                className={`${buttonStyles.icon} shrink-0 hover:bg-red-50 hover:text-red-700`}
                onClick={() => onChange(items.filter((_, position) => position !== index))}
              >
                <icons.trash />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
