import { MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import { CloseButton } from '@prepper/shared/ui';
import type { KeyboardEvent, RefObject } from 'react';
import { texts } from '../../../texts';
import { focusRing } from './focus-ring';

export interface SearchBoxProps {
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  onQueryChange: (query: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** The id of the keyboard hint the box is described by. */
  hintId: string;
  onClose: () => void;
}

/** The overlay's top row: the search box, Clear (when there is text) and the close button. */
export function SearchBox({ inputRef, query, onQueryChange, onKeyDown, hintId, onClose }: SearchBoxProps) {
  return (
    <div className="flex items-center gap-2 border-b border-slate-200 p-3 sm:p-4">
      <MagnifyingGlassIcon className="ml-1 h-5 w-5 shrink-0 text-slate-400" />
      <input
        ref={inputRef}
        type="search"
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={texts.placeholder}
        aria-label={texts.inputLabel}
        aria-describedby={hintId}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        className="min-w-0 flex-1 rounded-md bg-transparent px-2 py-2 text-base text-slate-900 outline-none placeholder:text-slate-400 focus-visible:ring-2 focus-visible:ring-orange-500 [&::-webkit-search-cancel-button]:hidden"
      />
      {query ? (
        <button
          type="button"
          onClick={() => {
            onQueryChange('');
            inputRef.current?.focus();
          }}
          aria-label={texts.clear}
          className={`rounded-md px-2 py-1 text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-900 ${focusRing}`}
        >
          {texts.clearShort}
        </button>
      ) : null}
      <CloseButton label={texts.close} onClick={onClose} />
    </div>
  );
}
