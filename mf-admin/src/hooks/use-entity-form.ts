import { isUuid, toast } from '@prepper/shared';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

export interface EntityFormOptions<T> {
  /** The id from the address when editing; undefined when creating. */
  id: string | undefined;
  /** What is edited, for the console message about an id that is not a UUID (e.g. 'category'). */
  kind: string;
  /** Loads the record being edited. */
  fetch: (id: string) => Promise<T>;
  /** Fills the form from the loaded record. */
  onLoaded: (record: T) => void;
  /** Checks the form (and shows its errors); returns the summary to announce, or null when it is valid. */
  validate: () => string | null;
  /** Saves the form. */
  save: () => Promise<unknown>;
  /** Where the list is: after a save, and after a failed load (replacing the edit page). */
  listPath: string;
  toasts: {
    loadFailed: string;
    created: string;
    updated: string;
    createFailed: string;
    updateFailed: string;
  };
}

/**
 * The load, not-found and save handling of an admin create/edit page: loads the record when editing
 * (a failed load or a bad id toasts and goes back to the list), and on submit validates, focuses the
 * first invalid control, saves, toasts and returns to the list.
 */
export function useEntityForm<T>({
  id,
  kind,
  fetch,
  onLoaded,
  validate,
  save,
  listPath,
  toasts,
}: EntityFormOptions<T>) {
  const editing = Boolean(id);
  const navigate = useNavigate();
  const [loading, setLoading] = useState(editing);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const start = useEffectEvent((id: string) =>
    isUuid(id) ? fetch(id) : Promise.reject(new Error(`Not a ${kind} id`)),
  );
  const loaded = useEffectEvent((record: T) => {
    onLoaded(record);
    setLoading(false);
  });
  const failed = useEffectEvent(() => {
    toast.error(toasts.loadFailed);
    navigate(listPath, { replace: true });
  });

  useEffect(() => {
    if (!id) return;
    let active = true;
    start(id)
      .then((record) => {
        if (!active) return;
        loaded(record);
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!active) return;
        failed();
      });
    return () => {
      active = false;
    };
  }, [id]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const summary = validate();
    if (summary) {
      toast.error(summary);
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setSaving(true);
    try {
      await save();
      toast.success(editing ? toasts.updated : toasts.created);
      navigate(listPath);
    } catch (error) {
      console.error(error);
      toast.error(editing ? toasts.updateFailed : toasts.createFailed);
      setSaving(false);
    }
  }

  return { loading, saving, formRef, submit };
}
