import { MagnifyingGlassIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { useEffect, useEffectEvent, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { inputClass } from './field';

export interface SearchComboboxTexts {
  /** The visible label of the text box. */
  label: string;
  placeholder: string;
  /** The clear button's accessible name. */
  clear: string;
  /** Shown in the list while the first results load. */
  loading: string;
  /** Shown in the list when nothing matches. */
  noMatches: string;
  /** Read out when results arrive (a live region). */
  results: (count: number) => string;
}

export interface SearchComboboxProps<T> {
  texts: SearchComboboxTexts;
  /** The chosen option's text (shown in the box when it is not being edited), or '' for none. */
  selectedLabel: string;
  /** The options matching the last reported search, best first; undefined while they load. */
  options: readonly T[] | undefined;
  optionKey: (option: T) => string;
  /** The text the box shows once the option is chosen. */
  optionLabel: (option: T) => string;
  /** The option as the list shows it (defaults to its label). */
  renderOption?: (option: T) => ReactNode;
  /** Called with the trimmed text once typing pauses for `delay` ms, and with '' when the list opens. */
  onSearch: (text: string) => void;
  onSelect: (option: T) => void;
  onClear: () => void;
  delay?: number;
}

/**
 * A text box that asks for matching options as one types and offers them in a list below it (the ARIA
 * combobox pattern with a listbox popup): ↓ opens the list and moves down, ↑ moves up, Enter chooses,
 * Escape closes the list and puts back the chosen option's text; the highlighted option is the box's
 * aria-activedescendant, so focus stays in the box. A clear button removes the choice.
 */
export function SearchCombobox<T>({
  texts,
  selectedLabel,
  options,
  optionKey,
  optionLabel,
  renderOption = optionLabel,
  onSearch,
  onSelect,
  onClear,
  delay = 250,
}: SearchComboboxProps<T>) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(selectedLabel);
  const [shownLabel, setShownLabel] = useState(selectedLabel);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const report = useEffectEvent((value: string) => onSearch(value));

  const [listed, setListed] = useState(options);
  if (options !== listed) {
    // New matches: nothing is highlighted, so Enter never picks an option that changed under the key.
    setListed(options);
    setActive(-1);
  }

  if (selectedLabel !== shownLabel) {
    // The choice changed (picked here, cleared, or the address changed): show it.
    setShownLabel(selectedLabel);
    if (!open) setText(selectedLabel);
  }

  const typed = open && text !== selectedLabel ? text.trim() : '';
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => report(typed), typed === '' ? 0 : delay);
    return () => clearTimeout(timer);
  }, [open, typed, delay]);

  const count = options?.length ?? 0;
  const activeIndex = active < count ? active : -1;
  const optionId = (index: number) => `${id}-option-${index}`;

  function close() {
    setOpen(false);
    setActive(-1);
    setText(selectedLabel);
  }

  function choose(option: T) {
    setOpen(false);
    setActive(-1);
    setText(optionLabel(option));
    onSelect(option);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : -1);
        return;
      }
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + count) % count);
    } else if (event.key === 'Enter') {
      if (!open || activeIndex < 0 || !options) return;
      event.preventDefault();
      choose(options[activeIndex]!);
    } else if (event.key === 'Escape') {
      if (!open) return;
      event.preventDefault();
      close();
    }
  }

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="sr-only">
        {texts.label}
      </label>
      <MagnifyingGlassIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        placeholder={texts.placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        className={`${inputClass} pl-9 ${selectedLabel ? 'pr-9' : ''}`}
      />
      {selectedLabel ? (
        <button
          type="button"
          aria-label={texts.clear}
          title={texts.clear}
          onClick={() => {
            setText('');
            onClear();
          }}
          className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus:ring-2 focus:ring-orange-500/30 focus:outline-none"
        >
          <XMarkIcon className="h-4 w-4" aria-hidden="true" />
        </button>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label={texts.label}
        hidden={!open || count === 0}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {options?.map((option, index) => (
          <li
            key={optionKey(option)}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            // Keep the focus in the box, so choosing does not blur it first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            onMouseMove={() => setActive(index)}
            className={`cursor-pointer px-3 py-2 ${index === activeIndex ? 'bg-orange-50 text-orange-900' : 'text-slate-800'}`}
          >
            {renderOption(option)}
          </li>
        ))}
      </ul>
      {open && (options === undefined || count === 0) ? (
        <p className="absolute z-20 mt-1 w-full rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-500 shadow-lg">
          {options === undefined ? texts.loading : texts.noMatches}
        </p>
      ) : null}
      <span className="sr-only" aria-live="polite">
        {open && options !== undefined ? texts.results(count) : ''}
      </span>
    </div>
  );
}
