import { useRef, type KeyboardEvent } from 'react';

/**
 * Keyboard movement between the search box and the results: ↓ from the box to the first result, ↑ and ↓
 * between results (↑ from the first goes back to the box), Home and End to the first and last.
 */
export function useResultFocus(count: number) {
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRefs = useRef<Array<HTMLAnchorElement | null>>([]);

  function focusResult(index: number) {
    if (index < 0) {
      inputRef.current?.focus();
      return;
    }
    resultRefs.current[Math.min(index, count - 1)]?.focus();
  }

  function onResultKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const target = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: count - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusResult(target);
  }

  return { inputRef, resultRefs, focusResult, onResultKeyDown };
}
