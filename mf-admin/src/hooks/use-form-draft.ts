import { useEffect, useRef, useState } from 'react';

/**
 * What an admin create/edit page edits: its values, the values as last rendered (for an upload that
 * finishes after the admin went on editing), and a new record's id, chosen now so the images uploaded
 * before the first save are filed under it.
 */
export function useFormDraft<T>(empty: () => T) {
  const [values, setValues] = useState<T>(empty);
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  }, [values]);
  const [newId] = useState(() => crypto.randomUUID());
  return { values, setValues, latest, newId };
}
