import { useEffect, useRef, useState } from 'react';

/**
 * A local draft of a value kept elsewhere (the URL): edits show at once and are committed after a
 * pause; when the value changes from outside (back button), the draft follows it.
 */
export function useDraft<T>(value: T, commit: (next: T) => void, delayMs = 350): [T, (next: T) => void] {
  const [draft, setDraft] = useState(value);
  const [synced, setSynced] = useState(value);
  if (!Object.is(value, synced)) {
    setSynced(value);
    setDraft(value);
  }
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  useEffect(() => {
    if (Object.is(draft, value)) return;
    const timer = setTimeout(() => commitRef.current(draft), delayMs);
    return () => clearTimeout(timer);
  }, [draft, value, delayMs]);
  return [draft, setDraft];
}
