import { MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import { useEffect, useEffectEvent, useState } from 'react';
import { inputClass } from './field';

export interface SearchInputProps {
  /** The applied search (e.g. from the URL). */
  value: string;
  /** Called with the trimmed text once typing pauses for `delay` ms (with 0, on every keystroke). */
  onSearch: (value: string) => void;
  placeholder: string;
  label: string;
  delay?: number;
}

/** A search box that reports its text after a pause (debounced) and follows outside changes of `value`. */
export function SearchInput({ value, onSearch, placeholder, label, delay = 300 }: SearchInputProps) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  const report = useEffectEvent((text: string) => onSearch(text));

  if (value !== applied) {
    // The applied search changed from outside (back button, link): show it.
    setApplied(value);
    // Keep what is being typed (e.g. a trailing space) when it already means this search.
    if (text.trim() !== value) setText(value);
  }

  useEffect(() => {
    const trimmed = text.trim();
    if (delay === 0 || trimmed === applied) return;
    const timer = setTimeout(() => report(trimmed), delay);
    return () => clearTimeout(timer);
  }, [text, applied, delay]);

  return (
    <div className="relative">
      <MagnifyingGlassIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (delay === 0) onSearch(event.target.value.trim());
        }}
        className={`${inputClass} pl-9`}
      />
    </div>
  );
}
